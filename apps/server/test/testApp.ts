import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { defaultCentre, issuePair } from '../src/platform/auth/sessions.ts';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import { BROWSER_COOKIE, xsrfTokenFor } from '../src/platform/http/security.ts';
import { TEMPLATE_DB, withDatabase } from './templateSetup.ts';

export const TEST_SECRET = 'secreto-de-pruebas-faro-0123456789';
export const DEMO_PASSWORD = 'Demo1234';

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface Session {
  token: string;
  refresh: string;
  request<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response<T>>;
}

export interface TestApp extends BuiltApp {
  database: Database;
  config: Config;
  engine: 'pglite' | 'postgres';
  /** An anonymous call carrying a valid CSRF cookie and header (like the browser does). */
  call<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response<T>>;
  login(userName: string, password?: string, extra?: Record<string, unknown>): Promise<Session>;
  session(token: string, refresh?: string): Session;
  /** A session for a member of a company (by codes), issued directly: no sign-in throttling involved. */
  as(userName: string, empresaCodigo?: string, centro?: string): Promise<Session>;
  close(): Promise<void>;
}

/** Opens a fresh copy of the demo database for one test file (PGlite or PostgreSQL, by the running project). */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = inject('databaseUrl');
  if (process.env.FARO_TEST_DB === 'postgres' && !url) {
    throw new Error('Falta PostgreSQL para el proyecto server-postgres (ver el aviso de la configuración global)');
  }
  if (url) {
    const name = `faro_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ memory: true, loadDataDir: new Blob([template]) });
  return { database, drop: async () => {} };
}

/**
 * `openTestDatabase` for the enclosing `describe`: opened before its tests, closed and dropped after them. Returns
 * the database (call it inside a test or a hook).
 */
export function usarBaseDePruebas(): () => Database {
  let abierta: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    abierta = await openTestDatabase();
  });
  afterAll(async () => {
    await abierta?.database.close();
    await abierta?.drop();
  });
  return () => {
    if (!abierta) throw new Error('La base de pruebas aún no está abierta');
    return abierta.database;
  };
}

/** The test browser: its id cookie and the CSRF token bound to it (cookie + header, like the browser sends). */
const BROWSER = 'navegador-de-pruebas';
const XSRF = xsrfTokenFor(TEST_SECRET, BROWSER);
export const TEST_CSRF = {
  headers: { 'x-xsrf-token': XSRF },
  cookies: { 'XSRF-TOKEN': XSRF, [BROWSER_COOKIE]: BROWSER },
} as const;

export async function createTestApp(
  overrides: Partial<Config> = {},
  opened?: { database: Database; drop: () => Promise<void> }, // another engine (backups of the embedded PostgreSQL)
): Promise<TestApp> {
  const { database, drop } = opened ?? (await openTestDatabase());
  const config = { ...loadConfig({ PUBLIC_URL: 'http://faro.test' }), ...overrides };
  const built = await buildApp({ config, database, secret: TEST_SECRET });
  const { app } = built;

  async function send<T>(
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Response<T>> {
    const res = await app.inject({
      method: method as 'GET',
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: { ...TEST_CSRF.headers, ...headers },
      cookies: TEST_CSRF.cookies,
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : null;
    } catch {}
    return { status: res.statusCode, body: parsed as T, headers: res.headers };
  }

  const session = (token: string, refresh = ''): Session => ({
    token,
    refresh,
    request: (method, url, body, headers = {}) =>
      send(method, url, body, { authorization: `Bearer ${token}`, ...headers }),
  });

  return {
    ...built,
    database,
    config,
    engine: database.kind,
    call: (method, url, body, headers = {}) => send(method, url, body, headers),
    session,
    async login(userName, password = DEMO_PASSWORD, extra = {}) {
      const res = await send<{ Token: string; TokenRefresh: string; Mensaje?: string }>(
        'POST',
        '/api/usuarios/registro/login',
        { Usuario: userName, Password: password, IdCliente: 'cliente-de-pruebas', ...extra },
        {},
      );
      if (res.status !== 200) throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
      return session(res.body.Token, res.body.TokenRefresh);
    },
    async as(userName, empresaCodigo, centro) {
      const [persona] = await database.query<{ id: number }>(
        'select id from personas where lower(user_name) = lower($1)',
        [userName],
      );
      if (!persona) throw new Error(`No existe ${userName}`);
      let empresaId: number | null = null;
      if (empresaCodigo) {
        const [e] = await database.query<{ id: number }>('select id from empresas where codigo = $1', [empresaCodigo]);
        empresaId = Number(e!.id);
      } else {
        const [m] = await database.query<{ empresa_id: number }>(
          'select empresa_id from miembros where persona_id = $1 order by empresa_id limit 1',
          [persona.id],
        );
        empresaId = m ? Number(m.empresa_id) : null;
      }
      const pair = await issuePair(
        { db: database.db, config, secret: TEST_SECRET },
        {
          personaId: Number(persona.id),
          empresaId,
          centro: centro ?? (empresaId ? await defaultCentre(database.db, empresaId) : null),
        },
        'cliente-de-pruebas',
      );
      return session(pair.Token, pair.TokenRefresh);
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
