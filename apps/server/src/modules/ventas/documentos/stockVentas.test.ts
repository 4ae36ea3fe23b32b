import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { catalogoDemo, filtrosUrl, terceroConNif } from '../../../../test/datosDemo.ts';

/** Stock moved by sales documents: sent delivery notes, issued invoices not from a delivery note, cancellations. */
let cliente: number;
const ids: Record<string, number> = {};

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  Object.assign(ids, await catalogoDemo(demo));
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
});

const stockOf = async (almacen: number) =>
  (
    await demo.request(
      'GET',
      `/api/catalogo/stock/list?Filtros=${filtrosUrl({ IdProducto: ids.taladro, IdAlmacen: almacen })}`,
    )
  ).body.Items[0]?.Cantidad;
const lineas = (cantidad: string) => [
  { IdProducto: ids.taladro, Descripcion: 'Taladro', Cantidad: cantidad, Precio: '50', TipoIva: 'IVA21' },
  { IdProducto: ids.servicio, Descripcion: 'Montaje', Cantidad: '1', Precio: '20', TipoIva: 'IVA21' },
];
const albaran = (over: Record<string, unknown>) =>
  demo.request('POST', '/api/ventas/aventa/save', {
    Cliente: cliente,
    Fecha: '2026-04-01',
    Lineas: lineas('2'),
    ...over,
  });

describe('delivery notes', () => {
  it('moves nothing while Pendiente and takes the stock out of the first warehouse when sent', async () => {
    expect(await stockOf(ids.central!)).toBe('12.000');
    const a = await albaran({});
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.IdAlmacen).toBeNull();
    expect(await stockOf(ids.central!)).toBe('12.000');
    const sent = await demo.request('PUT', `/api/ventas/aventa/save/${a.body.Id}`, { ...a.body, Estado: 'Enviado' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await stockOf(ids.central!)).toBe('10.000');
    const moves = await demo.request(
      'GET',
      `/api/catalogo/movimientosstock/list?Filtros=${filtrosUrl({ Tipo: 'documento', IdProducto: ids.taladro })}`,
    );
    expect(moves.body.Items).toHaveLength(1);
    expect(moves.body.Items[0]).toMatchObject({ Cantidad: '-2.000', StockResultante: '10.000', UserName: 'demo' });
    expect(moves.body.Items[0].Motivo).toContain('Albarán');
    // The service line does not control stock: no movement, no error.
    const servicio = await demo.request(
      'GET',
      `/api/catalogo/movimientosstock/list?Filtros=${filtrosUrl({ Tipo: 'documento', IdProducto: ids.servicio })}`,
    );
    expect(servicio.body.Total).toBe(0);
    ids.albaran = a.body.Id;
  });

  it('moves only the difference when a sent note is edited or its warehouse changes', async () => {
    const doc = (await demo.request('GET', `/api/ventas/aventa/edit/${ids.albaran}`)).body;
    const more = await demo.request('PUT', `/api/ventas/aventa/save/${ids.albaran}`, { ...doc, Lineas: lineas('3') });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await stockOf(ids.central!)).toBe('9.000');
    const moved = await demo.request('PUT', `/api/ventas/aventa/save/${ids.albaran}`, {
      ...more.body,
      IdAlmacen: ids.tienda,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.IdAlmacen).toBe(ids.tienda);
    expect(await stockOf(ids.central!)).toBe('12.000');
    expect(await stockOf(ids.tienda!)).toBe('1.000');
  });

  it('puts the stock back when the delivery note is cancelled', async () => {
    const res = await demo.request('POST', `/api/ventas/aventa/anular/${ids.albaran}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stockOf(ids.tienda!)).toBe('4.000');
  });

  it('refuses a note created as Enviado that would leave the stock negative, writing nothing', async () => {
    const before = (await demo.request('GET', '/api/ventas/aventa/list')).body.Total;
    const res = await albaran({ Estado: 'Enviado', Lineas: lineas('100') });
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toMatch(/^No hay stock suficiente de .* en .*: quedaría -88$/);
    expect((await demo.request('GET', '/api/ventas/aventa/list')).body.Total).toBe(before);
    expect(await stockOf(ids.central!)).toBe('12.000');
  });

  it('rejects an IdAlmacen that is not a warehouse of the company', async () => {
    const res = await albaran({ IdAlmacen: 999999 });
    expect(res.status).toBe(400);
    expect(res.body.Errores[0].Campo).toBe('IdAlmacen');
    const bad = await albaran({ IdAlmacen: 'x' });
    expect(bad.status).toBe(400);
    const vacio = await albaran({ IdAlmacen: '' });
    expect(vacio.status, JSON.stringify(vacio.body)).toBe(201);
    expect(vacio.body.IdAlmacen).toBeNull();
  });
});

describe('invoices', () => {
  it('takes stock out when an invoice not from a delivery note is issued and back when it is cancelled', async () => {
    const d = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: '2026-04-02',
      Lineas: lineas('1'),
      IdAlmacen: ids.tienda,
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(await stockOf(ids.tienda!)).toBe('4.000');
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`)).status).toBe(200);
    expect(await stockOf(ids.tienda!)).toBe('3.000');
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${d.body.Id}`)).status).toBe(200);
    expect(await stockOf(ids.tienda!)).toBe('4.000');
  });

  it('does not move again the goods of an invoice made from a sent delivery note', async () => {
    const a = await albaran({ Estado: 'Enviado', Fecha: '2026-04-03' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(await stockOf(ids.central!)).toBe('10.000');
    const fac = await demo.request('POST', `/api/ventas/aventa/convertir/${a.body.Id}`, {
      Destino: 'fventa',
      Fecha: '2026-04-03',
    });
    expect(fac.status, JSON.stringify(fac.body)).toBe(201);
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${fac.body.Id}`)).status).toBe(200);
    expect(await stockOf(ids.central!)).toBe('10.000');
  });

  it('moves nothing when the company has the stock module off', async () => {
    await t.database.query(
      `update empresas set modulos = modulos || '{"ActStock": false}'::jsonb where codigo = 'DEMO'`,
    );
    const a = await albaran({ Estado: 'Enviado', Fecha: '2026-04-04' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    await t.database.query(
      `update empresas set modulos = modulos || '{"ActStock": true}'::jsonb where codigo = 'DEMO'`,
    );
    expect(await stockOf(ids.central!)).toBe('10.000');
  });
});
