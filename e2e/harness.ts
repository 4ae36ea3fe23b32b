import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/platform/db/postgresProcess.ts';

/** Test and bench harness: build the web app when stale, start the real server on a fresh data folder. */
const root = path.resolve(import.meta.dirname, '..');
export const web = path.join(root, 'apps/web');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds apps/web when dist is missing or older than the web or domain sources. */
export function ensureWebBuild(): void {
  const index = path.join(web, 'dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(web, 'src')), newestMtime(path.join(root, 'packages/domain/src')));
  if (built > sources) return;
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer /api/health in time:\n${log()}`);
}

/** Starts the real server on a fresh data folder (demo data seeded) with the built web app. */
export async function startServer(
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faro-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      FARO_SEMILLA_DIFERIDA: '0', // the whole demo before the first journey (main.ts seeds most of it after listening)
      // PGlite, as the journeys always ran (ADR 0003 makes a new folder PostgreSQL where the npm binaries run).
      FARO_MOTOR: process.env.FARO_MOTOR ?? 'pglite',
      // The journeys' SMTP sinks listen on loopback: an allowed destination for the company settings they save.
      FARO_DESTINOS_PERMITIDOS: '127.0.0.1',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-8000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
