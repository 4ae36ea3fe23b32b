import { MSG, PERMISSION_CODE_LIST, type PermissionLevel } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';
import type { RegisteredRoute } from '../http/routeRegistry.ts';

/**
 * Generated over every registered route by its declared access: permission routes are called at levels 0–3 of
 * their code (403 below the level the action needs, through the guard at or above it); the other kinds are
 * called by someone who lacks them.
 */
let memberId = 0;

const t = appDePruebas();
const owner = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const created = await owner.request('POST', '/api/usuarios/usuarios/save', {
    UserName: 'matriz',
    Nombre: 'Usuaria de la matriz',
    Email: 'matriz@demo.test',
    Roles: ['usuario'],
  });
  expect(created.status).toBe(201);
  memberId = created.body.Id;
});

/** Gives the test member a profile with `level` on `code` and 0 on everything else (profiles made once each). */
const profiles = new Map<string, number>();
async function memberWith(code: string, level: PermissionLevel): Promise<Session> {
  const key = `${code}:${level}`;
  let perfilId = profiles.get(key);
  if (!perfilId) {
    const permisos = Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, c === code ? level : 0]));
    const perfil = await owner.request('POST', '/api/usuarios/roles/save', {
      Nombre: `Matriz ${key}`,
      Permisos: permisos,
    });
    expect(perfil.status).toBe(201);
    perfilId = perfil.body.Id as number;
    profiles.set(key, perfilId);
  }
  const member = await owner.request('GET', `/api/usuarios/usuarios/edit/${memberId}`);
  const upd = await owner.request('PUT', `/api/usuarios/usuarios/save/${memberId}`, {
    ...member.body,
    IdPerfil: perfilId,
  });
  expect(upd.status).toBe(200);
  // Levels are read from the database on every request: the same session now has the new level.
  memberSession ??= await t.as('matriz', 'DEMO');
  return memberSession;
}
let memberSession: Session | undefined;

