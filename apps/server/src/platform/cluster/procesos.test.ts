import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshHttp as fresh, SECRET as SECRET_SPAWN, spawnServer } from '../../../test/serverProcess.ts';
import { TEMPLATE_DB, withDatabase } from '../../../test/templateSetup.ts';
import { createTestApp, TEST_CSRF, TEST_SECRET, type TestApp } from '../../../test/testApp.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { SUSPENDIDA } from '../../modules/administracion/suspension.ts';
import { ACCOUNT_LOCKED, LOCK_AFTER_FAILURES, LOGIN_FAILED, TOO_MANY } from '../auth/sessionRoutes.ts';
import { openDatabase } from '../db/database.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { numeroProcesos, SIN_POSTGRES } from './procesos.ts';

/**
 * Several server processes on one database. First two apps built on the SAME database in this process
 * (each with its own throttles, hooks and runner, as two processes have): whatever one counts or changes, the other
 * sees at once. Then the real thing: `FARO_PROCESOS=2` spawns a supervisor and two workers on one PostgreSQL
 * database (server-postgres), or is refused in Spanish on a PGlite folder (server-pglite).
 */
const ENGINE = process.env.FARO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const ADM = '/api/usuarios/administrador';

let a: TestApp;
let b: BuiltApp;
/** The clock of both apps (sign-in delays and locks), moved forward by the tests; a fixed day, not today. */
let clock = Date.parse('2030-03-04T09:00:00Z');

