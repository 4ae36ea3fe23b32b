import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { type Session, TEST_CSRF } from '../../../test/testApp.ts';

let demo: Session;
const t = appDePruebas();
beforeAll(async () => {
  demo = await t.login('demo', undefined, { CodigoEmpresa: 'DEMO' });
});

const base = '/api/configuracion/centros';

describe('generic CRUD on an entity (centros)', () => {
  it('creates, reads, updates and deletes, auditing each change with who, when and what', async () => {
    const created = await demo.request('POST', `${base}/save`, {
      Val: 'NORTE',
      Desc: 'Delegación Norte',
      Telefono: '+34 944 000 000',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      Id: expect.any(Number),
      Val: 'NORTE',
      Desc: 'Delegación Norte',
      Baja: false,
      Direccion: null,
    });
    const id = created.body.Id;

    expect((await demo.request('GET', `${base}/edit/${id}`)).body.Desc).toBe('Delegación Norte');
    const updated = await demo.request('PUT', `${base}/save/${id}`, {
      ...created.body,
      Desc: 'Delegación Norte (Bilbao)',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.Desc).toBe('Delegación Norte (Bilbao)');
    expect((await demo.request('DELETE', `${base}/delete/${id}`)).status).toBe(204);
    expect((await demo.request('GET', `${base}/edit/${id}`)).status).toBe(404);

    const audit = await demo.request(
      'GET',
      `/api/usuarios/auditoria/list?Filtros=${encodeURIComponent(JSON.stringify({ Recurso: 'centros', IdRegistro: id }))}&Orden=Fecha`,
    );
    expect(audit.body.Items.map((a: { Accion: string }) => a.Accion)).toEqual(['A', 'M', 'D']);
    const [alta, modif] = audit.body.Items;
    expect(alta.UserName).toBe('demo');
    expect(new Date(alta.Fecha).toISOString()).toBe(alta.Fecha);
    expect(modif.Campos).toEqual({ Desc: ['Delegación Norte', 'Delegación Norte (Bilbao)'] });
  });

  it('answers field errors with the spec messages and writes nothing', async () => {
    const res = await demo.request('POST', `${base}/save`, { Val: 'CÓDIGO LARGO CON ESPACIOS', Desc: '' });
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe('Revisa los errores del formulario');
    expect(res.body.Errores).toEqual(
      expect.arrayContaining([
        { Campo: 'Val', Mensaje: 'Código debe contener máximo 10 caracteres' },
        { Campo: 'Desc', Mensaje: 'Nombre es obligatorio' },
      ]),
    );
    const list = await demo.request('GET', `${base}/list`);
    expect(list.body.Total).toBe(2);
  });

  it('refuses a duplicate code with a Spanish message on the field', async () => {
    const res = await demo.request('POST', `${base}/save`, { Val: 'CENTRAL', Desc: 'Otra central' });
    expect(res.status).toBe(400);
    expect(res.body.Errores).toEqual([{ Campo: 'Val', Mensaje: 'Ya existe un centro con ese código' }]);
  });

  it('filters, searches, orders and paginates with a capped total', async () => {
    for (const [val, desc] of [
      ['A1', 'Alicante'],
      ['B1', 'Barcelona'],
      ['C1', 'Córdoba'],
      ['Z9', 'Zaragoza'],
    ]) {
      expect((await demo.request('POST', `${base}/save`, { Val: val, Desc: desc })).status).toBe(201);
    }
    const q = (params: Record<string, unknown>) =>
      demo.request(
        'GET',
        `${base}/list?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
      );
    const page = await q({ Pagina: '2', TotalPagina: '2', Orden: 'Val' });
    expect(page.body.Items.map((r: { Val: string }) => r.Val)).toEqual(['C1', 'CENTRAL']);
    expect(page.body).toMatchObject({ Total: 6, TotalLimitado: false });
    const desc = await q({ Orden: 'Desc', Descendente: 'true', TotalPagina: '1' });
    expect(desc.body.Items[0].Desc).toBe('Zaragoza');
    const search = await q({ Filtros: { Buscar: 'celo' } });
    expect(search.body.Items.map((r: { Val: string }) => r.Val)).toEqual(['B1']);
    const range = await q({ Filtros: { Baja: false, Val: 'z' } });
    expect(range.body.Items.map((r: { Val: string }) => r.Val)).toEqual(['Z9']);
  });

  it('answers 400 in Spanish for malformed list parameters, never a 500', async () => {
    const bad = [
      `${base}/list?Filtros=%7Bno-json`,
      `${base}/list?Filtros=${encodeURIComponent('{"Inventado":1}')}`,
      `${base}/list?Orden=Inventado`,
      `${base}/list?TotalPagina=100000`,
      `${base}/list?Pagina=0`,
      `${base}/list?Pagina=999999`,
      `${base}/list?Filtros=${encodeURIComponent('{"Baja":"quizá"}')}`,
    ];
    for (const url of bad) {
      const res = await demo.request('GET', url);
      expect(res.status, url).toBe(400);
      expect(typeof res.body.Mensaje).toBe('string');
    }
    expect((await demo.request('GET', `${base}/edit/abc`)).status).toBe(404);
    expect((await demo.request('GET', `${base}/edit/99999999999999999999`)).status).toBe(404);
    expect((await demo.request('PUT', `${base}/save/424242`, { Val: 'X', Desc: 'x' })).status).toBe(404);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${base}/save`,
      payload: '{"Val":',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json', ...TEST_CSRF.headers },
      cookies: TEST_CSRF.cookies,
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().Mensaje).toBe('La petición no tiene un formato válido');
  });

  it('replays a POST sent again with the same Idempotency-Key and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'alta-centro-0001' };
    const first = await demo.request('POST', `${base}/save`, { Val: 'IDEM', Desc: 'Idempotente' }, headers);
    const again = await demo.request('POST', `${base}/save`, { Val: 'IDEM', Desc: 'Idempotente' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await demo.request('POST', `${base}/save`, { Val: 'IDEM2', Desc: 'Otra' }, headers);
    expect(other.status).toBe(422);
    const list = await demo.request('GET', `${base}/list?Filtros=${encodeURIComponent('{"Val":"IDEM"}')}`);
    expect(list.body.Total).toBe(1);
  });
});

describe('profiles (roles) and the company users', () => {
  it('validates the permission matrix', async () => {
    const bad = await demo.request('POST', '/api/usuarios/roles/save', { Nombre: 'Raro', Permisos: { Inventado: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.Errores[0]).toEqual({ Campo: 'Permisos', Mensaje: 'Hay códigos de permiso que no existen' });
    const outOfRange = await demo.request('POST', '/api/usuarios/roles/save', {
      Nombre: 'Raro',
      Permisos: { ConClientes: 7 },
    });
    expect(outOfRange.body.Errores[0]).toEqual({
      Campo: 'Permisos.ConClientes',
      Mensaje: 'Debe ser menor o igual a 3',
    });
    const ok = await demo.request('POST', '/api/usuarios/roles/save', {
      Nombre: 'Consulta',
      Permisos: { ConClientes: 1 },
    });
    expect(ok.status).toBe(201);
  });

  it('adds a user to the company, edits their roles and removes the membership', async () => {
    const perfiles = await demo.request('GET', '/api/usuarios/roles/list');
    const comercial = perfiles.body.Items.find((p: { Nombre: string }) => p.Nombre === 'Comercial');
    const created = await demo.request('POST', '/api/usuarios/usuarios/save', {
      UserName: 'nuevo.comercial',
      Nombre: 'Rosa',
      Apellido1: 'Vidal',
      Email: 'rosa@demo.test',
      Roles: ['usuario', 'empleado'],
      IdPerfil: comercial.Id,
      FichajeActivo: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      UserName: 'nuevo.comercial',
      Roles: ['usuario', 'empleado'],
      Propietario: false,
    });
    const dup = await demo.request('POST', '/api/usuarios/usuarios/save', { ...created.body, Id: undefined });
    expect(dup.body.Errores).toEqual([{ Campo: 'UserName', Mensaje: 'Ese nombre de usuario ya está en uso' }]);
    const noRoles = await demo.request('PUT', `/api/usuarios/usuarios/save/${created.body.Id}`, {
      ...created.body,
      Roles: [],
    });
    expect(noRoles.body.Errores).toEqual([{ Campo: 'Roles', Mensaje: 'Roles es obligatorio' }]);
    const upd = await demo.request('PUT', `/api/usuarios/usuarios/save/${created.body.Id}`, {
      ...created.body,
      Roles: ['reghorario'],
      SoloFichaje: true,
    });
    expect(upd.body).toMatchObject({ Roles: ['reghorario'], SoloFichaje: true });
    expect((await demo.request('DELETE', `/api/usuarios/usuarios/delete/${created.body.Id}`)).status).toBe(204);
    const search = await demo.request(
      'GET',
      `/api/usuarios/usuarios/list?Filtros=${encodeURIComponent('{"Buscar":"rosa"}')}`,
    );
    expect(search.body.Total).toBe(0);
  });

  it('protects the owner', async () => {
    const list = await demo.request(
      'GET',
      `/api/usuarios/usuarios/list?Filtros=${encodeURIComponent('{"Buscar":"demo@"}')}`,
    );
    const owner = list.body.Items[0];
    expect(owner.Propietario).toBe(true);
    expect((await demo.request('DELETE', `/api/usuarios/usuarios/delete/${owner.Id}`)).status).toBe(400);
    const baja = await demo.request('PUT', `/api/usuarios/usuarios/save/${owner.Id}`, { ...owner, Baja: true });
    expect(baja.status).toBe(400);
  });

  it('keeps the audit log read-only: no save or delete route exists', async () => {
    expect((await demo.request('POST', '/api/usuarios/auditoria/save', {})).status).toBe(404);
    expect((await demo.request('DELETE', '/api/usuarios/auditoria/delete/1')).status).toBe(404);
  });
});
