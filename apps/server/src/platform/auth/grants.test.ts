import { PERMISSION_CODE_LIST, type PermissionCode, ROLES } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';
import { NO_CONCEDER, NO_PROPIOS, NO_SUPERIOR, PERFIL_SUPERIOR, SOLO_PROPIETARIO } from './grants.ts';

const t = appDePruebas();
const duena = t.sesion('demo', 'DEMO');

const usuario = (UserName: string, extra: Record<string, unknown> = {}) => ({
  UserName,
  Nombre: UserName,
  Email: `${UserName}@faro.local`,
  Roles: ['empleado'],
  FichajeActivo: false,
  SoloFichaje: false,
  Baja: false,
  ...extra,
});

async function crear(s: Session, ruta: 'usuarios' | 'roles', body: Record<string, unknown>) {
  return s.request('POST', `/api/usuarios/${ruta}/save`, body);
}

async function guardar(s: Session, ruta: 'usuarios' | 'roles', id: number, cambios: Record<string, unknown>) {
  const actual = (await s.request('GET', `/api/usuarios/${ruta}/edit/${id}`)).body;
  const { Id: _i, Propietario: _p, Bloqueado: _b, IdentidadCompartida: _c, ...body } = actual;
  return s.request('PUT', `/api/usuarios/${ruta}/save/${id}`, { ...body, ...cambios });
}

const perfilId = async (Nombre: string) => {
  const filtros = encodeURIComponent(JSON.stringify({ Nombre }));
  const res = await duena.request('GET', `/api/usuarios/roles/list?Filtros=${filtros}`);
  return Number(res.body.Items.find((p: { Nombre: string }) => p.Nombre === Nombre).Id);
};
const miembroId = async (userName: string) => {
  const filtros = encodeURIComponent(JSON.stringify({ Buscar: userName }));
  const res = await duena.request('GET', `/api/usuarios/usuarios/list?Filtros=${filtros}`);
  return Number(res.body.Items.find((u: { UserName: string }) => u.UserName === userName).Id);
};

/** A delegate whose profile gives ConfUsuarios and ConfRoles 2 and, for every other code, a level from 0 to 2. */
const NIVEL = Object.fromEntries(
  PERMISSION_CODE_LIST.map((code, i) => [code, code === 'ConfUsuarios' || code === 'ConfRoles' ? 2 : i % 3]),
) as Record<PermissionCode, number>;

describe('the probe: a user administrator escalates', () => {
  it('a member whose profile grants only ConfUsuarios 2 cannot take the full profile nor touch the owner', async () => {
    const solo = await crear(duena, 'roles', { Nombre: 'Solo usuarios', Permisos: { ConfUsuarios: 2 }, Baja: false });
    expect(solo.status).toBe(201);
    expect(
      (await crear(duena, 'usuarios', usuario('delegado', { Roles: ['usuario'], IdPerfil: solo.body.Id }))).status,
    ).toBe(201);
    const delegado = await t.as('delegado', 'DEMO');
    const yo = await miembroId('delegado');
    const admin = await perfilId('Administración');

    expect(await guardar(delegado, 'usuarios', yo, { IdPerfil: admin })).toMatchObject({
      status: 403,
      body: { Mensaje: NO_PROPIOS },
    });
    expect(await guardar(delegado, 'usuarios', yo, { Roles: ['usuario', 'asesoria'] })).toMatchObject({
      status: 403,
      body: { Mensaje: NO_PROPIOS },
    });
    expect(await guardar(delegado, 'usuarios', await miembroId('demo'), { Email: 'mio@ladron.test' })).toMatchObject({
      status: 403,
      body: { Mensaje: SOLO_PROPIETARIO },
    });
    // A member above it (the full profile) is out of reach too: its e-mail would hand over the account.
    const jefe = await crear(duena, 'usuarios', usuario('jefa', { Roles: ['usuario'], IdPerfil: admin }));
    expect(jefe.status).toBe(201);
    expect(await guardar(delegado, 'usuarios', jefe.body.Id, { Email: 'mio@ladron.test' })).toMatchObject({
      status: 403,
      body: { Mensaje: NO_SUPERIOR },
    });
    expect((await delegado.request('DELETE', `/api/usuarios/usuarios/delete/${jefe.body.Id}`)).status).toBe(403);
    // Through an accomplice: a new member with the full profile.
    expect(await crear(delegado, 'usuarios', usuario('complice', { IdPerfil: admin }))).toMatchObject({
      status: 403,
      body: { Mensaje: NO_CONCEDER },
    });
    const emails = await t.database.query<{ email: string }>(
      "select email from personas where user_name in ('demo', 'jefa') order by user_name",
    );
    expect(emails.map((e) => e.email)).toEqual(['demo@faro.local', 'jefa@faro.local']);
    const [mio] = await t.database.query<{ id_perfil: number }>('select id_perfil from miembros where id = $1', [yo]);
    expect(Number(mio!.id_perfil)).toBe(solo.body.Id);
  });
});

