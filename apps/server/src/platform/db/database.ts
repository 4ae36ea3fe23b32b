import { mkdirSync } from 'node:fs';
import path from 'node:path';
// Start time: PGlite (its WASM), its drizzle driver and both migrators are imported when used, so that a
// restart on PostgreSQL does not load them (and PGlite's restart does not load the migrators).
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { repoRoot } from '../../config.ts';
import {
  chooseMotor,
  type EmbeddedServer,
  readMarker,
  startEmbeddedPostgres,
  writeMarker,
} from './embeddedPostgres.ts';
import { acelerarFilasPg } from './filasPg.ts';
import { acquireFolderLock } from './folderLock.ts';
import { descartarCopiaPronta } from './postmasterPronto.ts';
import { prepararSentencias } from './sentenciasPreparadas.ts';
/**
 * The one database type modules see (both drivers are PostgreSQL underneath). No relational schema is given to
 * drizzle: nothing uses `db.query.*`, and with the ~300 tables drizzle rebuilt its relational map in every
 * transaction's constructor (~3 % of the issuing's CPU) and at start.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for the platform layer only (migrations, benchmarks, schema checks). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** The embedded engine itself (dumps for test templates and backups); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL's connection string (backups with pg_dump); undefined on PGlite. */
  url?: string;
  /** The PostgreSQL Faro started itself in the data folder (ADR 0003); close() stops it. */
  embedded?: EmbeddedServer;
}

export const MIGRATIONS_FOLDER = path.join(repoRoot(), 'apps/server/drizzle');

export interface OpenOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** A dumped, already-migrated PGlite data folder (tests start from it). */
  loadDataDir?: Blob | File;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /**
   * Engine of a NEW data folder: 'auto' (the app: PostgreSQL from the npm binaries when they run here, else PGlite
   * with a warning) or 'pglite' (the default: tests, benchmarks). An existing folder keeps its engine (its
   * `faro-motor` marker); FARO_MOTOR=pglite|postgres forces one.
   */
  newFolder?: 'auto' | 'pglite';
  /** Start messages (Spanish); console.log by default. */
  say?: (message: string) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.dataDir && !options.memory && !options.loadDataDir) {
    const say = options.say ?? ((m: string) => console.log(m));
    if (chooseMotor(options.dataDir, options.newFolder ?? 'pglite', (m) => console.warn(m)) === 'postgres') {
      return openEmbeddedPostgres(options.dataDir, say);
    }
  }
  let release: (() => void) | undefined;
  let client: PGlite;
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // Trigram search indexes (migration 0002): PGlite ships pg_trgm in its contrib bundle.
  const extensions = { pg_trgm };
  if (options.memory || !options.dataDir) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    if (readMarker(options.dataDir) === 'postgres') {
      throw new Error(`La carpeta de datos ${options.dataDir} es de PostgreSQL: no se puede abrir con PGlite`);
    }
    release = acquireFolderLock(options.dataDir);
    await descartarCopiaPronta(options.dataDir); // an embedded-PostgreSQL copy inicio.ts began (postmasterPronto.ts)
    writeMarker(options.dataDir, 'pglite');
    client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions });
  }
  const db: Db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never[],
    close: async () => {
      await client.close();
      release?.();
    },
  };
}

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before its 503: a PostgreSQL that
 * hangs without dying (stopped, swapping, a full disk) would otherwise leave requests waiting forever. 30 s by
 * default; `FARO_PG_ESPERA_MS` changes it.
 */
export function esperaConexionMs(): number {
  const v = Number(process.env.FARO_PG_ESPERA_MS);
  return Number.isFinite(v) && v > 0 ? v : 30_000;
}

/** Connections of a process's pool: 10 by default; `FARO_PG_CONEXIONES` (1–100) changes it. */
function conexiones(): number {
  const v = Number(process.env.FARO_PG_CONEXIONES);
  return Number.isInteger(v) && v >= 1 && v <= 100 ? v : 10;
}

function openPostgres(url: string): Database {
  acelerarFilasPg();
  const pool = new pg.Pool({ connectionString: url, max: conexiones(), connectionTimeoutMillis: esperaConexionMs() });
  pool.on('error', () => {}); // idle client errors (server restart) must not crash the process
  // A client checked out (a transaction between two statements, a job's lock) has no listener of the pool's: when
  // its server ends (the embedded postmaster's crash and restart, ADR 0003) its 'error' would end the process.
  // pg-pool discards such a client when it is released (no longer queryable); the request gets a 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (process.env.FARO_SENTENCIAS_PREPARADAS !== '0') prepararSentencias(pool);
  const db: Db = drizzlePg({ client: pool });
  return {
    db,
    kind: 'postgres',
    url,
    query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
    close: () => pool.end(),
  };
}

/** The durable embedded default: the data folder's own PostgreSQL, started (or adopted) here, stopped by close(). */
async function openEmbeddedPostgres(dataDir: string, say: (m: string) => void): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireFolderLock(dataDir);
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedPostgres(dataDir, say);
  } catch (error) {
    release();
    throw error;
  }
  const database = openPostgres(server.url);
  return {
    ...database,
    embedded: server,
    close: async () => {
      try {
        await database.close();
        await server.stop();
      } finally {
        release();
      }
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