beforeAll(async () => {
  a = await createTestApp({ now: () => clock });
  b = await buildApp({ config: a.config, database: a.database, secret: TEST_SECRET });
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

/** One call to app `which` ('a' or 'b'), with the browser's CSRF pair. */
async function call(which: 'a' | 'b', method: string, url: string, body?: unknown, token?: string) {
  const app = which === 'a' ? a.app : b.app;
  const res = await app.inject({
    method: method as 'GET',
    url,
    payload: body === undefined ? undefined : (body as object),
    headers: { ...TEST_CSRF.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    cookies: TEST_CSRF.cookies,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

const login = (which: 'a' | 'b', Usuario: string, Password: string) =>
  call(which, 'POST', '/api/usuarios/registro/login', { Usuario, Password, IdCliente: 'cliente-de-pruebas' });

describe('two apps on one database', () => {
  it.each([
    ['a known account', 'empleado'],
    ['a user name that does not exist', 'nadie.conocido'],
  ])('locks %s when its failures are split between the two', async (_what, usuario) => {
    for (let i = 1; i <= LOCK_AFTER_FAILURES; i++) {
      clock += 10 * 60_000; // past every growing delay: only the count matters
      const res = await login(i % 2 ? 'a' : 'b', usuario, `Incorrecta${i}`);
      expect(res, `intento ${i}`).toMatchObject({ status: 400, body: { Mensaje: LOGIN_FAILED } });
    }
    clock += 60_000;
    for (const which of ['a', 'b'] as const) {
      // Locked on both, whatever the password (the right one included).
      const res = await login(which, usuario, 'Demo1234');
      expect(res, which).toMatchObject({ status: 429, body: { Mensaje: ACCOUNT_LOCKED } });
    }
    clock += 24 * 60 * 60_000; // the lock ends by itself (for the other tests)
  });

  it('counts the per-address cap of one minute across both', async () => {
    clock += 10 * 60_000;
    const refresh = (which: 'a' | 'b') =>
      call(which, 'POST', '/api/usuarios/token/refresh', { TokenRefresco: 'no-vale', IdCliente: 'cliente-de-pruebas' });
    for (let i = 1; i <= 30; i++) expect((await refresh(i % 2 ? 'a' : 'b')).status, `intento ${i}`).toBe(401);
    expect(await refresh('a')).toMatchObject({ status: 429, body: { Mensaje: TOO_MANY } });
    expect(await refresh('b')).toMatchObject({ status: 429, body: { Mensaje: TOO_MANY } });
  });

  it('refuses at once on one app a company suspended through the other, and lets it back in', async () => {
    const admin = await a.as('admin');
    const demo = await a.as('demo', 'DEMO');
    const [empresa] = await a.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    const id = empresa!.id;
    expect((await call('b', 'GET', '/api/ventas/clientes/list', undefined, demo.token)).status).toBe(200);
    const suspend = (Suspendida: boolean) =>
      call('a', 'POST', `${ADM}/admempresas/suspender/${id}`, { Suspendida }, admin.token);
    expect((await suspend(true)).status).toBe(200);
    try {
      const refused = await call('b', 'GET', '/api/ventas/clientes/list', undefined, demo.token);
      expect(refused).toMatchObject({ status: 403, body: { Mensaje: SUSPENDIDA } });
    } finally {
      expect((await suspend(false)).status).toBe(200);
    }
    expect((await call('b', 'GET', '/api/ventas/clientes/list', undefined, demo.token)).status).toBe(200);
  });

  it('runs a due job once when both runners tick together', async () => {
    let runs = 0;
    const job = {
      nombre: `prueba-procesos-${randomUUID().slice(0, 8)}`,
      intervaloSegundos: 3600,
      async run() {
        runs++;
        await new Promise((r) => setTimeout(r, 200));
        return 'hecho';
      },
    };
    const runners = [
      createJobRunner({ database: a.database, jobs: [job] }),
      createJobRunner({ database: a.database, jobs: [job] }),
    ];
    const ran = (await Promise.all(runners.map((r) => r.runDue()))).flat();
    expect(ran).toEqual([job.nombre]);
    expect(runs).toBe(1);
    // Not due any more for either.
    expect((await Promise.all(runners.map((r) => r.runDue()))).flat()).toEqual([]);
    expect(runs).toBe(1);
  });
});

it('reads FARO_PROCESOS as a whole number from 1 to 64, in Spanish otherwise', () => {
  expect(numeroProcesos(undefined)).toBe(1);
  expect(numeroProcesos(' 4 ')).toBe(4);
  for (const bad of ['0', '2.5', 'dos', '65']) expect(() => numeroProcesos(bad)).toThrow('FARO_PROCESOS debe ser');
});

describe(`FARO_PROCESOS=2 as real processes (${ENGINE})`, () => {
  let cleanup: () => Promise<void> = async () => {};
  afterAll(async () => cleanup());

  it(ENGINE === 'postgres'
    ? 'two workers share the port and the database: throttle, suspension and jobs hold across them'
    : 'is refused on the embedded database with a Spanish message', async () => {
    if (ENGINE === 'pglite') {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'faro-procesos-'));
      cleanup = async () => rmSync(folder, { recursive: true, force: true });
      const dataDir = path.join(folder, 'data');
      const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
      await database.close();
      const refused = spawnServer({ dataDir }, { FARO_PROCESOS: '2' });
      await expect(refused).rejects.toThrow(SIN_POSTGRES);
      // It says how to move the folder to the embedded PostgreSQL.
      await expect(refused).rejects.toThrow(
        /es de PGlite.*npm run backup.*FARO_MOTOR=postgres DATA_DIR=.* npm run restore/,
      );
      return;
    }
    const url = inject('databaseUrl');
    const name = `faro_procesos_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const databaseUrl = withDatabase(url, name);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // Every job due now: both workers tick at start, and each job must still run once.
    await db.query("update trabajos set proxima_ejecucion = now() - interval '1 minute'");
    const before = new Map(
      (await db.query<{ nombre: string; n: number }>('select nombre, ejecuciones as n from trabajos')).rows.map((r) => [
        r.nombre,
        Number(r.n),
      ]),
    );
    const server = await spawnServer(
      { databaseUrl },
      { FARO_PROCESOS: '2', FARO_TRABAJOS: '1', LOG_LEVEL: 'info' },
      150_000, // three processes load the TypeScript sources at once on a busy machine
    );
    cleanup = async () => {
      await server.stop();
      await db.end();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    for (let i = 0; !server.output().includes('2 procesos listos'); i++) {
      if (i > 2400) throw new Error(`los dos procesos no arrancaron:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    // The per-address cap (30 a minute on refresh/sign-in), counted by both workers together.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await fresh(server.base, 'POST', '/api/usuarios/token/refresh', {
        TokenRefresco: 'no-vale',
        IdCliente: 'cliente-de-pruebas',
      });
      statuses.push(r.status);
    }
    expect(
      statuses.slice(0, 30).every((s) => s === 401),
      String(statuses),
    ).toBe(true);
    expect(statuses[30]).toBe(429);
    const refreshPids = new Set(
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('/api/usuarios/token/refresh'))
        .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
    );
    expect(refreshPids.size, 'las 31 peticiones las atendieron los dos procesos').toBe(2);

    // A suspension made through one connection is refused on every following one (both workers).
    const { TOKEN_ADMIN, TOKEN_DEMO, empresaId } = await tokens(server.base, databaseUrl);
    const list = () => fresh(server.base, 'GET', '/api/ventas/clientes/list', undefined, TOKEN_DEMO);
    expect((await list()).status).toBe(200);
    const s = await fresh(
      server.base,
      'POST',
      `${ADM}/admempresas/suspender/${empresaId}`,
      { Suspendida: true },
      TOKEN_ADMIN,
    );
    expect(s.status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await list()).toMatchObject({ status: 403, body: { Mensaje: SUSPENDIDA } });

    // Each due job ran exactly once.
    const jobs = await db.query<{ nombre: string; n: number }>('select nombre, ejecuciones as n from trabajos');
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const j of jobs.rows) expect(Number(j.n) - (before.get(j.nombre) ?? 0), j.nombre).toBe(1);
  }, 120_000);
});

/** Sessions of the platform administrator and of demo, issued straight into the spawned server's database. */
async function tokens(base: string, databaseUrl: string) {
  const { issuePair, defaultCentre } = await import('../auth/sessions.ts');
  const { loadConfig } = await import('../../config.ts');
  const database = await openDatabase({ databaseUrl });
  try {
    const config = loadConfig({ PUBLIC_URL: base });
    const one = async (user: string, codigo: string | null) => {
      const [p] = await database.query<{ id: number }>('select id from personas where user_name = $1', [user]);
      const empresaId = codigo
        ? Number((await database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]))[0]!.id)
        : null;
      const centro = empresaId ? await defaultCentre(database.db, empresaId) : null;
      return {
        empresaId,
        pair: await issuePair(
          { db: database.db, config, secret: SECRET_SPAWN },
          { personaId: Number(p!.id), empresaId, centro },
          'cliente-de-pruebas',
        ),
      };
    };
    const adm = await one('admin', null);
    const demo = await one('demo', 'DEMO');
    return { TOKEN_ADMIN: adm.pair.Token, TOKEN_DEMO: demo.pair.Token, empresaId: demo.empresaId! };
  } finally {
    await database.close();
  }
}
