/**
 * Start time of the production server, as `npm start` runs it: `scripts/build-if-changed.mjs` (nothing to
 * build on an installed copy), then `apps/server/dist/main.mjs` on an embedded data folder with DEMO on, for the
 * engine a new folder gets by default (the embedded PostgreSQL where its npm binaries run) and for PGlite
 * (FARO_MOTOR=pglite), each printed beside the targets.
 * - First start with DEMO on an empty folder (target: first answer <= 5 s): the template copy, the core of the demo
 *   before listening, the rest after (its steps and total are printed, with a sign-in answered while it seeds).
 * - Restarts on that folder (target: first answer <= 1 s), the last one through `npm start` itself.
 * Each run: ms from spawn to the first 200 of /api/health and to the first sign-in of `demo`; the server's own phases
 * (the `fases` of its "arranque en" line: node + modules, database, migrations check, seed, app build, listen); its
 * CPU. References of the same run: a bare `node -e 0`, and a bare node:http server's first answer. Prints, asserts
 * nothing, loopback only. `node --import tsx bench/arranque.ts` runs it alone.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAverage, mib, ms, printTable } from './format.ts';
import { siEsEntrada } from './kit.ts';
import { request } from './load.ts';
import { freePort, login, ROOT } from './serverBench.ts';

const RESTARTS = 3;
const TIMEOUT_MS = 240_000;
const SERVER = path.join(ROOT, 'apps/server/dist/main.mjs');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const load = loadAverage;

interface Run {
  label: string;
  target: string;
  health?: number;
  signIn?: number;
  cpu?: number;
  rss?: number;
  fases?: Record<string, number>;
  primera?: number;
  seedMs?: number;
  seedLines: string[];
  signInWhileSeeding?: number;
  engine?: string;
  error?: string;
}

/** The engines measured: what a new folder gets by default (embedded PostgreSQL where its binaries run), and PGlite. */
const ENGINES: { name: string; env: NodeJS.ProcessEnv }[] = [
  { name: 'default (new folder)', env: {} },
  { name: 'PGlite', env: { FARO_MOTOR: 'pglite' } },
];

export async function benchArranque(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-arranque-'));
  // mkdtemp makes it 0700: as root, the embedded PostgreSQL runs as `postgres`/`nobody`, who must enter it (else the
  // new folder falls back to PGlite, with the warning).
  chmodSync(work, 0o755);
  const remove = () => rmSync(work, { recursive: true, force: true });
  process.on('exit', remove);
  try {
    console.log(`· start-up: load average ${load()}`);
    // npm start's first step: on an installed copy it stats the sources and builds nothing.
    const t0 = performance.now();
    const check = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: ROOT, encoding: 'utf8' });
    const checkMs = performance.now() - t0;
    const rebuilt = !/al día/.test(check.stdout);
    const t1 = performance.now();
    spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: ROOT, encoding: 'utf8' });
    const checkAgainMs = performance.now() - t1;
    const bareNode = median(await times(3, () => spawnSync(process.execPath, ['-e', '0'])));
    const bareHttp = median(await times(3, bareHttpFirstAnswer));
    console.log(`· start-up: references: node -e 0 ${ms(bareNode)}, bare node:http first answer ${ms(bareHttp)}`);

    const all: { engine: string; runs: Run[] }[] = [];
    for (const engine of ENGINES) {
      const dataDir = path.join(work, `data-${all.length}`);
      const runs: Run[] = [];
      const first = await measure('first start, empty folder, DEMO', '<= 5 s', dataDir, 'node', true, engine.env);
      runs.push(first);
      console.log(`· start-up: V8 code cache after the first start: ${codeCache()}`);
      for (let i = 1; i <= RESTARTS; i++) {
        runs.push(await measure(`restart ${i}, existing folder`, '<= 1 s', dataDir, 'node', false, engine.env));
      }
      spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: ROOT, encoding: 'utf8' }); // shared tree
      runs.push(await measure('restart through `npm start`', '<= 1 s', dataDir, 'npm', false, engine.env));
      all.push({ engine: `${engine.name}: ${[...new Set(runs.map((r) => r.engine ?? '?'))].join(' / ')}`, runs });
    }

    for (const { engine, runs } of all) {
      printTable(
        `Start-up, spawn -> first answer (${engine}, DEMO on; load average ${load()})`,
        ['run', 'health 200', 'target', 'sign-in demo', 'server CPU', 'RSS', 'note'],
        runs.map((r) => [
          r.label,
          r.health === undefined ? 'failed' : ms(r.health),
          r.target,
          ms(r.signIn),
          ms(r.cpu),
          mib(r.rss),
          r.error ?? '',
        ]),
      );
    }
    console.log(
      `  references of this run: node -e 0 ${ms(bareNode)}; bare node:http server, spawn -> first answer ${ms(bareHttp)}`,
    );
    console.log(
      `  npm start's build check (scripts/build-if-changed.mjs): ${ms(checkMs)}${rebuilt ? ' (it rebuilt: sources had changed)' : ''}, again ${ms(checkAgainMs)}`,
    );

    for (const { engine, runs } of all) {
      const names = [...new Set(runs.flatMap((r) => Object.keys(r.fases ?? {})))];
      const server = runs.filter((r) => r.fases);
      printTable(
        `Server phases, ${engine} (ms, from its own clock: "proceso y módulos" is node start + module load)`,
        [
          'phase',
          ...server.map((r) => r.label.replace(/,.*$/, '').replace('restart through `npm start`', 'npm start')),
        ],
        [
          ...names.map((n) => [n, ...server.map((r) => (r.fases?.[n] === undefined ? '' : ms(r.fases[n])))]),
          ['first answer (process clock)', ...server.map((r) => ms(r.primera))],
        ],
      );
    }
    console.log(
      '  (npm start: "proceso y módulos" includes the build check, run in the same process; npm itself is only in the spawn -> answer figures)',
    );
    for (const { engine, runs } of all) {
      const first = runs[0]!;
      if (!first.seedLines.length) continue;
      console.log(
        `\nFirst start (${engine}): the demo seed as the server prints it (core before listening, the rest after)`,
      );
      for (const l of first.seedLines) console.log(`  ${l}`);
      console.log(
        `  rest of the demo after listening: ${ms(first.seedMs)}; a sign-in of demo while it seeded: ${ms(first.signInWhileSeeding)}`,
      );
    }
  } finally {
    remove();
    process.off('exit', remove);
  }
}

