/**
 * Several server processes on one PostgreSQL (`FARO_PROCESOS=N`, issue 22). The first process becomes a supervisor
 * (node:cluster): it migrates, keeps the token secret and seeds the demo once, then starts N workers that share
 * the port (the cluster hands out connections round-robin) and restarts one that dies. Every state that matters
 * lives in the database: sessions, sign-in throttles and locks (`limites_acceso`, `personas`), idempotency keys,
 * suspensions (read with each request's context), job runs (advisory lock + `trabajos.proxima_ejecucion`),
 * VeriFactu sending (a lease per company). The embedded PGlite has one owner per data folder: N > 1 is refused.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../../config.ts';
import { seedDemoOnce } from '../../seed/seedDemo.ts';
import { migrateDatabase, openDatabase } from '../db/database.ts';
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

export const SIN_POSTGRES =
  'FARO_PROCESOS mayor que 1 necesita PostgreSQL (DATABASE_URL): con la base de datos integrada sólo un proceso ' +
  'puede usar la carpeta de datos. Quita FARO_PROCESOS o indica DATABASE_URL';

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
  if (!config.databaseUrl) {
    console.error(`No se pudo arrancar Faro: ${SIN_POSTGRES}`);
    process.exit(1);
  }
  try {
    // Once, before any worker: migrations, the token secret and the demo seed must not race each other.
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    try {
      await migrateDatabase(database);
      await tokenSecret(database.db, config.tokenSecret);
      if (config.seedDemo) await seedDemoOnce(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`No se pudo preparar la base de datos: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  await new Promise<never>(() => supervisar(n));
  return true;
}

function supervisar(n: number): void {
  let cerrando = false;
  let salida = 0;
  const reinicios: number[] = [];
  const arrancar = (numero: number) => {
    const worker = cluster.fork({
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
      if (numeros.size === 0) process.exit(salida);
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
  const cerrar = (codigo: number) => {
    if (cerrando) return;
    cerrando = true;
    salida = codigo;
    if (numeros.size === 0) process.exit(codigo);
    for (const worker of numeros.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of numeros.keys()) worker.process.kill('SIGKILL');
      process.exit(codigo);
    }, 15_000).unref();
  };
  process.on('SIGTERM', () => cerrar(0));
  process.on('SIGINT', () => cerrar(0));
  for (let i = 1; i <= n; i++) arrancar(i);
}
