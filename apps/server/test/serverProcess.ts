/**
 * The real server as a child process for crash tests: `node --import tsx src/main.ts` on a PGlite folder or a
 * PostgreSQL database, loopback only, background workers off. `kill()` is SIGKILL (no shutdown hook runs);
 * every spawned process is also killed when the test process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import nodeHttp from 'node:http';
import path from 'node:path';
import { freePort } from '../src/platform/db/postgresProcess.ts';
import { BROWSER_COOKIE, xsrfTokenFor } from '../src/platform/http/security.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const SECRET = 'secreto-de-las-pruebas-de-caida-0123456789';
const BROWSER = 'navegador-de-las-pruebas-de-caida';
const XSRF = xsrfTokenFor(SECRET, BROWSER);
/** The cookie + header pair of the spawned servers' test browser. */
export const SPAWN_CSRF = { header: XSRF, cookie: `XSRF-TOKEN=${XSRF}; ${BROWSER_COOKIE}=${BROWSER}` };
const START_TIMEOUT_MS = 40_000;

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Log of the process (stdout + stderr), for failure messages. */
  output: () => string;
  /** SIGKILL, resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM (clean shutdown), SIGKILL after 10 s. */
  stop: () => Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function spawnServer(
  db: { dataDir?: string; databaseUrl?: string },
  extraEnv: NodeJS.ProcessEnv = {},
  startTimeoutMs = START_TIMEOUT_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TOKEN_SECRET;
  delete env.NODE_OPTIONS; // vitest's worker hooks must not leak into the child
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TOKEN_SECRET: SECRET, // known, so the CSRF token bound to the test browser can be computed
    SEED_DEMO: '0', // the folder / database is a copy of the seeded test template
    LOG_LEVEL: 'warn',
    FARO_TRABAJOS: '0',
    FARO_VERIFACTU_WORKER: '0',
    FARO_VERIFACTU_SIMULADOR: '0',
    ...(db.dataDir ? { DATA_DIR: db.dataDir } : {}),
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...extraEnv,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  void exited.then(() => live.delete(child));
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async () => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    if (gone()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (gone()) throw new Error(`el servidor terminó al arrancar (${child.exitCode ?? child.signalCode}):\n${log}`);
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`el servidor no respondió en ${startTimeoutMs} ms:\n${log}`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(50);
  }
  return { base, child, output: () => log, kill, stop };
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
}

/** One HTTP call with the CSRF cookie + header pair the browser sends. */
export async function http<T = any>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = {
    cookie: `XSRF-TOKEN=${XSRF}; ${BROWSER_COOKIE}=${BROWSER}`,
    'x-xsrf-token': XSRF,
  };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: body as T };
}

export async function loginHttp(base: string, user: string, password: string): Promise<string> {
  const res = await http<{ Token: string }>(base, 'POST', '/api/usuarios/registro/login', {
    body: { Usuario: user, Password: password, IdCliente: 'pruebas-de-caida' },
  });
  if (res.status !== 200) throw new Error(`login ${user}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Token;
}

export interface FreshAnswer {
  status: number;
  headers: nodeHttp.IncomingHttpHeaders;
  body: { Mensaje?: string; Token?: string } | null;
}

/** One call on a fresh connection (no keep-alive), so a FARO_PROCESOS cluster hands each one to the next worker. */
export function freshHttp(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<FreshAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = nodeHttp.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          'x-xsrf-token': SPAWN_CSRF.header,
          cookie: SPAWN_CSRF.cookie,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