describe('generated over the permission registry: nobody grants a level above their own', () => {
  let gestor: Session;
  let propio: number;
  let base: number;
  beforeAll(async () => {
    const p = await crear(duena, 'roles', { Nombre: 'Gestor', Permisos: NIVEL, Baja: false });
    expect(p.status).toBe(201);
    propio = p.body.Id;
    expect((await crear(duena, 'usuarios', usuario('gestor', { Roles: ['usuario'], IdPerfil: propio }))).status).toBe(
      201,
    );
    gestor = await t.as('gestor', 'DEMO');
    const b = await crear(gestor, 'usuarios', usuario('base'));
    expect(b.status).toBe(201);
    base = b.body.Id;
  });

  for (const code of PERMISSION_CODE_LIST) {
    it(`${code}: at the delegate's level it may; one above it may not (profiles and members)`, async () => {
      const nivel = NIVEL[code];
      const igual = await crear(gestor, 'roles', { Nombre: `Igual ${code}`, Permisos: { [code]: nivel }, Baja: false });
      expect(igual.status).toBe(201);
      expect((await guardar(gestor, 'usuarios', base, { IdPerfil: igual.body.Id })).status).toBe(200);

      const encima = { [code]: nivel + 1 };
      expect(await crear(gestor, 'roles', { Nombre: `Encima ${code}`, Permisos: encima, Baja: false })).toMatchObject({
        status: 403,
        body: { Mensaje: PERFIL_SUPERIOR },
      });
      expect(await guardar(gestor, 'roles', igual.body.Id, { Permisos: encima })).toMatchObject({
        status: 403,
        body: { Mensaje: PERFIL_SUPERIOR },
      });
      expect(await guardar(gestor, 'roles', propio, { Permisos: { ...NIVEL, ...encima } })).toMatchObject({
        status: 403,
        body: { Mensaje: PERFIL_SUPERIOR },
      });

      const superior = await crear(duena, 'roles', { Nombre: `Dueña ${code}`, Permisos: encima, Baja: false });
      expect(superior.status).toBe(201);
      expect(await guardar(gestor, 'usuarios', base, { IdPerfil: superior.body.Id })).toMatchObject({
        status: 403,
        body: { Mensaje: NO_CONCEDER },
      });
      expect(
        await crear(gestor, 'usuarios', usuario(`u${code}`.slice(0, 40), { IdPerfil: superior.body.Id })),
      ).toMatchObject({ status: 403, body: { Mensaje: NO_CONCEDER } });
      expect(await guardar(gestor, 'roles', superior.body.Id, { Descripcion: 'Rebajado' })).toMatchObject({
        status: 403,
        body: { Mensaje: PERFIL_SUPERIOR },
      });
    });
  }

  // Without a profile, 'usuario' opens every non-configuration screen at level 3 and 'asesoria' is the advisory
  // firm's role: both are above a delegate that holds level 2 at most; the narrow roles give no level by themselves.
  for (const rol of ROLES.filter((r) => r !== 'admin')) {
    const arriba = rol === 'usuario' || rol === 'asesoria';
    it(`role ${rol} without a profile: ${arriba ? 'refused' : 'allowed'} to the delegate`, async () => {
      const res = await crear(gestor, 'usuarios', usuario(`rol${rol}`, { Roles: [rol] }));
      expect(res.status).toBe(arriba ? 403 : 201);
    });
  }

  it("the owner still grants anything (the matrix's refusals are the delegate's, not the screen's)", async () => {
    expect((await guardar(duena, 'usuarios', base, { IdPerfil: await perfilId('Administración') })).status).toBe(200);
    expect((await guardar(duena, 'roles', propio, { Permisos: { ...NIVEL, VentasFact: 3 } })).status).toBe(200);
  });
});
