/**
 * Several server processes on one PostgreSQL (`FARO_PROCESOS=N`). The first process becomes a supervisor
 * (node:cluster): it migrates, keeps the token secret and seeds the demo once, then starts N workers that share
 * the port (the cluster hands out connections round-robin) and restarts one that dies. Every state that matters
 * lives in the database: sessions, sign-in throttles and locks (`limites_acceso`, `personas`), idempotency keys,
 * suspensions (read with each request's context), job runs (advisory lock + `trabajos.proxima_ejecucion`),
 * VeriFactu sending (a lease per company).
 *
 * Without DATABASE_URL, on the data folder's own PostgreSQL (ADR 0003), the supervisor opens the folder once (starts
 * its postmaster, or adopts one left running), hands the workers its loopback URL as their DATABASE_URL, keeps the
 * postmaster (and the folder lock, the daily copy and `npm run backup`'s SIGUSR2) while workers come and go, and
 * stops it (`pg_ctl stop -m fast`) after the last worker has ended. PGlite is one process: N > 1 is refused there.
 */
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { seedDemoOnce } from '../../seed/seedDemo.ts';
import { carpetaCopias } from '../backup/copias.ts';
import { programarCopias } from '../backup/programa.ts';
import { type Database, migrateDatabase, openDatabase } from '../db/database.ts';
import { chooseMotor, postgresUnavailable, readMarker } from '../db/embeddedPostgres.ts';
import { tokenSecret } from '../db/settings.ts';

const MAX_PROCESOS = 64;
/** Restarts allowed within a minute before the supervisor gives up (a worker that cannot start at all). */
const MAX_REINICIOS = 5;

/** FARO_PROCESOS: empty → 1; a whole number 1–64; anything else is refused in Spanish. */
export function numeroProcesos(valor: string | undefined): number {
  const v = valor?.trim();
  if (!v) return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROCESOS) {
    throw new Error(`FARO_PROCESOS debe ser un número entero entre 1 y ${MAX_PROCESOS} (se ha recibido «${v}»)`);
  }
  return n;
}

/** The start of every refusal of FARO_PROCESOS > 1 without PostgreSQL. */
export const SIN_POSTGRES = 'FARO_PROCESOS mayor que 1 necesita PostgreSQL';

/** Why N > 1 cannot run on this PGlite folder, and how to move it to the embedded PostgreSQL (Spanish). */
export function sinPostgresEn(dataDir: string, n: number): string {
  const tienePglite = readMarker(dataDir) === 'pglite' || existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!tienePglite) {
    const motivo =
      process.env.FARO_MOTOR?.trim().toLowerCase() === 'pglite' ? 'FARO_MOTOR=pglite' : postgresUnavailable(dataDir);
    return `${SIN_POSTGRES} y la carpeta de datos nueva ${dataDir} sería de PGlite (${motivo}), que sólo admite un proceso. Indica DATABASE_URL, o quita FARO_PROCESOS.`;
  }
  const copias = carpetaCopias(dataDir);
  const relativa = path.relative(process.cwd(), copias);
  const copia = path.join(relativa.startsWith('..') ? copias : relativa || '.', 'faro-….pglite.tar.gz');
  const nueva = `${dataDir.replace(/[/\\]+$/, '')}-pg`;
  return (
    `${SIN_POSTGRES}: la carpeta de datos ${dataDir} es de PGlite, que sólo admite un proceso. Pásala al PostgreSQL ` +
    `integrado con Faro detenido: npm run backup, luego FARO_MOTOR=postgres DATA_DIR=${nueva} npm run restore -- ` +
    `${copia} y arranca con DATA_DIR=${nueva} FARO_PROCESOS=${n} npm start (README, docs/adr/0003-durable-embedded-database.md). ` +
    'O indica DATABASE_URL, o quita FARO_PROCESOS.'
  );
}

/**
 * Called first by main.ts. Returns false in a single-process start or inside a worker (main.ts goes on as usual);
 * in the supervisor it prepares the database, starts the workers and never returns (it exits with them).
 */
