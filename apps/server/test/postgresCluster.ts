/**
 * A throwaway PostgreSQL cluster for the `server-postgres` test project.
 *
 * It finds the machine's PostgreSQL binaries, runs `initdb` into a fresh temporary folder, starts `postgres` on a free
 * loopback port (unix socket inside the folder, durability switched off for speed), creates the database `faro_test`
 * and returns its URL. `stop()` shuts the server down and deletes the folder; an exit/signal handler does the same if
 * the test run dies first, and folders left behind by a killed run are removed on the next start.
 *
 * initdb and postgres refuse to run as root. When we are root the binaries are spawned with Node's `uid`/`gid`
 * options as the `postgres` user (or `nobody`), which owns the temporary folder. Node switches user between fork and
 * exec, so the spawned pid is the postmaster itself and can be signalled directly (no runuser/su wrapper in between).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  awaitStartup,
  cleanEnv,
  findPostgresBinDir,
  freePort,
  isAlive,
  killPostmasterSync,
  type RunAs,
  readLog,
  readPid,
  runProgram,
  stopProcess,
  unprivilegedUser,
} from '../src/platform/db/postgresProcess.ts';

export { findPostgresBinDir, PostgresBinariesMissing } from '../src/platform/db/postgresProcess.ts';

export interface PostgresCluster {
  url: string;
  stop: () => Promise<void>;
}

const FOLDER_PREFIX = 'faro-pg-';
const DATABASE = 'faro_test';
const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 30_000;
const PORT_ATTEMPTS = 5;

/** The temp base must be traversable by the unprivileged user (a TMPDIR under /root is not). */
function baseFolder(runAs: RunAs): string {
  const base = process.env.FARO_PG_TMPDIR || tmpdir();
  if (runAs.uid === undefined) return base;
  let dir = base;
  while (true) {
    if ((statSync(dir).mode & 0o001) === 0) return '/tmp';
    const parent = join(dir, '..');
    if (parent === dir) return base;
    dir = parent;
  }
}

/** Removes folders of earlier runs whose test process is gone, killing their postmaster if it still runs. */
function removeStaleFolders(base: string): void {
  let entries: string[];
  try {
    entries = readdirSync(base).filter((e) => e.startsWith(FOLDER_PREFIX));
  } catch {
    return;
  }
  for (const entry of entries) {
    const folder = join(base, entry);
    const owner = readPid(join(folder, 'owner.pid'));
    if (isAlive(owner)) continue;
    // A folder without owner.pid may be one being created right now by another run: leave young ones alone.
    if (Number.isNaN(owner) && Date.now() - safeMtime(folder) < 60_000) continue;
    const postmaster = readPid(join(folder, 'data', 'postmaster.pid'));
    if (isAlive(postmaster)) {
      try {
        process.kill(postmaster, 'SIGQUIT');
      } catch {
        // already gone
      }
    }
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

function safeMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

const liveClusters = new Set<() => void>();
let exitHandlersInstalled = false;

/** Last-resort cleanup when the test process exits or is signalled before stop() ran. */
function installExitHandlers(): void {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  const cleanupAll = () => {
    for (const cleanup of [...liveClusters]) cleanup();
  };
  process.on('exit', cleanupAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      cleanupAll();
      process.removeListener(signal, handler);
      // Keep the default behaviour (terminate) unless someone else (vitest) handles the signal.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const started = Date.now();
  const binDir = findPostgresBinDir();
  const runAs = unprivilegedUser();
  const base = baseFolder(runAs);
  removeStaleFolders(base);

  const folder = mkdtempSync(join(base, FOLDER_PREFIX));
  writeFileSync(join(folder, 'owner.pid'), String(process.pid));
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(folder, runAs.uid, runAs.gid);
  const dataDir = join(folder, 'data');
  const logFile = join(folder, 'postgres.log');

  let child: ChildProcess | undefined;
  let removed = false;
  /** Synchronous: usable from the 'exit' handler. */
  const killAndRemoveSync = () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      killPostmasterSync(child.pid, join(dataDir, 'postmaster.pid'));
    }
    if (!removed) {
      removed = true;
      try {
        rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      } catch {
        // removed as stale by the next run
      }
    }
    liveClusters.delete(killAndRemoveSync);
  };
  liveClusters.add(killAndRemoveSync);
  installExitHandlers();

  try {
    await runProgram(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions'],
      runAs,
      folder,
    );

    let lastError: unknown;
    for (let attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
      const port = await freePort();
      const logFd = openSync(logFile, 'a', 0o644);
      if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(logFile, runAs.uid, runAs.gid);
      child = spawn(join(binDir, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings(folder)], {
        cwd: folder,
        uid: runAs.uid,
        gid: runAs.gid,
        stdio: ['ignore', logFd, logFd],
        env: cleanEnv(),
      });
      closeSync(logFd);
      child.unref();
      const spawned = child;
      // The Unix socket in our folder, not TCP loopback: the same server, a cheaper round trip (measured
      // ~25 % less wall time per issued invoice). libpq and node-postgres read a percent-encoded path as the host.
      const url = `postgres://${SUPERUSER}@${encodeURIComponent(folder)}:${port}/${DATABASE}`;
      try {
        await waitUntilReady(spawned, port, logFile);
        await createDatabase(port);
        const ms = Date.now() - started;
        if (process.env.FARO_PG_VERBOSE) console.error(`[postgres] cluster ready in ${ms} ms at ${url} (${folder})`);
        return { url, stop: () => stopCluster(spawned, killAndRemoveSync) };
      } catch (err) {
        lastError = err;
        await stopProcess(spawned);
        const log = readLog(logFile);
        // Lost the race for the port: another process took it between freePort() and bind(). Try another one.
        if (!/could not bind|could not create any TCP\/IP sockets|Address already in use/i.test(log)) break;
        writeFileSync(logFile, '');
      }
    }
    throw lastError;
  } catch (err) {
    killAndRemoveSync();
    throw err;
  }
}

/** Server settings: loopback only, socket in our folder, no durability (a crash loses nothing we need). */
function settings(folder: string): string[] {
  const values: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: folder,
    fsync: 'off',
    full_page_writes: 'off',
    synchronous_commit: 'off',
    max_connections: '200',
    logging_collector: 'off',
  };
  return Object.entries(values).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}

async function waitUntilReady(child: ChildProcess, port: number, logFile: string) {
  await awaitStartup(child, START_TIMEOUT_MS, () => accepting(port, logFile), {
    exited: ({ signal, code }) =>
      new Error(`postgres exited (${signal ?? `exit ${code}`}) while starting:\n${readLog(logFile)}`),
    timedOut: () =>
      new Error(`postgres did not accept connections within ${START_TIMEOUT_MS} ms:\n${readLog(logFile)}`),
  });
}

/** True once a login runs a query; otherwise how long to wait before the next try. */
async function accepting(port: number, logFile: string): Promise<true | number> {
  // Only connect once the postmaster says it is ready: before that the port may belong to someone else.
  if (!readLog(logFile, Number.POSITIVE_INFINITY).includes('ready to accept connections')) return 20;
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    database: 'postgres',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    // not accepting connections yet (ECONNREFUSED, 57P03 "the database system is starting up")
    return 25;
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}

async function stopCluster(child: ChildProcess, killAndRemoveSync: () => void): Promise<void> {
  try {
    await stopProcess(child);
  } finally {
    killAndRemoveSync();
  }
}
