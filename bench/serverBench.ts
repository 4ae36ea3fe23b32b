/**
 * The pieces of the server benchmark: preparing a database (migrate, demo seed, 100k audit rows), measuring one running
 * server over HTTP and the same list query raw, and spawning the production entry point (start-up time, RSS).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, migrateDatabase } from '../apps/server/src/platform/db/database.ts';
import { freePort } from '../apps/server/src/platform/db/postgresProcess.ts';
import { tokenSecret } from '../apps/server/src/platform/db/settings.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { type LoadResult, request, runLoad, runLoadInWorker, type Stats, stats } from './load.ts';

/** The other benches start their servers on the same kind of port. */
export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '..');
export const AUDIT_ROWS = 100_000;
export const DEMO_PASSWORD = 'Demo1234';
export const LOGIN_USERS = [
  'demo',
  'empleado',
  'fichaje',
  'academia',
  'profesor',
  'alumno',
  'tutor',
  'autoescuela',
  'instructor',
  'alumnoae',
  'asesoria',
  'pendiente',
];
export const AUDIT_PATH = '/api/usuarios/auditoria/list?Pagina=1&TotalPagina=50&Orden=Fecha&Descendente=true';
export const INFO_PATH = '/api/usuarios/usuario/infoempre';
const CONCURRENCY = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

export interface Preparation {
  empresaId: number;
  auditRows: number;
  steps: Record<string, number>;
}

/** Migrate, seed the demo (with its marker, so main.ts will not seed again), 100k audit rows in one statement, ANALYZE. */
export async function prepareDatabase(database: Database): Promise<Preparation> {
  const steps: Record<string, number> = {};
  [, steps.migrate] = await timed(() => migrateDatabase(database));
  [, steps.seed] = await timed(() => seedDemoOnce(database.db));
  const [empresa] = await database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  const empresaId = Number(empresa!.id);
  [, steps.insert] = await timed(() =>
    database.query(
      `insert into auditoria (empresa_id, fecha, accion, recurso, id_registro, user_name, campos, persona_id)
       select $1, now() - g * interval '37 seconds', (array['A','M','D'])[1 + g % 3],
              (array['clientes','facturas','articulos','centros'])[1 + g % 4], g, 'demo',
              jsonb_build_object('Nombre', 'Registro ' || g, 'Importe', g % 1000),
              (select id from personas where user_name = 'demo')
       from generate_series(1, ${AUDIT_ROWS}) g`,
      [empresaId],
    ),
  );
  [, steps.analyze] = await timed(() => database.query('ANALYZE'));
  const [count] = await database.query<{ n: number }>(
    'select count(*)::int as n from auditoria where empresa_id = $1',
    [empresaId],
  );
  return { empresaId, auditRows: Number(count!.n), steps };
}

