import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type Database, openDatabase } from '../db/database.ts';
import { crearCopiaFisica, restaurarCopiaFisica } from './copiaFisica.ts';
import { pasarPgliteAPostgres } from './pasoAPostgres.ts';
import { sumaDeFichero, sumaDeFicheroSync, sumaEnCurso } from './suma.ts';

/**
 * Backups. A copy is one file `faro-AAAAMMDD-HHMMSS.<pglite.tar.gz|pgdata.tar.gz|pgdump>` and its
 * checksum beside it (`<file>.sha256`, the sha256sum format, so `sha256sum -c` checks it too).
 *
 * - Embedded PGlite: `dumpDataDir` of the open database, gzip-compressed. PGlite runs one statement at a time, so
 *   the copy is taken between statements: every committed transaction is in it, an open one is rolled back by the
 *   recovery when the copy is restored (a crash-consistent image, exactly what a power cut would leave).
 * - Embedded PostgreSQL (the data folder's own server, ADR 0003): a physical copy of its data directory between
 *   pg_backup_start and pg_backup_stop plus the WAL up to the stop LSN (copiaFisica.ts; the npm binaries ship no
 *   pg_dump). Consistent as of the end of the copy; restored into an empty data folder with recovery.
 * - PostgreSQL: `pg_dump --format=custom` (compressed, one snapshot: consistent while the server keeps working).
 */
export interface Copia {
  fichero: string;
  bytes: number;
  sha256: string;
  ms: number;
}

