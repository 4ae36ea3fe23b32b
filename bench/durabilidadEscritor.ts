/**
 * Child of `bench/durabilidad.ts`: one engine holding one data folder, committing one "invoice" per transaction and
 * printing `ok N` on stdout only after the commit was acknowledged. The parent kills its whole process group with
 * SIGKILL (a power cut of the app and, for PostgreSQL, of the server it started) and counts what survived.
 *
 *   argv[2] = JSON { kind: 'pglite' | 'postgres', dataDir, binDir?, port?, uid?, gid?, mode: 'write' | 'count' }
 * stdin lines: `go N` commits N more (0 = until killed), then prints `hecho`; `par N C` commits N from C concurrent
 * clients (no `ok` lines: the power cut uses `go`). Mode `count` prints `filas N MS`: the
 * rows numbered up to `ack`, and the ms the engine took to open (crash recovery included).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';

interface Options {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  binDir?: string;
  port?: number;
  uid?: number;
  gid?: number;
  mode: 'write' | 'count';
  /** Mode `count`: the highest acknowledged number (rows up to it are counted). */
  ack?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const t0 = performance.now();
const say = (line: string) => process.stdout.write(`${line}\n`);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
let query: Query;
let close: () => Promise<void>;
let server: ChildProcess | undefined;
/** PostgreSQL: concurrent clients for `par` (PGlite has one connection: its queries queue). */
let pool: pg.Pool | undefined;

if (options.kind === 'pglite') {
  const database = await openDatabase({ dataDir: options.dataDir });
  query = async (text, params) => ({ rows: await database.query(text, params) });
  close = () => database.close();
} else {
  // The app-managed server: a child in this process group, durable settings (fsync and synchronous_commit on). Its
  // log goes beside the data folder, so a start that fails says why.
  // A postmaster killed with its group can stay a zombie when nobody reaps it (this machine's PID 1 does not at
  // once): PostgreSQL then reads its pid as alive and refuses to start. A dead or zombie pid's lock file goes.
  const pidFile = `${options.dataDir}/postmaster.pid`;
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    if (!stat || / Z /.test(stat.slice(stat.lastIndexOf(')')))) rmSync(pidFile, { force: true });
  }
  const logFile = `${options.dataDir}.log`;
  const logFd = openSync(logFile, 'a');
  server = spawn(
    `${options.binDir}/postgres`,
    ['-D', options.dataDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1'].concat([
      '-c',
      `unix_socket_directories=${options.dataDir}`,
      '-c',
      'logging_collector=off',
      // As the app's embedded server (ADR 0003): crash recovery flushes the data directory with one syncfs().
      ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
    ]),
    {
      uid: options.uid,
      gid: options.gid,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C.UTF-8', HOME: '/tmp' },
    },
  );
  const url = `postgresql://postgres@127.0.0.1:${options.port}/postgres`;
  let client: pg.Client | undefined;
  // Up to 60 s: after a kill -9 with the page cache dropped, crash recovery reads everything back from disk first.
  for (let i = 0; i < 6000 && !client; i++) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      client = c;
    } catch {
      await c.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  if (!client) throw new Error(`PostgreSQL no acepta conexiones:\n${readFileSync(logFile, 'utf8').slice(-1500)}`);
  const connected = client;
  query = (text, params) => connected.query(text, params as unknown[]);
  pool = new pg.Pool({ connectionString: url, max: 16 });
  close = async () => {
    await connected.end();
    await pool?.end();
    server?.kill('SIGINT');
  };
}

await query(
  'create table if not exists facturas_prueba (n integer primary key, importe numeric(12,2) not null, creada timestamptz not null default now())',
);
if (options.mode === 'count') {
  const [row] = (await query('select count(*)::int as n from facturas_prueba where n <= $1', [options.ack ?? 0])).rows;
  say(`filas ${row!.n} ${Math.round(performance.now() - t0)}`);
  await close();
  process.exit(0);
}

const [last] = (await query('select coalesce(max(n), 0)::int as n from facturas_prueba')).rows;
let next = Number(last!.n) + 1;
say(`listo ${Math.round(performance.now() - t0)}`);

for await (const line of createInterface({ input: process.stdin })) {
  const started = performance.now();
  const par = /^par (\d+) (\d+)$/.exec(line);
  if (par) {
    // N commits from C concurrent clients (each its own connection on PostgreSQL: group commit can share a flush).
    const total = Number(par[1]);
    let taken = 0;
    const insert = pool ? (text: string, params: unknown[]) => pool!.query(text, params) : query;
    await Promise.all(
      Array.from({ length: Number(par[2]) }, async () => {
        while (taken < total) {
          taken++;
          const n = next++;
          await insert('insert into facturas_prueba (n, importe) values ($1, $2)', [n, (n % 1000) + 0.5]);
        }
      }),
    );
    say(`hecho ${Math.round(performance.now() - started)}`);
    continue;
  }
  const wanted = Number(line.replace(/^go\s+/, ''));
  for (let i = 0; wanted === 0 || i < wanted; i++) {
    await query('insert into facturas_prueba (n, importe) values ($1, $2)', [next, (next % 1000) + 0.5]);
    say(`ok ${next}`);
    next++;
  }
  say(`hecho ${Math.round(performance.now() - started)}`);
}