async function measure(
  label: string,
  target: string,
  dataDir: string,
  how: 'node' | 'npm',
  firstStart: boolean,
  engineEnv: NodeJS.ProcessEnv,
) {
  const run: Run = { label, target, seedLines: [] };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'info',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FARO_PROXIES: '127.0.0.1',
    FARO_COPIAS: '0',
    FARO_TRABAJOS: '0',
    ...engineEnv,
  };
  delete env.DATABASE_URL;
  if (!engineEnv.FARO_MOTOR) delete env.FARO_MOTOR;
  delete env.TOKEN_SECRET;
  const t0 = performance.now();
  const child =
    how === 'npm'
      ? spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      : spawn(process.execPath, [SERVER], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    while (run.health === undefined) {
      if (child.exitCode !== null) throw new Error(`exited: ${output.slice(-300)}`);
      if (performance.now() - t0 > TIMEOUT_MS) throw new Error('no answer');
      const ok = await request(base, 'GET', '/api/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) run.health = performance.now() - t0;
      else await sleep(5);
    }
    const pid = serverPid(child, how);
    run.cpu = cpuMs(pid);
    run.rss = rssOf(pid);
    const signIn = await login(base, 'demo');
    if (signIn.status === 200) run.signIn = performance.now() - t0;
    else run.error = `sign-in ${signIn.status}`;
    await until(() => /"fases"/.test(output) && /primera respuesta/.test(output), 10_000);
    for (const line of output.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { fases?: Record<string, number>; primeraRespuestaMs?: number; msg?: string };
        if (entry.fases) run.fases = entry.fases;
        const engine = /base de datos: (.*?) en \//.exec(entry.msg ?? '')?.[1];
        if (engine) run.engine = engine;
        if (entry.primeraRespuestaMs !== undefined) run.primera = entry.primeraRespuestaMs;
      } catch {}
    }
    if (firstStart) {
      // The rest of the demo seeds after listening: a sign-in meanwhile, then wait for its end.
      const during = await login(base, 'demo');
      if (during.status === 200) run.signInWhileSeeding = during.ms;
      const t = performance.now();
      await until(() => /datos de demostración completos/.test(output), TIMEOUT_MS);
      const m = /"semillaMs":(\d+)/.exec(output);
      run.seedMs = m ? Number(m[1]) : performance.now() - t;
      run.seedLines = output
        .split('\n')
        .filter((l) =>
          /^\s*(\[\d\/\d\]|hecho en|Faro: (primer|empresas|completando|datos de demo)|Demo:|Base de datos PostgreSQL|PostgreSQL (listo|arrancado))/.test(
            l,
          ),
        )
        .map((l) => l.trimEnd());
    }
    console.log(`· start-up: ${label}: health ${ms(run.health)}, sign-in ${ms(run.signIn)} (load ${load()})`);
  } catch (error) {
    run.error = (error as Error).message.split('\n')[0];
  } finally {
    await stop(child, how);
  }
  return run;
}

/** The server bundle's V8 code cache (apps/server/src/cargaConCache.ts), written by the first start. */
function codeCache(): string {
  const dir = path.join(ROOT, 'apps/server/dist/.cache-v8');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bin')) : [];
  return files.length ? files.map((f) => `${f} (${mib(statSync(path.join(dir, f)).size)})`).join(', ') : 'none';
}

/** The node process serving: through npm, its descendant node process with the most memory. */
function serverPid(child: ChildProcess, how: 'node' | 'npm'): number {
  if (how === 'node') return child.pid!;
  const all: number[] = [];
  for (let queue = [child.pid!]; queue.length; ) {
    const pid = queue.shift()!;
    const kids = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .map(Number)
      .filter(Boolean);
    all.push(...kids);
    queue = [...queue, ...kids];
  }
  const nodes = all.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
  return nodes.sort((a, b) => (rssOf(b) ?? 0) - (rssOf(a) ?? 0))[0] ?? child.pid!;
}

async function stop(child: ChildProcess, how: 'node' | 'npm') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (how === 'npm')
        process.kill(-child.pid!, signal); // npm's process group (it was started detached)
      else child.kill(signal);
    } catch {}
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  await sleep(200); // the folder lock goes with the process
}

async function until(done: () => boolean, timeoutMs: number) {
  const end = performance.now() + timeoutMs;
  while (!done() && performance.now() < end) await sleep(50);
}

/** Spawn -> first answer of a bare node:http server: what node alone costs on this machine now. */
async function bareHttpFirstAnswer(): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, [
    '-e',
    `require('http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`,
  ]);
  try {
    while (
      !(await request(`http://127.0.0.1:${port}`, 'GET', '/').then(
        () => true,
        () => false,
      ))
    )
      await sleep(5);
  } finally {
    child.kill('SIGKILL');
  }
}

async function times(n: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** User + system CPU time of a process in ms (/proc/PID/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

siEsEntrada(import.meta.url, benchArranque);