/** Where copies go: FARO_COPIAS_DIR, or `copias/` beside the data folder (a lost data folder keeps its copies). */
export function carpetaCopias(dataDir: string): string {
  return path.resolve(process.env.FARO_COPIAS_DIR ?? path.join(path.dirname(dataDir), 'copias'));
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function crearCopia(database: Database, carpeta: string, ahora = new Date()): Promise<Copia> {
  const t0 = performance.now();
  mkdirSync(carpeta, { recursive: true });
  const tipo = database.embedded ? 'pgdata.tar.gz' : database.pglite ? 'pglite.tar.gz' : 'pgdump';
  const fichero = path.join(carpeta, `faro-${stamp(ahora)}.${tipo}`);
  let sha256: string;
  try {
    sha256 = await escribirCopia(database, `${fichero}.parcial`);
  } catch (error) {
    // A copy that failed half-way (the postmaster restarting, a full disk) leaves no `.parcial` behind.
    rmSync(`${fichero}.parcial`, { force: true });
    throw error;
  }
  // Written under a temporary name and renamed once whole: a copy interrupted half-way never looks like a copy.
  renameSync(`${fichero}.parcial`, fichero);
  writeFileSync(`${fichero}.sha256`, `${sha256}  ${path.basename(fichero)}\n`);
  return { fichero, bytes: statSync(fichero).size, sha256, ms: performance.now() - t0 };
}

/** Writes the copy to `parcial` as a stream; returns its sha256 (taken from the bytes as written, never a re-read). */
async function escribirCopia(database: Database, parcial: string): Promise<string> {
  if (database.embedded) return crearCopiaFisica(database.embedded, parcial);
  if (database.pglite) {
    // PGlite's dump is one Blob (its whole file system lives in memory anyway); gzip and the file are streamed.
    const dump = await database.pglite.dumpDataDir('none');
    const suma = sumaEnCurso();
    await pipeline(
      Readable.fromWeb(dump.stream() as never),
      createGzip({ level: 6 }),
      suma.paso,
      createWriteStream(parcial),
    );
    return suma.hex();
  }
  if (!database.url) throw new Error('Falta la dirección de PostgreSQL para la copia');
  await ejecutar('pg_dump', ['--format=custom', '--no-owner', `--file=${parcial}`, database.url]);
  return sumaDeFichero(parcial);
}

/** The file's checksum against its `.sha256`; a Spanish error when it does not match or is missing. */
export function verificarCopia(fichero: string): void {
  if (sumaDeFicheroSync(fichero) !== sumaEsperada(fichero)) {
    throw new Error(`La copia ${path.basename(fichero)} está dañada: su suma de control no coincide`);
  }
}

/** The checksum the copy's `.sha256` holds; a Spanish error when the copy or its checksum is missing. */
function sumaEsperada(fichero: string): string {
  if (!existsSync(fichero)) throw new Error(`No existe la copia ${fichero}`);
  const suma = `${fichero}.sha256`;
  if (!existsSync(suma)) throw new Error(`Falta la suma de control ${suma}: no se puede comprobar la copia`);
  return readFileSync(suma, 'utf8').trim().split(/\s+/)[0] ?? '';
}

/**
 * Brings a copy back: a PGlite or embedded-PostgreSQL copy into an EMPTY data folder, a pg_dump copy into an EMPTY
 * PostgreSQL database. A PGlite copy restored with FARO_MOTOR=postgres becomes an embedded-PostgreSQL folder (how an
 * existing PGlite installation moves to the durable engine). Refuses a damaged copy or a folder with data (never
 * overwrites a live installation).
 */
export async function restaurarCopia(
  fichero: string,
  destino: { dataDir: string } | { databaseUrl: string },
  say: (m: string) => void = () => {},
): Promise<{ ms: number }> {
  const t0 = performance.now();
  const esperada = sumaEsperada(fichero);
  const esPglite = fichero.endsWith('.pglite.tar.gz');
  const esFisica = fichero.endsWith('.pgdata.tar.gz');
  // A physical copy is checked while it streams into the folder, before PostgreSQL starts on it (copiaFisica.ts);
  // the others first, as a stream (a pg_dump copy goes to pg_restore as it is).
  if (!esFisica && (await sumaDeFichero(fichero)) !== esperada) {
    throw new Error(`La copia ${path.basename(fichero)} está dañada: su suma de control no coincide`);
  }
  if ('dataDir' in destino) {
    if (!esPglite && !esFisica) throw new Error('Esta copia es de PostgreSQL: restáurala con DATABASE_URL');
    if (existsSync(destino.dataDir) && readdirSync(destino.dataDir).length > 0) {
      throw new Error(`La carpeta ${destino.dataDir} no está vacía: restaura en una carpeta nueva`);
    }
    if (esFisica && process.env.FARO_MOTOR === 'pglite') {
      throw new Error('Esta copia es de PostgreSQL integrado: no se puede restaurar con FARO_MOTOR=pglite');
    }
  } else if (esPglite || esFisica) {
    throw new Error('Esta copia es de la base integrada: restáurala en una carpeta de datos');
  }
  if (esFisica && 'dataDir' in destino) {
    mkdirSync(destino.dataDir, { recursive: true });
    await restaurarCopiaFisica(fichero, destino.dataDir, say, esperada);
    return { ms: performance.now() - t0 };
  }
  if ('dataDir' in destino) {
    mkdirSync(destino.dataDir, { recursive: true });
    // PGlite loads its data directory from one Blob (it holds it all in memory once open anyway): gunzip streamed.
    const trozos: Buffer[] = [];
    await pipeline(createReadStream(fichero), createGunzip(), async (fuente: AsyncIterable<Buffer>) => {
      for await (const trozo of fuente) trozos.push(trozo);
    });
    const tar = new Blob(trozos as Uint8Array<ArrayBuffer>[]);
    trozos.length = 0;
    if (process.env.FARO_MOTOR === 'postgres') {
      const origen = await openDatabase({ memory: true, loadDataDir: tar });
      try {
        const r = await pasarPgliteAPostgres(origen, destino.dataDir, say);
        say(`Copia de PGlite pasada a PostgreSQL: ${r.tablas} tablas, ${r.filas} filas`);
      } finally {
        await origen.close();
      }
      return { ms: performance.now() - t0 };
    }
    // Loaded here: importing PGlite costs every start ~70 ms, and main.ts imports this file.
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const client = await PGlite.create({
      dataDir: destino.dataDir,
      loadDataDir: tar,
      extensions: { pg_trgm },
    });
    await client.query('select 1');
    await client.close();
  } else {
    await ejecutar('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${destino.databaseUrl}`, fichero]);
  }
  return { ms: performance.now() - t0 };
}

/** Keeps the newest `conservar` copies of the folder and removes the rest (with their checksums). */
export function podarCopias(carpeta: string, conservar: number): string[] {
  if (!existsSync(carpeta)) return [];
  const copias = readdirSync(carpeta)
    .filter((f) => /^faro-\d{8}-\d{6}\.(pglite\.tar\.gz|pgdata\.tar\.gz|pgdump)$/.test(f))
    .sort()
    .reverse();
  const sobran = copias.slice(Math.max(conservar, 1));
  for (const f of sobran) {
    rmSync(path.join(carpeta, f), { force: true });
    rmSync(path.join(carpeta, `${f}.sha256`), { force: true });
  }
  return sobran;
}

function ejecutar(orden: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(orden, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-2000);
    });
    child.on('error', (e) =>
      reject(new Error(`No se pudo ejecutar ${orden} (${e.message}): instala el cliente de PostgreSQL`)),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${orden} terminó con error: ${err}`))));
  });
}
