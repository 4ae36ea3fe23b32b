import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/**
 * reference lists are lookups. The DEMO 'Comercial' profile (empleado) manages neither the payment
 * methods, the VAT types nor the sales reps (their /list answers 403) but sees suppliers, products and customers,
 * whose screens show them: their /lookup answers with the lookup's columns only.
 */
const t = appDePruebas();

describe('GET /api/{area}/{name}/lookup', () => {
  it('lets a member read the lists the screens they see show, without managing them', async () => {
    const empleado = await t.as('empleado', 'DEMO');
    for (const path of [
      'configuracion/fpago',
      'configuracion/tiposiva',
      'rrhh/comerciales',
      'configuracion/configura',
    ]) {
      const list = await empleado.request('GET', `/api/${path}/list`);
      expect(list.status, `${path}/list`).toBe(403);
      expect(list.body.Mensaje).toBe(MSG.forbidden);
      const lookup = await empleado.request('GET', `/api/${path}/lookup?Pagina=1&TotalPagina=200`);
      expect(lookup.status, `${path}/lookup`).toBe(200);
      expect(lookup.body.Items.length).toBeGreaterThan(0);
    }
  });

  it('answers the lookup columns only (Id, title, Baja and what the screens need)', async () => {
    const demo = await t.as('demo', 'DEMO');
    const fpago = await demo.request('GET', '/api/configuracion/fpago/lookup');
    expect(Object.keys(fpago.body.Items[0]).sort()).toEqual(['Baja', 'Descripcion', 'Id']);
    const iva = await demo.request('GET', '/api/configuracion/tiposiva/lookup?Orden=Valor');
    expect(Object.keys(iva.body.Items[0]).sort()).toEqual(
      [
        'Baja',
        'Descripcion',
        'Exencion',
        'GeneraRecargo',
        'Id',
        'Impuesto',
        'PorcentajeIva',
        'PorcentajeRecargo',
        'Tipo',
        'Valor',
      ].sort(),
    );
    const full = await demo.request('GET', '/api/configuracion/tiposiva/list?Orden=Valor');
    expect(iva.body.Total).toBe(full.body.Total);
    expect(iva.body.Items.map((r: { Id: number }) => r.Id)).toEqual(full.body.Items.map((r: { Id: number }) => r.Id));
    // The customers' lookup carries no address, IBAN or tax id.
    const clientes = await demo.request('GET', '/api/ventas/clientes/lookup');
    expect(Object.keys(clientes.body.Items[0]).sort()).toEqual(['Baja', 'Codigo', 'Id', 'Nombre']);
  });

  it('refuses members who see no screen showing the list, the platform admin and anonymous calls', async () => {
    const fichaje = await t.as('fichaje', 'DEMO');
    expect((await fichaje.request('GET', '/api/configuracion/fpago/lookup')).status).toBe(403);
    expect((await fichaje.request('GET', '/api/ventas/clientes/lookup')).status).toBe(403);
    const admin = await t.as('admin');
    expect((await admin.request('GET', '/api/configuracion/fpago/lookup')).status).toBe(403);
    expect((await t.call('GET', '/api/configuracion/fpago/lookup')).status).toBe(401);
  });

  it('keeps to the company of the token', async () => {
    const demo = await t.as('demo', 'DEMO');
    const academia = await t.as('academia', 'ACADEMIA');
    const a = await demo.request('GET', '/api/configuracion/fpago/lookup');
    const b = await academia.request('GET', '/api/configuracion/fpago/lookup');
    const ids = new Set(a.body.Items.map((r: { Id: number }) => r.Id));
    expect(b.body.Items.some((r: { Id: number }) => ids.has(r.Id))).toBe(false);
  });
});
