/**
 * Copies of the embedded PostgreSQL (ADR 0003, `.pgdata.tar.gz`). The npm binaries ship no pg_dump (and the
 * machine's older pg_dump refuses a PostgreSQL 18 server), so the copy is physical, the way pg_basebackup takes it:
 *
 * 1. a temporary replication slot keeps every WAL segment from now on (a checkpoint cannot recycle them mid-copy);
 * 2. `pg_backup_start` (fast checkpoint; full-page writes are forced while the backup runs, so a page read half
 *    written is repaired by the replay);
 * 3. every file of the data directory goes into the tar while the server keeps working (minus what PostgreSQL's
 *    own base backup leaves out: postmaster.pid, pg_wal, temporary and runtime folders);
 * 4. `pg_backup_stop` returns the stop LSN and the `backup_label`, which goes into the tar;
 * 5. the WAL segments from the start LSN to the stop LSN go in last.
 *
 * Restoring untars into an EMPTY data folder and starts the server once: finding backup_label, PostgreSQL replays the
 * WAL up to the stop LSN (it refuses to open if that WAL is missing) and the folder is consistent as of that moment,
 * every transaction committed before the copy started included.
 */
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import type { EmbeddedServer } from '../db/embeddedPostgres.ts';
import { EMBEDDED_LAYOUT, startEmbeddedPostgres, writeMarker } from '../db/embeddedPostgres.ts';
import { type RunAs, unprivilegedUser } from '../db/postgresProcess.ts';
import { sumaDeFichero, sumaEnCurso } from './suma.ts';
import { readTarStream, TarWriter } from './tar.ts';

/** Top-level entries of the data directory that a base backup leaves out (contents) or skips (files). */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles',
]);

/**
 * Writes the copy to `fichero` as a stream (every data file read in chunks, gzip on the way, the sha256 of the
 * compressed bytes taken as they are written): memory stays bounded whatever the size of the data. Returns the sha256.
 */
