/**
 * Start time: a restart of an embedded-PostgreSQL folder spawns its postmaster first thing, before the
 * app's modules load (apps/server/src/inicio.ts, the production entry), so that PostgreSQL's ~0.1–0.2 s start runs
 * on the other core meanwhile; startEmbeddedPostgres then takes that child instead of spawning one. Only the plain
 * case: an existing, initialised folder marked "postgres", no postmaster running, no DATABASE_URL, one process.
 * Anything unusual (no binaries, a new folder, a template copy whose password is still the template's, a port
 * taken) is left to startEmbeddedPostgres as before. Node built-ins only: this runs before the heavy modules load.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { cleanEnv, embeddedBinDir, isAlive, type RunAs, readPid, unprivilegedUser } from './postgresProcess.ts';

export interface PostmasterPronto {
  pgdata: string;
  port: number;
  runAs: RunAs;
  child: ChildProcess;
  failed?: Error;
}

let pronto: PostmasterPronto | undefined;

/**
 * A NEW folder's copy of the embedded-PostgreSQL template, started before the modules load (the copy, ~56 MB and
 * ~2,300 files, takes 0.2–1.5 s on this shared disk): into `<dataDir>/.pg-plantilla`, which startEmbeddedPostgres
 * renames to `pg/` once the engine is chosen (and database.ts removes when the folder becomes PGlite after all).
 */
export const COPIA_PRONTA = '.pg-plantilla';
let copiaPronta: { dataDir: string; plantilla: string; hecha: Promise<boolean> } | undefined;

/** The folder of the server's unix socket: its data directory, or none when the path would be too long (~107 bytes). */
export function carpetaSocket(pgdata: string, port: number): string {
  return `${pgdata}/.s.PGSQL.${port}`.length < 100 ? pgdata : '';
}

/** Server options: loopback only, the socket in its data directory; durability stays at PostgreSQL's defaults. */
export function serverArgs(pgdata: string, port: number): string[] {
  // A unix socket path is limited to ~107 bytes: a deeper folder gets TCP only.
  const socketDir = carpetaSocket(pgdata, port);
  const values: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir,
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    logging_collector: 'off',
  };
  // Crash recovery (a restart after a kill -9, vigilanciaPostmaster.ts) first flushes the whole data directory:
  // one syncfs() of its file system instead of an fsync per file (~2,300 files: 0.8–5 s on a busy shared disk).
  // Linux only (PostgreSQL refuses the value where syncfs() does not exist).
  if (process.platform === 'linux') values.recovery_init_sync_method = 'syncfs';
  return ['-D', pgdata, '-p', String(port), ...Object.entries(values).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/** Spawns the folder's postmaster when the plain restart case holds (see above); never throws. */
export function arrancarPostmasterPronto(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): void {
  try {
    if (env.FARO_POSTGRES_PRONTO === '0') return; // (benchmarks compare with and without)
    if (env.DATABASE_URL || (env.FARO_PROCESOS && env.FARO_PROCESOS.trim() !== '1')) return;
    if (env.FARO_MOTOR && env.FARO_MOTOR.trim().toLowerCase() !== 'postgres') return;
    const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
    if (readFileSync(path.join(dataDir, 'faro-motor'), 'utf8').trim() !== 'postgres') return;
    const s = JSON.parse(readFileSync(path.join(dataDir, 'faro-postgres.json'), 'utf8')) as {
      port?: number;
      initdbDone?: boolean;
      templatePassword?: string;
    };
    if (!s.initdbDone || s.templatePassword || !Number.isInteger(s.port)) return;
    const pgdata = path.join(dataDir, 'pg');
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) return;
    if (isAlive(readPid(path.join(pgdata, 'postmaster.pid')))) return; // running: startEmbeddedPostgres adopts it
    const binDir = embeddedBinDir();
    if (!binDir) return;
    const runAs = unprivilegedUser();
    const logFile = path.join(dataDir, 'postgres.log');
    const logFd = openSync(logFile, 'a', 0o644);
    const child = spawn(path.join(binDir, 'postgres'), serverArgs(pgdata, s.port as number), {
      cwd: pgdata,
      uid: runAs.uid,
      gid: runAs.gid,
      stdio: ['ignore', logFd, logFd],
      env: cleanEnv(),
      detached: true, // its own session, as startEmbeddedPostgres spawns it
    });
    closeSync(logFd);
    child.unref();
    const started: PostmasterPronto = { pgdata, port: s.port as number, runAs, child };
    child.on('error', (error) => {
      started.failed = error;
    });
    pronto = started;
  } catch {
    // anything unexpected: startEmbeddedPostgres does it all, as before
  }
}

