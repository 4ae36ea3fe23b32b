/**
 * Start time (issue 22): a restart of an embedded-PostgreSQL folder spawns its postmaster first thing, before the
 * app's modules load (apps/server/src/inicio.ts, the production entry), so that PostgreSQL's ~0.1–0.2 s start runs
 * on the other core meanwhile; startEmbeddedPostgres then takes that child instead of spawning one. Only the plain
 * case: an existing, initialised folder marked "postgres", no postmaster running, no DATABASE_URL, one process.
 * Anything unusual (no binaries, a new folder, a template copy whose password is still the template's, a port
 * taken) is left to startEmbeddedPostgres as before. Node built-ins only: this runs before the heavy modules load.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
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

/** Server options: loopback only, the socket in its data directory; durability stays at PostgreSQL's defaults. */
export function serverArgs(pgdata: string, port: number): string[] {
  // A unix socket path is limited to ~107 bytes: a deeper folder gets TCP only.
  const socketDir = `${pgdata}/.s.PGSQL.${port}`.length < 100 ? pgdata : '';
  const values: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir,
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    logging_collector: 'off',
  };
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
