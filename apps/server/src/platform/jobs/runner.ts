import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { trabajos } from '../db/schema.ts';

/** A background job: runs every `intervaloSegundos`, returns a short summary for `trabajos.ultimo_resultado`. */
export interface Job {
  nombre: string;
  intervaloSegundos: number;
  run(): Promise<string | undefined>;
}

export interface JobRunner {
  /** Checks for due jobs every `tickMs` (and once at once). */
  start(): void;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
  /** Runs the due jobs now (or every job with `force`); the names that ran. */
  runDue(force?: boolean): Promise<string[]>;
  /**
   * Runs the job `nombre` now, after the run in progress (a user's action that makes it due: a campaign sent now),
   * and moves its next run an interval away. False when no such job or another process holds its lock.
   */
  ejecutarYa(nombre: string): Promise<boolean>;
}

/** Advisory-lock namespace of Faro's jobs (first key of pg_try_advisory_lock(int, int)). */
export const LOCK_CLASS = 0x4641;

export function lockKey(nombre: string): number {
  let h = 0;
  for (const ch of nombre) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

const held = new Set<string>();

/**
 * Runs `fn` holding the job's session advisory lock; returns false without running when someone else holds it.
 * PostgreSQL: a dedicated pooled connection keeps the lock for the whole run (other processes and other runners
 * of this process are refused). PGlite has one connection and one process (folder lock): an in-process set is the
 * lock there (a session advisory lock is re-entrant within its own session).
 */
export async function withJobLock(database: Database, nombre: string, fn: () => Promise<void>): Promise<boolean> {
  if (held.has(nombre)) return false;
  held.add(nombre);
  try {
    const pool = (database.db as unknown as { $client?: { connect?: () => Promise<PgClient> } }).$client;
    if (database.kind !== 'postgres' || typeof pool?.connect !== 'function') {
      await fn();
      return true;
    }
    const client = await pool.connect();
    try {
      const key = lockKey(nombre);
      const { rows } = await client.query('select pg_try_advisory_lock($1, $2) as ok', [LOCK_CLASS, key]);
      if (!rows[0]?.ok) return false;
      try {
        await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, key]).catch(() => {});
      }
      return true;
    } finally {
      client.release();
    }
  } finally {
    held.delete(nombre);
  }
}

interface PgClient {
  query(text: string, params: unknown[]): Promise<{ rows: { ok?: boolean }[] }>;
  release(): void;
}

/**
 * A PostgreSQL-backed scheduler: each job has a row in `trabajos` whose `proxima_ejecucion` survives restarts; a
 * tick runs every job that is due while holding its advisory lock, so two processes (or two ticks) never run the
 * same job at once. main.ts starts it after listen and stops it on shutdown; tests call `runDue` themselves.
 */
export function createJobRunner(options: {
  database: Database;
  jobs: Job[];
  tickMs?: number;
  log?: (message: string) => void;
}): JobRunner {
  const { database, jobs } = options;
  const db = database.db;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runOne(job: Job, force: boolean): Promise<boolean> {
    let ran = false;
    await withJobLock(database, job.nombre, async () => {
      await db
        .insert(trabajos)
        .values({ nombre: job.nombre, intervaloSegundos: job.intervaloSegundos })
        .onConflictDoNothing();
      const [row] = await db
        .select({ due: sql<boolean>`${trabajos.proximaEjecucion} <= now()` })
        .from(trabajos)
        .where(eq(trabajos.nombre, job.nombre));
      if (!force && !row?.due) return;
      ran = true;
      const started = performance.now();
      let resultado: string | null = null;
      let error: string | null = null;
      try {
        resultado = (await job.run()) ?? null;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
        log(`El trabajo ${job.nombre} ha fallado: ${error}`);
      }
      await db
        .update(trabajos)
        .set({
          intervaloSegundos: job.intervaloSegundos,
          ultimaEjecucion: sql`now()`,
          proximaEjecucion: sql`now() + make_interval(secs => ${job.intervaloSegundos})`,
          ultimaDuracionMs: Math.round(performance.now() - started),
          ultimoResultado: resultado,
          ultimoError: error,
          ejecuciones: sql`${trabajos.ejecuciones} + 1`,
        })
        .where(eq(trabajos.nombre, job.nombre));
    });
    return ran;
  }

  async function runDue(force = false): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) if (await runOne(job, force)) ran.push(job.nombre);
    return ran;
  }

  const tick = () => {
    if (stopped) return;
    current = current.then(() => runDue()).catch((e) => log(`Trabajos en segundo plano: ${(e as Error).message}`));
  };

  return {
    start() {
      if (timer || stopped) return;
      tick();
      timer = setInterval(tick, options.tickMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await current;
    },
    runDue,
    ejecutarYa(nombre) {
      const job = jobs.find((j) => j.nombre === nombre);
      if (!job || stopped) return Promise.resolve(false);
      const hecho = current.then(() => runOne(job, true));
      current = hecho.catch((e) => log(`Trabajos en segundo plano: ${(e as Error).message}`));
      return hecho;
    },
  };
}