/** The postmaster spawned early for `pgdata` on `port` (once), or undefined. */
export function tomarPostmasterPronto(pgdata: string, port: number): PostmasterPronto | undefined {
  const p = pronto;
  pronto = undefined;
  if (!p || p.pgdata !== pgdata || p.port !== port || p.failed) return undefined;
  return p;
}

/** Whether a postmaster was spawned early for `pgdata` (its runAs spares startEmbeddedPostgres two `id` calls). */
export function postmasterProntoDe(pgdata: string): PostmasterPronto | undefined {
  return pronto?.pgdata === pgdata ? pronto : undefined;
}

/** Files a new folder may hold before its database exists (the lock, the engine marker, a copy under way). */
const PREVIOS = new Set(['faro.lock', 'faro-motor', COPIA_PRONTA]);

/**
 * Starts copying the embedded-PostgreSQL template into a NEW data folder (absent, or holding only Faro's own files)
 * when the npm binaries are installed and nothing asks for PGlite or an external server; never throws.
 */
export function copiarPlantillaPronto(
  plantilla: string,
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): void {
  try {
    if (env.FARO_POSTGRES_PRONTO === '0' || env.FARO_PLANTILLA === '0') return;
    if (env.DATABASE_URL || (env.FARO_PROCESOS && env.FARO_PROCESOS.trim() !== '1')) return;
    if (env.FARO_MOTOR && env.FARO_MOTOR.trim().toLowerCase() !== 'postgres') return;
    const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
    const origen = path.join(plantilla, 'pg');
    if (!existsSync(path.join(plantilla, 'faro-postgres.json')) || !existsSync(path.join(origen, 'PG_VERSION'))) return;
    if (existsSync(dataDir) && readdirSync(dataDir).some((f) => !PREVIOS.has(f))) return;
    try {
      if (readFileSync(path.join(dataDir, 'faro-motor'), 'utf8').trim() !== 'postgres') return;
    } catch {
      // no marker yet: a new folder
    }
    if (!embeddedBinDir()) return;
    const destino = path.join(dataDir, COPIA_PRONTA);
    rmSync(destino, { recursive: true, force: true }); // a copy a killed start left half-way
    mkdirSync(dataDir, { recursive: true });
    const hecha = cp(origen, destino, {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
      filter: (f) => !['postmaster.pid', 'postmaster.opts'].includes(path.basename(f)),
    }).then(
      () => true,
      () => {
        rmSync(destino, { recursive: true, force: true });
        return false;
      },
    );
    copiaPronta = { dataDir, plantilla, hecha };
  } catch {
    // startEmbeddedPostgres copies (or runs initdb) itself
  }
}

/**
 * The early copy of `plantilla` for `dataDir`, once finished: the path of the copied `pg/` (to rename into place),
 * or undefined (none started, another template, or it failed).
 */
export async function tomarCopiaPronta(dataDir: string, plantilla: string): Promise<string | undefined> {
  const c = copiaPronta;
  if (!c || c.dataDir !== path.resolve(dataDir)) return undefined;
  copiaPronta = undefined;
  const ok = await c.hecha;
  const destino = path.join(c.dataDir, COPIA_PRONTA);
  if (ok && c.plantilla === plantilla) return destino;
  rmSync(destino, { recursive: true, force: true });
  return undefined;
}

/** A folder that became PGlite after all: the early copy is waited for and removed. */
export async function descartarCopiaPronta(dataDir: string): Promise<void> {
  const c = copiaPronta;
  if (c && c.dataDir === path.resolve(dataDir)) {
    copiaPronta = undefined;
    await c.hecha;
  }
  rmSync(path.join(dataDir, COPIA_PRONTA), { recursive: true, force: true });
}