export async function crearCopiaFisica(server: EmbeddedServer, fichero: string): Promise<string> {
  const client = new pg.Client({ connectionString: server.url });
  client.on('error', () => {});
  await client.connect();
  const gzip = createGzip({ level: 6 });
  const suma = sumaEnCurso();
  const written = pipeline(gzip, suma.paso, createWriteStream(fichero));
  const tar = new TarWriter(gzip);
  let started = false;
  try {
    const slot = `faro_copia_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const { rows: inicio } = await client.query<{ lsn: string }>(`select pg_backup_start('faro', true) as lsn`);
    started = true;
    const primerWal = await walDe(client, inicio[0]!.lsn);

    const settings = path.join(server.dataDir, EMBEDDED_LAYOUT.SETTINGS_FILE);
    await tar.file(EMBEDDED_LAYOUT.SETTINGS_FILE, readFileSync(settings));
    await tar.dir(EMBEDDED_LAYOUT.PGDATA);
    await copiarCarpeta(tar, server.pgdata, EMBEDDED_LAYOUT.PGDATA, true);

    const { rows: fin } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    started = false;
    const { lsn, labelfile, spcmapfile } = fin[0]!;
    await tar.file(`${EMBEDDED_LAYOUT.PGDATA}/backup_label`, Buffer.from(labelfile));
    if (spcmapfile) await tar.file(`${EMBEDDED_LAYOUT.PGDATA}/tablespace_map`, Buffer.from(spcmapfile));
    const ultimoWal = await walDe(client, lsn);
    const walDir = path.join(server.pgdata, 'pg_wal');
    const segmentos = readdirSync(walDir)
      .filter((f) => /^[0-9A-F]{24}$/.test(f) && f.slice(0, 8) === primerWal.slice(0, 8))
      .filter((f) => f >= primerWal && f <= ultimoWal)
      .sort();
    if (!segmentos.includes(primerWal) || !segmentos.includes(ultimoWal)) {
      throw new Error('Faltan segmentos WAL de la copia: vuelve a intentarlo');
    }
    for (const f of segmentos) {
      const ruta = path.join(walDir, f);
      const copiado = await tar.fileFromDisk(`${EMBEDDED_LAYOUT.PGDATA}/pg_wal/${f}`, ruta, statSync(ruta).size);
      if (!copiado) throw new Error('Faltan segmentos WAL de la copia: vuelve a intentarlo');
    }
    await tar.end();
    await written;
    return suma.hex();
  } catch (error) {
    if (started) await client.query('select pg_backup_stop(false)').catch(() => {});
    gzip.destroy();
    await written.catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {}); // ends the session: the temporary slot goes with it
  }
}

async function walDe(client: pg.Client, lsn: string): Promise<string> {
  const { rows } = await client.query<{ f: string }>('select pg_walfile_name($1::pg_lsn) as f', [lsn]);
  return rows[0]!.f;
}

async function copiarCarpeta(tar: TarWriter, dir: string, nombre: string, raiz: boolean): Promise<void> {
  let entradas: string[];
  try {
    entradas = readdirSync(dir).sort();
  } catch {
    return; // removed while copying (a dropped database): the WAL replay removes it too
  }
  for (const e of entradas) {
    const ruta = path.join(dir, e);
    const destino = `${nombre}/${e}`;
    if (e.startsWith('pgsql_tmp') || e.startsWith('.s.PGSQL.') || e === 'pg_internal.init') continue;
    if (raiz && SKIP_FILES.has(e)) continue;
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(ruta);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      await tar.dir(destino);
      if (!(raiz && EMPTY_DIRS.has(e))) await copiarCarpeta(tar, ruta, destino, false);
    } else if (st.isFile()) {
      // Read in chunks, `st.size` bytes (a file removed meanwhile is left out: the WAL replay removes it too).
      await tar.fileFromDisk(destino, ruta, st.size, 0o600, st.mtimeMs);
    }
  }
}

/**
 * Untars a `.pgdata.tar.gz` copy into an empty data folder (owned by the user PostgreSQL runs as) and starts the
 * server once, so that the recovery replays the copy's WAL now, then stops it. The copy is read as a stream (file →
 * sha256 → gunzip → tar → each file written in chunks): memory stays bounded whatever its size. Its checksum is
 * checked on the way, before PostgreSQL starts: a copy that does not match `esperada` leaves the folder empty again.
 */
export async function restaurarCopiaFisica(
  fichero: string,
  dataDir: string,
  say: (m: string) => void,
  esperada?: string,
): Promise<void> {
  const runAs = unprivilegedUser();
  mkdirSync(dataDir, { recursive: true });
  const suma = sumaEnCurso();
  let vistos = 0;
  const raiz = path.resolve(dataDir) + path.sep;
  const danada = () => new Error(`La copia ${path.basename(fichero)} está dañada: su suma de control no coincide`);
  try {
    await pipeline(createReadStream(fichero), suma.paso, createGunzip(), async (fuente: AsyncIterable<Buffer>) => {
      for await (const entrada of readTarStream(fuente)) {
        const destino = path.resolve(dataDir, entrada.name);
        if (!destino.startsWith(raiz)) throw new Error(`Entrada fuera de la carpeta: ${entrada.name}`);
        const dePostgres =
          entrada.name === EMBEDDED_LAYOUT.PGDATA || entrada.name.startsWith(`${EMBEDDED_LAYOUT.PGDATA}/`);
        if (entrada.type === 'dir') {
          mkdirSync(destino, { recursive: true, mode: 0o700 });
          chmodSync(destino, 0o700);
        } else {
          const salida = await open(destino, 'w', 0o600);
          try {
            for await (const trozo of entrada.data) await salida.write(trozo);
          } finally {
            await salida.close();
          }
        }
        if (dePostgres) propietario(destino, runAs);
        vistos++;
      }
    });
  } catch (error) {
    // A damaged copy usually breaks gunzip or the tar first: say "dañada" when the checksum says so.
    vaciar(dataDir);
    if (esperada && (await sumaDeFichero(fichero)) !== esperada) throw danada();
    throw error;
  }
  if (esperada && suma.hex() !== esperada) {
    vaciar(dataDir);
    throw danada();
  }
  if (!existsSync(path.join(dataDir, EMBEDDED_LAYOUT.PGDATA, 'backup_label')) || vistos === 0) {
    throw new Error('La copia está incompleta: le falta backup_label');
  }
  writeMarker(dataDir, 'postgres');
  const server = await startEmbeddedPostgres(dataDir, say, { vigilar: false });
  await server.stop();
}

/** Empties a folder that was empty before the restore (a half-restored folder would look like an installation). */
function vaciar(dataDir: string): void {
  for (const f of readdirSync(dataDir)) rmSync(path.join(dataDir, f), { recursive: true, force: true });
}

function propietario(file: string, runAs: RunAs): void {
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(file, runAs.uid, runAs.gid);
}
