import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * administrador/admusuarios as the spec gives it (sections 3 and 7): the user answers carry NombreComercial, and
 * `cambiarcontrasena/{id}` takes the user alone (the older `cambiarcontrasena/{company}/{id}` stays). Both engines.
 */
let empresa = 0;
const U = '/api/usuarios/administrador/admusuarios';

const t = appDePruebas();
const admin = t.sesion('admin');
beforeAll(async () => {
  const [e] = await t.database.query<{ id: number }>("select id::int as id from empresas where codigo = 'DEMO2'");
  empresa = e!.id;
});

const nuevo = {
  UserName: 'comercial.norte',
  Nombre: 'Olga',
  Apellido1: 'Ruiz',
  Email: 'olga.ruiz@ejemplo.test',
  Roles: ['usuario'],
  Password: 'Inicial123',
};

describe('admusuarios: NombreComercial', () => {
  it('is saved and answered by save, edit and list', async () => {
    const alta = await admin.request('POST', `${U}/save/${empresa}`, { ...nuevo, NombreComercial: 'Norte Ventas' });
    expect(alta.status, JSON.stringify(alta.body)).toBe(201);
    expect(alta.body.NombreComercial).toBe('Norte Ventas');
    const edit = await admin.request('GET', `${U}/edit/${empresa}/${alta.body.Id}`);
    expect(edit.body).toMatchObject({ UserName: 'comercial.norte', Nombre: 'Olga', NombreComercial: 'Norte Ventas' });
    const list = await admin.request('GET', `${U}/list/${empresa}`);
    const fila = list.body.Items.find((u: { Id: number }) => u.Id === alta.body.Id);
    expect(fila.NombreComercial).toBe('Norte Ventas');
    // A save without it keeps it; an empty one clears it.
    const sinCampo = await admin.request('PUT', `${U}/save/${empresa}/${alta.body.Id}`, {
      ...nuevo,
      Nombre: 'Olga M.',
    });
    expect(sinCampo.body).toMatchObject({ Nombre: 'Olga M.', NombreComercial: 'Norte Ventas' });
    const vacio = await admin.request('PUT', `${U}/save/${empresa}/${alta.body.Id}`, { ...nuevo, NombreComercial: '' });
    expect(vacio.body.NombreComercial).toBeNull();
    // The edit's answer saved back as it came (NombreComercial null) is accepted.
    const tal = await admin.request('PUT', `${U}/save/${empresa}/${alta.body.Id}`, { ...vacio.body, Nombre: 'Olga' });
    expect(tal.status, JSON.stringify(tal.body)).toBe(200);
    expect(tal.body).toMatchObject({ Nombre: 'Olga', NombreComercial: null });
    const largo = await admin.request('POST', `${U}/save/${empresa}`, {
      ...nuevo,
      UserName: 'otro.largo',
      NombreComercial: 'x'.repeat(101),
    });
    expect(largo.status).toBe(400);
    expect(largo.body.Errores).toContainEqual({
      Campo: 'NombreComercial',
      Mensaje: 'Nombre comercial debe contener máximo 100 caracteres',
    });
  });
});

describe('admusuarios/cambiarcontrasena/{id}', () => {
  it("sets the user's password by the user's id alone", async () => {
    const alta = await admin.request('POST', `${U}/save/${empresa}`, {
      ...nuevo,
      UserName: 'clave.nueva',
      Email: 'clave.nueva@ejemplo.test',
    });
    expect(alta.status).toBe(201);
    const res = await admin.request('POST', `${U}/cambiarcontrasena/${alta.body.Id}`, { NuevoPassword: 'Cambiada123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Mensaje).toBe('La contraseña se ha actualizado correctamente');
    // The new password signs in (t.login throws otherwise).
    expect((await t.login('clave.nueva', 'Cambiada123')).token).toBeTruthy();
    const debil = await admin.request('POST', `${U}/cambiarcontrasena/${alta.body.Id}`, { NuevoPassword: 'corta' });
    expect(debil.status).toBe(400);
    expect(
      (await admin.request('POST', `${U}/cambiarcontrasena/99999999`, { NuevoPassword: 'Cambiada123' })).status,
    ).toBe(404);
    expect((await admin.request('POST', `${U}/cambiarcontrasena/abc`, { NuevoPassword: 'Cambiada123' })).status).toBe(
      404,
    );
    // Only platform administrators.
    const demo = await t.as('demo', 'DEMO');
    expect(
      (await demo.request('POST', `${U}/cambiarcontrasena/${alta.body.Id}`, { NuevoPassword: 'Otra12345' })).status,
    ).toBe(403);
  });
});
