import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../test/appDePruebas.ts';

/**
 * a simple entity added by the recipe (entity + registry + derived table, no area-module line)
 * gets the generic CRUD. `examinadores` (driving-school examiners). The tenant-isolation and permission
 * matrices walk its routes like every other registered route.
 */
const BASE = '/api/formacion/examinadores';

const t = appDePruebas();
const autoescuela = t.sesion('autoescuela', 'AUTOESCUELA');
const demo = t.sesion('demo', 'DEMO');

describe('examinadores on the generic engine (no line in an area module)', () => {
  it('registers list, edit, save, delete and export under the entity permission', () => {
    const routes = t.deps.routes.filter((r) => r.url.startsWith(`${BASE}/`));
    expect(routes.map((r) => `${r.method} ${r.url.slice(BASE.length)}`).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /delete/:id',
        'GET /edit/:id',
        'GET /export',
        'GET /list',
        'POST /save',
        'PUT /save/:id',
      ]),
    );
    const crud = routes.filter((r) => /\/(list|edit\/:id|export|save|save\/:id|delete\/:id)$/.test(r.url));
    expect(crud).toHaveLength(6);
    for (const r of crud) expect(r.access).toMatchObject({ kind: 'permission', code: 'ExamCalendario' });
  });

  it('creates, lists, searches, edits and deletes an examiner of the company', async () => {
    const created = await autoescuela.request('POST', `${BASE}/save`, {
      Codigo: 'EX-01',
      Nombre: 'Lucía Ortega Ruiz',
      JefaturaTrafico: 'Madrid',
      Telefono: '915 555 123',
      Email: 'lucia.ortega@example.com',
    });
    expect(created.status).toBe(201);
    const id = created.body.Id as number;
    expect(created.body).toMatchObject({ Codigo: 'EX-01', Nombre: 'Lucía Ortega Ruiz', Baja: false });

    const list = await autoescuela.request('GET', `${BASE}/list?Filtros=${encodeURIComponent('{"Buscar":"ortega"}')}`);
    expect(list.status).toBe(200);
    expect(list.body.Items.map((r: { Id: number }) => r.Id)).toEqual([id]);

    const saved = await autoescuela.request('PUT', `${BASE}/save/${id}`, {
      ...created.body,
      JefaturaTrafico: 'Alcalá de Henares',
    });
    expect(saved.status).toBe(200);
    expect((await autoescuela.request('GET', `${BASE}/edit/${id}`)).body.JefaturaTrafico).toBe('Alcalá de Henares');

    expect((await autoescuela.request('DELETE', `${BASE}/delete/${id}`)).status).toBe(204);
    expect((await autoescuela.request('GET', `${BASE}/edit/${id}`)).status).toBe(404);
  });

  it('refuses a body without the required fields and a repeated code, in Spanish, with 400', async () => {
    const missing = await autoescuela.request('POST', `${BASE}/save`, { Codigo: 'EX-02' });
    expect(missing.status).toBe(400);
    expect(missing.body.Errores.map((e: { Campo: string }) => e.Campo).sort()).toEqual(['JefaturaTrafico', 'Nombre']);
    expect(missing.body.Errores[0].Mensaje).toMatch(/obligatori/);

    const first = { Codigo: 'EX-03', Nombre: 'Andrés Gil', JefaturaTrafico: 'Toledo' };
    expect((await autoescuela.request('POST', `${BASE}/save`, first)).status).toBe(201);
    const again = await autoescuela.request('POST', `${BASE}/save`, { ...first, Nombre: 'Otro' });
    expect(again.status).toBe(400);
    expect(again.body.Errores).toEqual([{ Campo: 'Codigo', Mensaje: 'Ya existe un examinador con ese código' }]);
  });

  it('another company does not see them, and an office company without the driving-school data sees none', async () => {
    const mine = await autoescuela.request('POST', `${BASE}/save`, {
      Nombre: 'Marta Sanz',
      JefaturaTrafico: 'Segovia',
    });
    expect(mine.status).toBe(201);
    const other = await demo.request('GET', `${BASE}/edit/${mine.body.Id}`);
    expect(other.status).toBe(404);
    expect(other.body.Mensaje).toBe(MSG.notFound);
    const list = await demo.request('GET', `${BASE}/list`);
    expect(list.body.Items).toEqual([]);
  });
});
