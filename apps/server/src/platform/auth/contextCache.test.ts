import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { createTestApp, type Session, TEST_CSRF, TEST_SECRET, type TestApp } from '../../../test/testApp.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { SUSPENDIDA } from '../../modules/administracion/suspension.ts';
import type { Database, Db } from '../db/database.ts';
import * as schema from '../db/schema.ts';
import { claveDe, hayContexto } from './contextCache.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * The request-context cache (contextCache.ts) and the list caches (documentos/cacheLista.ts) never outlive a change.
 * Two apps on one database, each with its OWN database handle (so its own caches, as two server processes of
 * FARO_PROCESOS have): every session is first used twice on both (its context is then kept by both), the change is
 * made through app A (or by plain SQL, as another tool would), and the very next request on A and on B sees it.
 * Without the versions (a cache that only keeps), every one of these tests fails.
 */
let a: TestApp;
let b: BuiltApp;
let otherPool: pg.Pool | undefined;
const ADM = '/api/usuarios/administrador';
const INFO = '/api/usuarios/usuario/infoempre';
const LISTA = '/api/ventas/fventa/list?Pagina=1&TotalPagina=50';

/** A second handle on the same database: a new pool on PostgreSQL, a new Drizzle instance over the PGlite engine. */
function otherHandle(database: Database): Database {
  let db: Db;
  if (database.kind === 'postgres') {
    otherPool = new pg.Pool({ connectionString: database.url, max: 4 });
    // pool.end() resolves before its clients have closed: the test database's DROP … WITH (FORCE) may still end one,
    // and a pool without an 'error' listener would throw that as an uncaught exception (as openPostgres's pool never does).
    otherPool.on('error', () => {});
    db = drizzlePg({ client: otherPool, schema }) as unknown as Db;
  } else {
    db = drizzlePglite({ client: database.pglite!, schema }) as unknown as Db;
  }
  return { ...database, db };
}

beforeAll(async () => {
  a = await createTestApp();
  const other = otherHandle(a.database);
  expect(other.db).not.toBe(a.database.db);
  b = await buildApp({ config: a.config, database: other, secret: TEST_SECRET });
});
afterAll(async () => {
  await b?.app.close();
  await otherPool?.end();
  await a?.close();
});