export async function supervisarProcesos(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (cluster.isWorker) return false;
  let n: number;
  try {
    n = numeroProcesos(env.FARO_PROCESOS);
  } catch (error) {
    console.error(`No se pudo arrancar Faro: ${(error as Error).message}`);
    process.exit(1);
  }
  if (n === 1) return false;
  let database: Database | undefined;
  try {
    if (config.databaseUrl) {
      database = await openDatabase({ databaseUrl: config.databaseUrl });
    } else {
      // The folder's engine, as the single-process start would choose it (a new folder: PostgreSQL when it can run).
      if (chooseMotor(config.dataDir, 'auto', () => {}) !== 'postgres') {
        console.error(`No se pudo arrancar Faro: ${sinPostgresEn(config.dataDir, n)}`);
        process.exit(1);
      }
      database = await openDatabase({ dataDir: config.dataDir, newFolder: 'auto' });
    }
    // Once, before any worker: migrations, the token secret and the demo seed must not race each other.
    await migrateDatabase(database);
    await tokenSecret(database.db, config.tokenSecret);
    if (config.seedDemo) await seedDemoOnce(database.db);
  } catch (error) {
    console.error(`No se pudo preparar la base de datos: ${error instanceof Error ? error.message : error}`);
    await database?.close().catch(() => {});
    process.exit(1);
  }
  const compartida = database;
  let workerEnv: NodeJS.ProcessEnv = {};
  let copias: { detener(): void } | undefined;
  if (compartida.embedded && compartida.url) {
    // The workers connect to the folder's postmaster as to any DATABASE_URL (loopback, the folder's password).
    workerEnv = { DATABASE_URL: compartida.url };
    // The daily copy and `npm run backup` (SIGUSR2 to the folder lock's pid: this process) are the supervisor's.
    if (env.FARO_COPIAS !== '0') {
      copias = programarCopias(compartida, config.dataDir, (m) => console.warn(`Faro: ${m}`));
    }
    const ocupadas = n * 10 + 10; // each worker's pool and this one's
    const [fila] = await compartida.query<{ max_connections: string }>('show max_connections').catch(() => []);
    const maximo = Number(fila?.max_connections ?? 100);
    if (ocupadas > maximo - 3) {
      console.warn(
        `Faro: ${n} procesos pueden abrir hasta ${ocupadas} conexiones y el PostgreSQL integrado admite ${maximo}: con mucha carga alguna petición fallará. Usa menos procesos.`,
      );
    }
  } else {
    await compartida.close();
  }
  const alCerrar = async () => {
    copias?.detener();
    if (compartida.embedded) await compartida.close(); // pg_ctl stop -m fast, then the folder lock
  };
  await new Promise<never>(() => supervisar(n, workerEnv, alCerrar));
  return true;
}

function supervisar(n: number, workerEnv: NodeJS.ProcessEnv, alCerrar: () => Promise<void>): void {
  let cerrando = false;
  let salida = 0;
  const reinicios: number[] = [];
  const arrancar = (numero: number) => {
    const worker = cluster.fork({
      ...workerEnv,
      FARO_PROCESO: String(numero),
      // Only the first process starts the demo's local AEAT and Diputación simulators and prints the welcome.
      ...(numero > 1 ? { FARO_VERIFACTU_SIMULADOR: '0', FARO_TICKETBAI_SIMULADOR: '0', FARO_SILENCIO: '1' } : {}),
    });
    numeros.set(worker, numero);
    worker.once('listening', () => {
      escuchando.add(worker);
      if (escuchando.size === n) console.log(`Faro: ${n} procesos listos (PostgreSQL compartido).`);
    });
  };
  const numeros = new Map<Worker, number>();
  const escuchando = new Set<Worker>();
  cluster.on('exit', (worker, code, signal) => {
    const numero = numeros.get(worker) ?? 0;
    numeros.delete(worker);
    if (cerrando) {
      if (numeros.size === 0) void terminar();
      return;
    }
    const ahora = Date.now();
    reinicios.push(ahora);
    while (reinicios.length && reinicios[0]! < ahora - 60_000) reinicios.shift();
    if (reinicios.length > MAX_REINICIOS) {
      console.error('Faro: los procesos terminan al arrancar una y otra vez; se detiene el servidor.');
      cerrar(1);
      return;
    }
    console.error(`Faro: el proceso ${numero} terminó (${signal ?? code}); se arranca otro.`);
    escuchando.delete(worker);
    arrancar(numero);
  });
  // After the last worker: the embedded postmaster is stopped (its connections are gone by then), then exit.
  let terminando: Promise<void> | undefined;
  const terminar = () => {
    terminando ??= alCerrar()
      .catch((error) => {
        console.error(`Faro: no se pudo detener PostgreSQL: ${error instanceof Error ? error.message : error}`);
        salida ||= 1;
      })
      .then(() => process.exit(salida));
    return terminando;
  };
  const cerrar = (codigo: number) => {
    if (cerrando) return;
    cerrando = true;
    salida = codigo;
    if (numeros.size === 0) {
      void terminar();
      return;
    }
    for (const worker of numeros.keys()) worker.process.kill('SIGTERM');
    // Not unref'd: with the embedded PostgreSQL the supervisor's event loop may hold nothing else meanwhile.
    setTimeout(() => {
      for (const worker of numeros.keys()) worker.process.kill('SIGKILL');
      void terminar();
    }, 15_000);
  };
  process.on('SIGTERM', () => cerrar(0));
  process.on('SIGINT', () => cerrar(0));
  for (let i = 1; i <= n; i++) arrancar(i);
}
