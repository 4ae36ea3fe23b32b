/**
 * What the bench sections share: a fresh PGlite in a temp folder, a migrated database with the demo and its company,
 * the rows of a raw drizzle statement, a percentile, and the guard that runs a section when its file is the entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';

/** The rows of a drizzle `execute` (node-postgres and PGlite both answer `{ rows }`). */
export const filas = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** Nearest-below percentile, `p` between 0 and 1 (NaN for no samples). */
export const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;

/** Migrates, seeds the demo (once) and answers the id of the company with that code. */
export async function prepararDemo(database: Database, codigo = 'DEMO'): Promise<number> {
  await migrateDatabase(database);
  await seedDemoOnce(database.db);
  const [e] = await database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]);
  return Number(e!.id);
}

/** A temp folder named after `prefijo`, removed after `fn` whatever happens. */
export async function enCarpetaTemporal<T>(prefijo: string, fn: (carpeta: string) => Promise<T>): Promise<T> {
  const carpeta = mkdtempSync(path.join(tmpdir(), prefijo));
  try {
    return await fn(carpeta);
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}

/** `fn` on a fresh PGlite in a temp folder named after `prefijo`; closed and removed afterwards whatever happens. */
export function enPgliteTemporal<T>(prefijo: string, fn: (database: Database) => Promise<T>): Promise<T> {
  return enCarpetaTemporal(prefijo, async (carpeta) => {
    const database = await openDatabase({ dataDir: path.join(carpeta, 'pglite') });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  });
}

/** When the file of `url` is the entry (`node --import tsx bench/x.ts`): runs `main`, exits 0, or 1 with its error. */
export function siEsEntrada(url: string, main: () => Promise<unknown>): void {
  if (url !== pathToFileURL(process.argv[1] ?? '').href) return;
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * `fn` on a throwaway PostgreSQL cluster (the machine's binaries, fsync off), stopped afterwards whatever happens.
 * When the cluster cannot start, `fn` does not run and the reason is answered (the caller says it loudly).
 */
export async function enPostgresTemporal(fn: (url: string) => Promise<unknown>): Promise<string | undefined> {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  try {
    cluster = await startPostgresCluster();
  } catch (error) {
    return error instanceof PostgresBinariesMissing ? 'binaries not found' : String(error);
  }
  try {
    await fn(cluster.url);
  } finally {
    await cluster.stop();
  }
  return undefined;
}

/** The first customer with a NIF of the company (who the issuing benches invoice). */
export async function primerClienteConNif(database: Database, empresaId: number): Promise<number> {
  const [c] = await database.query<{ id: number }>(
    'select id from clientes where empresa_id = $1 and nif is not null order by id limit 1',
    [empresaId],
  );
  return Number(c!.id);
}