/** The app in this process, on a free loopback port. */
export async function startInProcess(database: Database) {
  // The bench is its own proxy: it names a client address per sign-in in X-Forwarded-For.
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    FARO_PROXIES: '127.0.0.1',
  });
  const secret = await tokenSecret(database.db);
  const { app } = await buildApp({ config, database, secret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

let forwardedFor = 0;
/** A distinct client address per sign-in (FARO_PROXIES trusts loopback), so the 30/min per-IP throttle never trips. */
const nextIp = () => {
  forwardedFor++;
  return `10.${(forwardedFor >> 16) & 255}.${(forwardedFor >> 8) & 255}.${forwardedFor & 255}`;
};

const csrfByBase = new Map<string, Promise<Record<string, string>>>();
/** The CSRF cookies + header a browser gets from registro/csrf (the token is bound to the browser id cookie). */
export function csrfHeaders(base: string): Promise<Record<string, string>> {
  let pending = csrfByBase.get(base);
  if (!pending) {
    pending = request(base, 'GET', '/api/usuarios/registro/csrf').then((res) => {
      const cookies = [res.headers['set-cookie'] ?? []].flat().map((c) => String(c).split(';')[0]!);
      const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      return { cookie: cookies.join('; '), 'x-xsrf-token': token };
    });
    csrfByBase.set(base, pending);
  }
  return pending;
}

export async function login(base: string, user: string): Promise<{ status: number; token?: string; ms: number }> {
  const res = await request(base, 'POST', '/api/usuarios/registro/login', {
    headers: { ...(await csrfHeaders(base)), 'x-forwarded-for': nextIp() },
    body: { Usuario: user, Password: DEMO_PASSWORD, IdCliente: 'banco-de-pruebas' },
  });
  let token: string | undefined;
  if (res.status === 200) token = (JSON.parse(res.body) as { Token: string }).Token;
  return { status: res.status, token, ms: res.ms };
}

export interface HttpFigures {
  login: Stats;
  loginFailures: string[];
  health: LoadResult;
  info: LoadResult;
  audit: LoadResult;
  auditCheck: string;
}

/** (a) sequential logins, (b) infoempre and (c) the audit list page under load (concurrency 10). */
export async function benchHttp(base: string): Promise<HttpFigures> {
  const latencies: number[] = [];
  const loginFailures: string[] = [];
  for (let i = 0; i < 2; i++) await login(base, LOGIN_USERS[i]!); // warm-up
  for (let i = 0; i < 30; i++) {
    const user = LOGIN_USERS[i % LOGIN_USERS.length]!;
    const r = await login(base, user);
    if (r.status === 200) latencies.push(r.ms);
    else loginFailures.push(`${user}: ${r.status}`);
  }
  const demo = await login(base, 'demo');
  if (!demo.token) throw new Error(`login demo: ${demo.status}`);
  const headers = { authorization: `Bearer ${demo.token}` };
  const first = await request(base, 'GET', AUDIT_PATH, { headers });
  let auditCheck = `status ${first.status}`;
  if (first.status === 200) {
    const page = JSON.parse(first.body) as { Items: unknown[]; Total: number; TotalLimitado: boolean };
    auditCheck = `${page.Items.length} rows, Total ${page.Total}${page.TotalLimitado ? '+' : ''}, ${first.body.length} bytes`;
  }
  const load = { base, method: 'GET', headers, concurrency: CONCURRENCY, warmup: 50 };
  // Calibration: a public route with no database work (security hooks and cookie only).
  const health = await runLoadInWorker({
    ...load,
    headers: {},
    path: '/api/health',
    maxRequests: 20000,
    maxSeconds: 3,
  });
  const info = await runLoadInWorker({ ...load, path: INFO_PATH, maxRequests: 6000, maxSeconds: 5 });
  const audit = await runLoadInWorker({ ...load, path: AUDIT_PATH, maxRequests: 6000, maxSeconds: 8 });
  return { login: stats(latencies), loginFailures, health, info, audit, auditCheck };
}

export const LIST_SQL = 'select * from auditoria where empresa_id = $1 order by fecha desc, id desc limit $2 offset $3';
export const COUNT_SQL = 'select count(*)::int as n from (select 1 from auditoria where empresa_id = $1 limit 10001) c';

export interface SqlFigures {
  list: Stats;
  count: Stats;
  both: Stats;
  planList: string[];
  planCount: string[];
}

/** (d) the list page's two queries straight through database.query, sequential. */
export async function benchSql(database: Database, empresaId: number, iterations = 300): Promise<SqlFigures> {
  const list: number[] = [];
  const count: number[] = [];
  const both: number[] = [];
  for (let i = 0; i < iterations + 20; i++) {
    const [, a] = await timed(() => database.query(LIST_SQL, [empresaId, 50, 0]));
    const [, b] = await timed(() => database.query(COUNT_SQL, [empresaId]));
    if (i < 20) continue;
    list.push(a);
    count.push(b);
    both.push(a + b);
  }
  const plan = async (text: string, params: unknown[]) => {
    const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    const lines = rows.map((r) => r['QUERY PLAN'].trim());
    const scan = lines.find((l) => /Scan/.test(l));
    return [lines[0]!, ...(scan && scan !== lines[0] ? [scan.replace(/^->\s*/, '-> ')] : [])];
  };
  return {
    list: stats(list),
    count: stats(count),
    both: stats(both),
    planList: await plan(LIST_SQL, [empresaId, 50, 0]),
    planCount: await plan(COUNT_SQL, [empresaId]),
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  base: string;
  /** From spawn to the first 200 of /api/health. */
  readyMs: number;
  /** The server's own "arranque en N ms" message (waits briefly for it). */
  startupLine: () => Promise<string>;
  stop: () => Promise<void>;
}

export const liveChildren = new Set<ChildProcess>();

/** `node --import tsx apps/server/src/main.ts` on an existing PGlite folder, loopback only. */
let bundle: Promise<string> | undefined;
/** Builds apps/server/dist/main.mjs (esbuild, ~0.1 s) the first time a server is spawned. */
function serverBundle(): Promise<string> {
  bundle ??= new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit' });
    build.once('exit', (code) =>
      code === 0 ? resolve(path.join(ROOT, 'apps/server/dist/main.mjs')) : reject(new Error(`build.mjs: ${code}`)),
    );
  });
  return bundle;
}

export async function spawnServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<SpawnedServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  env.FARO_MOTOR ??= 'pglite'; // the bench's server folders are PGlite (ADR 0003 makes new ones PostgreSQL)
  delete env.DATABASE_URL;
  delete env.TOKEN_SECRET;
  Object.assign(
    env,
    { SEED_DEMO: '1', LOG_LEVEL: 'info', PUBLIC_URL: `http://127.0.0.1:${port}`, FARO_PROXIES: '127.0.0.1' },
    extraEnv,
  );
  const t0 = performance.now();
  // The production start (`npm start`): the bundled server, built once per bench run.
  const child = spawn(process.execPath, ['--enable-source-maps', await serverBundle()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => liveChildren.delete(child));
  let output = '';
  let line: string | undefined;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (!line) {
      for (const l of output.split('\n')) {
        if (!/arranque en \d+ ms/.test(l)) continue;
        try {
          line = String((JSON.parse(l) as { msg: string }).msg);
        } catch {
          line = l;
        }
      }
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = t0 + timeoutMs;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited while starting (${child.exitCode ?? child.signalCode}):\n${output.slice(-2000)}`,
      );
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`);
    }
    const ok = await request(base, 'GET', '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(5);
  }
  const readyMs = performance.now() - t0;
  const startupLine = async () => {
    for (let i = 0; i < 100 && !line; i++) await sleep(20);
    return line ?? '(no "arranque en" line seen)';
  };
  return { child, base, readyMs, startupLine, stop };
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A few hundred requests against a spawned server, then its RSS. */
export async function loadSpawned(server: SpawnedServer) {
  const idle = rssOf(server.child.pid!);
  const demo = await login(server.base, 'demo');
  if (!demo.token) throw new Error(`login demo on the spawned server: ${demo.status}`);
  const headers = { authorization: `Bearer ${demo.token}` };
  const load = { base: server.base, method: 'GET', headers, concurrency: CONCURRENCY, warmup: 20, maxSeconds: 10 };
  const info = await runLoad({ ...load, path: INFO_PATH, maxRequests: 100 });
  const audit = await runLoad({ ...load, path: AUDIT_PATH, maxRequests: 300 });
  return { idle, loaded: rssOf(server.child.pid!), info, audit };
}