async function call(which: 'a' | 'b', token: string, method: string, url: string, body?: unknown) {
  const res = await (which === 'a' ? a.app : b.app).inject({
    method: method as 'GET',
    url,
    payload: body === undefined ? undefined : (body as object),
    headers: { ...TEST_CSRF.headers, authorization: `Bearer ${token}` },
    cookies: TEST_CSRF.cookies,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, text: res.body };
}

/** Two requests on each app: the context is then kept by both (asserted). */
async function warm(s: Session, url = INFO): Promise<void> {
  for (const which of ['a', 'b', 'a', 'b'] as const) expect((await call(which, s.token, 'GET', url)).status).toBe(200);
  const clave = claveDe(verifyAccessToken(s.token, TEST_SECRET)!);
  expect(hayContexto(a.database.db, clave)).toBe(true);
  expect(hayContexto(b.deps.database.db, clave)).toBe(true);
}

async function bothAnswer(s: Session, status: number, url = INFO) {
  for (const which of ['a', 'b'] as const) expect((await call(which, s.token, 'GET', url)).status, which).toBe(status);
}

describe('a kept context is dropped at once, on every process', () => {
  it('after logout', async () => {
    const s = await a.as('empleado', 'DEMO');
    await warm(s);
    expect((await call('a', s.token, 'POST', '/api/usuarios/usuario/logout')).status).toBe(204);
    await bothAnswer(s, 401);
  });

  it('after a refresh token is used twice (the whole family is revoked)', async () => {
    const s = await a.login('empleado');
    await warm(s);
    const refresh = (token: string, idCliente = 'cliente-de-pruebas') =>
      a.call('POST', '/api/usuarios/token/refresh', { TokenRefresco: token, IdCliente: idCliente });
    const first = await refresh(s.refresh);
    expect(first.status).toBe(200);
    const rotated = a.session(first.body.Token);
    await warm(rotated);
    // Reuse from another browser (the same browser within seconds is a second tab and gets the successor): theft.
    expect((await refresh(s.refresh, 'otro-navegador-1')).status).toBe(401);
    await bothAnswer(s, 401);
    await bothAnswer(rotated, 401);
  });

  it('after a password change (the other sessions of the person)', async () => {
    const other = await a.as('tutor');
    const s = await a.as('tutor');
    await warm(other);
    const res = await s.request('POST', '/api/usuarios/usuario/cambiarcontrasena', {
      PasswordActual: 'Demo1234',
      NuevoPassword: 'Nueva1234',
    });
    expect(res.status).toBe(200);
    await bothAnswer(other, 401);
    await bothAnswer(s, 200);
  });

  it('after the person is locked by plain SQL (any writer moves the version: triggers)', async () => {
    const s = await a.as('profesor');
    await warm(s);
    await a.database.query(`update personas set bloqueado = true where user_name = 'profesor'`);
    try {
      await bothAnswer(s, 401);
    } finally {
      await a.database.query(`update personas set bloqueado = false where user_name = 'profesor'`);
    }
    await bothAnswer(s, 200);
  });

  describe('in the company', () => {
    let owner: Session;
    let memberId = 0;
    let member: Session;

    beforeAll(async () => {
      owner = await a.as('demo', 'DEMO');
      memberId = await crear(owner, '/api/usuarios/usuarios/save', {
        UserName: 'cacheada',
        Nombre: 'Usuaria de la caché',
        Email: 'cacheada@demo.test',
        Roles: ['usuario'],
      });
      member = await a.as('cacheada', 'DEMO');
    });

    it('after a changed profile, and after the profile itself changes', async () => {
      await warm(member, LISTA);
      const sin = Object.fromEntries(
        Object.keys((await call('a', member.token, 'GET', INFO)).body.Permisos).map((c) => [c, 3]),
      );
      const perfil = await crear(owner, '/api/usuarios/roles/save', {
        Nombre: 'Sin facturas',
        Permisos: { ...sin, VentasFact: 0 },
      });
      const edit = await owner.request('GET', `/api/usuarios/usuarios/edit/${memberId}`);
      const upd = await owner.request('PUT', `/api/usuarios/usuarios/save/${memberId}`, {
        ...edit.body,
        IdPerfil: perfil,
      });
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      await bothAnswer(member, 403, LISTA);
      // The profile (roles table) changes: VentasFact back to 1.
      const p = await owner.request('GET', `/api/usuarios/roles/edit/${perfil}`);
      expect(p.status).toBe(200);
      const back = await owner.request('PUT', `/api/usuarios/roles/save/${perfil}`, {
        ...p.body,
        Permisos: { ...sin, VentasFact: 1 },
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      await bothAnswer(member, 200, LISTA);
    });

    it('after the company denies a feature (the company row)', async () => {
      await warm(member, LISTA);
      await a.database.query(
        `update empresas set denegados = denegados || '["VentasFact"]'::jsonb where codigo = 'DEMO'`,
      );
      try {
        await bothAnswer(member, 403, LISTA);
      } finally {
        await a.database.query(`update empresas set denegados = denegados - 'VentasFact' where codigo = 'DEMO'`);
      }
      await bothAnswer(member, 200, LISTA);
    });

    it('after the company suspends (refused on both) and comes back', async () => {
      const admin = await a.as('admin');
      await warm(member, LISTA);
      const [empresa] = await a.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
      const suspend = (Suspendida: boolean) =>
        call('a', admin.token, 'POST', `${ADM}/admempresas/suspender/${empresa!.id}`, { Suspendida });
      expect((await suspend(true)).status).toBe(200);
      try {
        for (const which of ['a', 'b'] as const) {
          const res = await call(which, member.token, 'GET', LISTA);
          expect(res, which).toMatchObject({ status: 403, body: { Mensaje: SUSPENDIDA } });
        }
      } finally {
        expect((await suspend(false)).status).toBe(200);
      }
      await bothAnswer(member, 200, LISTA);
    });

    it('after the member is removed from the company (last: the member is gone)', async () => {
      await warm(member, LISTA);
      const res = await owner.request('DELETE', `/api/usuarios/usuarios/delete/${memberId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      await bothAnswer(member, 401, LISTA);
    });
  });
});

describe('the list keeps its count and page only while no document of the company changes', () => {
  it('shows a draft saved through one process on the next list of the other, and its removal', async () => {
    const owner = await a.as('demo', 'DEMO');
    const list = async (which: 'a' | 'b') => {
      const res = await call(which, owner.token, 'GET', LISTA);
      expect(res.status).toBe(200);
      return res;
    };
    const before = await list('b');
    for (const which of ['a', 'b', 'a', 'b'] as const) expect((await list(which)).text).toBe(before.text);
    const cliente = (await owner.request('GET', '/api/ventas/clientes/list?TotalPagina=1')).body.Items[0].Id;
    const saved = await crear(owner, '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: '2026-03-02',
      Lineas: [{ Descripcion: 'Caché', Cantidad: '1', Precio: '10', Descuento: null, TipoIva: 'IVA21' }],
    });
    for (const which of ['b', 'a'] as const) {
      const after = (await list(which)).body;
      expect(after.Total, which).toBe(Math.min(before.body.Total + 1, 10_000));
    }
    // The same page of a filter that now holds it.
    const borradores = `${LISTA}&Filtros=${encodeURIComponent(JSON.stringify({ Borrador: true }))}`;
    const ids = async (which: 'a' | 'b') =>
      (await call(which, owner.token, 'GET', borradores)).body.Items.map((d: { Id: number }) => d.Id);
    expect(await ids('b')).toContain(saved);
    expect(await ids('a')).toContain(saved);
    expect((await owner.request('DELETE', `/api/ventas/fventa/delete/${saved}`)).status).toBe(200);
    expect(await ids('b')).not.toContain(saved);
    expect(await ids('a')).not.toContain(saved);
    expect((await list('b')).body.Total).toBe(before.body.Total);
  });

  it('answers the same JSON text from the cache as freshly built', async () => {
    const owner = await a.as('demo', 'DEMO');
    const url = `${LISTA}&Filtros=${encodeURIComponent(JSON.stringify({ Estado: 'Emitida' }))}`;
    const first = await call('a', owner.token, 'GET', url);
    const kept = await call('a', owner.token, 'GET', url);
    expect(kept.text).toBe(first.text);
    expect(Object.keys(first.body)).toEqual(['Items', 'Total', 'TotalLimitado']);
  });
});