const urlOf = (route: RegisteredRoute) => route.url.replace(/:[a-z]+/gi, '999999');
const bodyOf = (route: RegisteredRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

describe('permission levels over every permission route', () => {
  const permissionRoutes = () => t.deps.routes.filter((r) => r.access.kind === 'permission');

  it('covers at least the four entity resources', () => {
    expect(permissionRoutes().length).toBeGreaterThanOrEqual(4 * 2 + 3 * 3);
  });

  it('answers 403 below the level each action needs and lets the request through at or above it', async () => {
    const wrong: string[] = [];
    // Grouped by permission code: the member's profile changes once per code and level, not once per route.
    const byCode = new Map<string, RegisteredRoute[]>();
    for (const route of permissionRoutes()) {
      const a = route.access as Extract<RegisteredRoute['access'], { kind: 'permission' }>;
      byCode.set(a.code, [...(byCode.get(a.code) ?? []), route]);
    }
    let calls = 0;
    for (const [code, routes] of byCode) {
      for (const level of [0, 1, 2, 3] as const) {
        const s = await memberWith(code, level);
        for (const route of routes) {
          const a = route.access as Extract<RegisteredRoute['access'], { kind: 'permission' }>;
          const res = await s.request(route.method, urlOf(route), bodyOf(route));
          calls++;
          const denied = res.status === 403;
          if (denied !== level < a.level) wrong.push(`${route.method} ${route.url} at level ${level}: ${res.status}`);
          if (denied && res.body.Mensaje !== MSG.forbidden)
            wrong.push(`${route.method} ${route.url}: message ${res.body.Mensaje}`);
        }
      }
    }
    expect(calls).toBe(permissionRoutes().length * 4);
    expect(wrong).toEqual([]);
    // Four calls per permission route: with the sales, taxes and treasury routes it outgrows the 30 s default.
  }, 180_000);
});

describe('the other access kinds', () => {
  it('refuses every non-public route without a token (401) and every admin route to a company owner (403)', async () => {
    const wrong: string[] = [];
    const demo = await t.as('demo', 'DEMO');
    for (const route of t.deps.routes) {
      if (route.access.kind === 'public') continue;
      const anon = await t.call(route.method, urlOf(route), bodyOf(route));
      if (anon.status !== 401) wrong.push(`${route.method} ${route.url} anonymous: ${anon.status}`);
      if (route.access.kind === 'admin') {
        const res = await demo.request(route.method, urlOf(route), bodyOf(route));
        if (res.status !== 403) wrong.push(`${route.method} ${route.url} as owner: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses company routes to the platform admin and time-clock routes to members without the time clock', async () => {
    const wrong: string[] = [];
    const admin = await t.as('admin');
    const alumno = await t.as('alumno', 'ACADEMIA');
    for (const route of t.deps.routes) {
      if (route.access.kind === 'company' || route.access.kind === 'permission') {
        const res = await admin.request(route.method, urlOf(route), bodyOf(route));
        if (res.status !== 403) wrong.push(`${route.method} ${route.url} as admin: ${res.status}`);
      }
      if (route.access.kind === 'timeclock') {
        const res = await alumno.request(route.method, urlOf(route), bodyOf(route));
        if (res.status !== 403) wrong.push(`${route.method} ${route.url} as alumno: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('drops a feature denied in the current centre to level 0', async () => {
    const sucursal = await t.as('demo', 'DEMO', 'SUCURSAL');
    await owner.request('PUT', '/api/configuracion/centros/save/2', {
      Val: 'SUCURSAL',
      Desc: 'Sucursal',
      Denegados: ['ConfCentros'],
    });
    expect((await sucursal.request('GET', '/api/configuracion/centros/list')).status).toBe(403);
    expect((await owner.request('GET', '/api/configuracion/centros/list')).status).toBe(200);
  });
});

describe('an adviser inside a client and a deactivated member', () => {
  const idDe = async (codigo: string) =>
    Number((await t.database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]))[0]!.id);

  it('an adviser who entered a client at level 1 writes nothing there, and the client cannot write its identity', async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const demo = await idDe('DEMO');
    // The demo seed gives the firm level 3 on DEMO (it keeps its books): lowered to 1 for this test.
    await t.database.query('update asesoria_niveles set nivel = 1 where empresa_id = $1 and cliente_empresa_id = $2', [
      await idDe('ASESORIA'),
      demo,
    ]);
    expect((await firma.request('POST', `/api/asesorias/aseempresas/entrar/${demo}`)).body).toMatchObject({ Nivel: 1 });
    const asesor = t.session((await firma.request('GET', `/api/usuarios/usuario/cambiarempre/${demo}/web`)).body.Token);
    const wrong: string[] = [];
    for (const route of t.deps.routes) {
      if (route.access.kind !== 'permission' || route.access.level < 2) continue;
      const res = await asesor.request(route.method, urlOf(route), bodyOf(route));
      if (res.status !== 403) wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    const [m] = await t.database.query<{ id: number }>(
      `select m.id from miembros m join personas p on p.id = m.persona_id
        where p.user_name = 'asesoria' and m.empresa_id = $1`,
      [demo],
    );
    const ficha = (await owner.request('GET', `/api/usuarios/usuarios/edit/${m!.id}`)).body;
    const { Id: _i, Propietario: _p, Bloqueado: _b, IdentidadCompartida: _c, ...body } = ficha;
    const res = await owner.request('PUT', `/api/usuarios/usuarios/save/${m!.id}`, {
      ...body,
      Email: 'x@cliente.test',
    });
    expect(res.status).toBe(403);
  });

  it('a member with Baja is refused on every route, and its refresh token stays dead once enabled again', async () => {
    const s = await t.as('empleado', 'DEMO');
    const [m] = await t.database.query<{ id: number }>(
      `select m.id from miembros m join personas p on p.id = m.persona_id
        where p.user_name = 'empleado' and m.empresa_id = $1`,
      [await idDe('DEMO')],
    );
    const setBaja = async (Baja: boolean) => {
      const ficha = (await owner.request('GET', `/api/usuarios/usuarios/edit/${m!.id}`)).body;
      const { Id: _i, Propietario: _p, Bloqueado: _b, IdentidadCompartida: _c, ...body } = ficha;
      expect((await owner.request('PUT', `/api/usuarios/usuarios/save/${m!.id}`, { ...body, Baja })).status).toBe(200);
    };
    await setBaja(true);
    const wrong: string[] = [];
    for (const route of t.deps.routes) {
      if (route.access.kind === 'public') continue;
      const res = await s.request(route.method, urlOf(route), bodyOf(route));
      if (res.status !== 401) wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    await setBaja(false);
    const refresh = await t.call('POST', '/api/usuarios/token/refresh', {
      TokenRefresco: s.refresh,
      IdCliente: 'cliente-de-pruebas',
    });
    expect(refresh.status).toBe(401);
    expect((await s.request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
    // A new sign-in works again: only the old sessions were ended.
    expect((await (await t.as('empleado', 'DEMO')).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(200);
  }, 120_000);
});
