import { ENTITY_LIST } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import type { RegisteredRoute } from './routeRegistry.ts';

/**
 * Generated over every registered route: with company A's session, company B's ids answer 404 and no byte of B's
 * data appears in any response. A route this matrix does not know how to call fails the suite.
 */
const SENTINEL = `CENTINELA-B-${Math.random().toString(36).slice(2, 10)}`;

let t: TestApp;
let a: Session; // demo, owner of DEMO (every permission)
let b: Session; // autoescuela, owner of AUTOESCUELA
const bIds = new Map<string, number>(); // resource base path → an id of B
let bEmpresaId = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.as('demo', 'DEMO');
  b = await t.as('autoescuela', 'AUTOESCUELA');
  bEmpresaId = (await b.request('GET', '/api/usuarios/usuario/infoempre')).body.IdEmpresa;
  // Give B a row in every resource, each carrying the sentinel.
  expect((await b.request('POST', '/api/configuracion/centros/save', { Val: 'CENTB', Desc: SENTINEL })).status).toBe(
    201,
  );
  expect((await b.request('POST', '/api/usuarios/roles/save', { Nombre: SENTINEL, Permisos: {} })).status).toBe(201);
  expect(
    (
      await b.request('POST', '/api/usuarios/usuarios/save', {
        UserName: 'usuario.b',
        Nombre: SENTINEL,
        Email: 'b@b.test',
        Roles: ['usuario'],
        FichajeActivo: true,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await b.request('POST', '/api/rrhh/fichajesusu/save', {
        Tipo: 'j',
        Origen: 'w',
        Latitud: 43.2627,
        Longitud: -2.9253,
      })
    ).status,
  ).toBe(200);
  for (const entity of ENTITY_LIST) {
    const base = `/api/${entity.area}/${entity.name}`;
    const list = await b.request('GET', `${base}/list?TotalPagina=200`);
    expect(list.status, base).toBe(200);
    const mine =
      list.body.Items.find((r: Record<string, unknown>) => JSON.stringify(r).includes(SENTINEL)) ?? list.body.Items[0];
    expect(mine, `B needs a row in ${base}`).toBeTruthy();
    bIds.set(base, mine.Id);
  }
});
afterAll(() => t.close());

type Caller = (route: RegisteredRoute) => Promise<{ status: number; body: unknown }>;

const CRUD_ID = /^(\/api\/[^/]+\/[^/]+)\/(edit|save|delete)\/:id$/;

/** How to call each route that takes parameters other than a CRUD :id, with B's values. */
const explicit: Record<string, Caller> = {
  'GET /api/usuarios/usuario/cambiarempre/:id/web': () =>
    a.request('GET', `/api/usuarios/usuario/cambiarempre/${bEmpresaId}/web`),
  'GET /api/usuarios/usuario/cambiarcentro/:val': () => a.request('GET', '/api/usuarios/usuario/cambiarcentro/CENTB'),
  // Platform administration is cross-company by design: a company user gets 403 there.
  'GET /api/usuarios/administrador/admusuarios/list/:empresa': () =>
    a.request('GET', `/api/usuarios/administrador/admusuarios/list/${bEmpresaId}`),
  'POST /api/usuarios/administrador/admusuarios/desbloquear/:empresa/:id': () =>
    a.request('POST', `/api/usuarios/administrador/admusuarios/desbloquear/${bEmpresaId}/1`),
  'POST /api/usuarios/administrador/admusuarios/cambiarcontrasena/:empresa/:id': () =>
    a.request('POST', `/api/usuarios/administrador/admusuarios/cambiarcontrasena/${bEmpresaId}/1`, {
      NuevoPassword: 'Cambiada123',
    }),
};

/** Routes that end the caller's own session: called last, on a throwaway session. */
const SELF_ENDING = new Set(['POST /api/usuarios/usuario/logout']);

function callerFor(route: RegisteredRoute): Caller | undefined {
  const key = `${route.method} ${route.url}`;
  if (explicit[key]) return explicit[key];
  const crud = CRUD_ID.exec(route.url);
  if (crud) {
    const [, base, action] = crud as unknown as [string, string, string];
    return async () => {
      const id = bIds.get(base);
      if (!id) throw new Error(`Sin id de B para ${base}`);
      if (action === 'save') {
        const original = await b.request('GET', `${base}/edit/${id}`);
        return a.request(route.method, `${base}/save/${id}`, { ...original.body, Baja: true });
      }
      return a.request(route.method, `${base}/${action}/${id}`);
    };
  }
  if (!route.url.includes(':')) {
    return async () => {
      const session = SELF_ENDING.has(key) ? await t.as('demo', 'DEMO') : a;
      return session.request(
        route.method,
        route.url,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
    };
  }
  return undefined;
}

describe('tenant isolation over every registered route', () => {
  it('knows how to call every route', () => {
    const unknown = t.deps.routes.filter((r) => !callerFor(r)).map((r) => `${r.method} ${r.url}`);
    expect(unknown, 'routes the isolation matrix does not cover: add them to `explicit`').toEqual([]);
  });

  it('answers 404 (or 403 on platform routes) for B’s ids and never shows B’s data to A', async () => {
    const results: string[] = [];
    for (const route of t.deps.routes) {
      const res = await callerFor(route)!(route);
      const key = `${route.method} ${route.url}`;
      const text = JSON.stringify(res.body ?? '');
      if (text.includes(SENTINEL)) results.push(`${key}: B's data leaked`);
      if (res.status >= 500) results.push(`${key}: ${res.status}`);
      const takesBId = route.url.includes(':');
      if (takesBId) {
        const expected = route.access.kind === 'admin' ? 403 : 404;
        if (res.status !== expected) results.push(`${key}: ${res.status}, expected ${expected}`);
      }
    }
    expect(results).toEqual([]);
  });

  it('left every row of B as it was', async () => {
    for (const [base, id] of bIds) {
      const res = await b.request('GET', `${base}/edit/${id}`);
      expect(res.status, base).toBe(200);
      if ('Baja' in res.body) expect(res.body.Baja, base).toBe(false);
    }
    const users = await b.request('GET', '/api/usuarios/usuarios/list');
    expect(JSON.stringify(users.body)).toContain(SENTINEL);
    const clock = await b.request('GET', '/api/rrhh/fichajesusu/list');
    expect(clock.body.Total).toBe(1);
  });
});
