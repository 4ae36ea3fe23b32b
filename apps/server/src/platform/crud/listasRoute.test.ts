import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * Several reference lists in one call: a screen asks once for the lists it shows instead of one lookup each. Each
 * list answers exactly as its own lookup; what the caller may not read, or a module the company lacks, is left out.
 */
const t = appDePruebas();

const ids = (items: { Id: number }[]) => items.map((r) => r.Id);

describe('GET /api/listas?incluir=…', () => {
  it('answers each list as its own lookup does, in one call', async () => {
    const demo = await t.as('demo', 'DEMO');
    const r = await demo.request('GET', '/api/listas?incluir=fpago,tiposiva,clientes,series');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.Listas).sort()).toEqual(['clientes', 'fpago', 'series', 'tiposiva']);
    for (const [path, name] of [
      ['configuracion/fpago', 'fpago'],
      ['configuracion/tiposiva', 'tiposiva'],
      ['ventas/clientes', 'clientes'],
    ] as const) {
      const own = await demo.request('GET', `/api/${path}/lookup?Pagina=1&TotalPagina=200`);
      expect(r.body.Listas[name], name).toEqual(own.body.Items);
      expect(ids(r.body.Listas[name]).length, name).toBeGreaterThan(0);
    }
    expect(Object.keys(r.body.Listas.clientes[0]).sort()).toEqual(['Baja', 'Codigo', 'Id', 'Nombre']);
  });

  it('leaves out what the caller may not read and the lists of a module the company lacks', async () => {
    // The Comercial profile reads payment methods (its screens show them) but not the staff's contracts.
    const empleado = await t.as('empleado', 'DEMO');
    expect((await empleado.request('GET', '/api/configuracion/contratos/lookup')).status).toBe(403);
    const r = await empleado.request('GET', '/api/listas?incluir=fpago,contratos');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.Listas)).toEqual(['fpago']);
    // The advisory firm's own company has no module switched on: its warehouses' lookup still answers (a lookup is
    // never a module gate), the batch leaves the list out.
    const asesoria = await t.as('asesoria', 'ASESORIA');
    expect((await asesoria.request('GET', '/api/catalogo/almacenes/lookup')).status).toBe(200);
    const sinStock = await asesoria.request('GET', '/api/listas?incluir=almacenes,fpago');
    expect(sinStock.status).toBe(200);
    expect(Object.keys(sinStock.body.Listas)).toEqual(['fpago']);
  });

  it('keeps to the company of the token', async () => {
    const demo = await t.as('demo', 'DEMO');
    const academia = await t.as('academia', 'ACADEMIA');
    const a = await demo.request('GET', '/api/listas?incluir=fpago');
    const b = await academia.request('GET', '/api/listas?incluir=fpago,cursos');
    const deDemo = new Set(ids(a.body.Listas.fpago));
    expect(ids(b.body.Listas.fpago).some((id) => deDemo.has(id))).toBe(false);
    expect(b.body.Listas.cursos.length).toBeGreaterThan(0);
  });

  it('refuses an unknown or missing name with a Spanish 400 on incluir, and callers who read no list', async () => {
    const demo = await t.as('demo', 'DEMO');
    for (const q of ['incluir=fpago,noexiste', 'incluir=toString', 'incluir=__proto__', '', 'incluir=']) {
      const r = await demo.request('GET', `/api/listas?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.Mensaje, q).toBe(MSG.formInvalid);
      expect(r.body.Errores[0].Campo, q).toBe('incluir');
    }
    const muchas = Array.from({ length: 41 }, (_, i) => `l${i}`).join(',');
    expect((await demo.request('GET', `/api/listas?incluir=${muchas}`)).status).toBe(400);
    const fichaje = await t.as('fichaje', 'DEMO');
    expect((await fichaje.request('GET', '/api/listas?incluir=fpago')).status).toBe(403);
    expect((await t.call('GET', '/api/listas?incluir=fpago')).status).toBe(401);
  });
});
