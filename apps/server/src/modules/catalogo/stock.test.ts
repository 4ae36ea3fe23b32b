import { MSG, MSG_DATOS } from '@faro/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { catalogoDemo, filtrosUrl } from '../../../test/datosDemo.ts';

const ids: Record<string, number> = {};

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  Object.assign(ids, await catalogoDemo(demo));
});

const stockOf = async (producto: number, almacen: number) =>
  (
    await demo.request(
      'GET',
      `/api/catalogo/stock/list?Filtros=${filtrosUrl({ IdProducto: producto, IdAlmacen: almacen })}`,
    )
  ).body.Items[0]?.Cantidad;

/** A stock adjustment of a product in a warehouse: a difference, or a count with `{ Modo: 'recuento' }`. */
const ajuste = (IdAlmacen: unknown, IdProducto: unknown, Cantidad: string, extra: Record<string, string> = {}) =>
  demo.request('POST', '/api/catalogo/almacenes/ajuste', { IdAlmacen, IdProducto, Cantidad, ...extra });

describe('stock per product and warehouse', () => {
  it('starts from the demo inventory', async () => {
    expect(await stockOf(ids.taladro!, ids.central!)).toBe('12.000');
    expect(await stockOf(ids.taladro!, ids.tienda!)).toBe('4.000');
  });

  it('adjusts by a difference and by a count, recording each movement', async () => {
    const plus = await ajuste(ids.central, ids.taladro, '3', { Motivo: 'Devolución de cliente' });
    expect(plus.status).toBe(201);
    expect(plus.body.Movimientos[0]).toMatchObject({
      Tipo: 'ajuste',
      Cantidad: '3.000',
      StockResultante: '15.000',
      UserName: 'demo',
    });
    const count = await ajuste(ids.central, ids.taladro, '14', { Modo: 'recuento', Motivo: 'Inventario' });
    expect(count.body.Movimientos[0]).toMatchObject({ Cantidad: '-1.000', StockResultante: '14.000' });
    expect(await stockOf(ids.taladro!, ids.central!)).toBe('14.000');
  });

  it('transfers between warehouses in one transaction: both legs, same reference', async () => {
    const tr = await demo.request('POST', '/api/catalogo/almacenes/traspaso', {
      IdAlmacenOrigen: ids.central,
      IdAlmacenDestino: ids.tienda,
      Lineas: [{ IdProducto: ids.taladro, Cantidad: '4' }],
      Motivo: 'Reposición de tienda',
    });
    expect(tr.status).toBe(201);
    expect(tr.body.Referencia).toMatch(/^TR-/);
    expect(
      tr.body.Movimientos.map((m: { Cantidad: string; Referencia: string }) => [m.Cantidad, m.Referencia]),
    ).toEqual([
      ['-4.000', tr.body.Referencia],
      ['4.000', tr.body.Referencia],
    ]);
    expect(await stockOf(ids.taladro!, ids.central!)).toBe('10.000');
    expect(await stockOf(ids.taladro!, ids.tienda!)).toBe('8.000');
    const legs = await demo.request(
      'GET',
      `/api/catalogo/movimientosstock/list?Filtros=${filtrosUrl({ Referencia: tr.body.Referencia })}`,
    );
    expect(legs.body.Total).toBe(2);
  });

  it('never leaves stock below zero unless the warehouse allows it, and writes nothing then', async () => {
    const before = [await stockOf(ids.taladro!, ids.tienda!), await stockOf(ids.diferencial!, ids.tienda!)];
    const tr = await demo.request('POST', '/api/catalogo/almacenes/traspaso', {
      IdAlmacenOrigen: ids.tienda,
      IdAlmacenDestino: ids.central,
      Lineas: [
        { IdProducto: ids.taladro, Cantidad: '1' },
        { IdProducto: ids.diferencial, Cantidad: '1' },
      ],
    });
    expect(tr.status).toBe(400);
    expect(tr.body.Mensaje).toBe(MSG_DATOS.negativeStock('Interruptor diferencial 40 A 30 mA', 'Tienda Alcalá', '-1'));
    expect([await stockOf(ids.taladro!, ids.tienda!), await stockOf(ids.diferencial!, ids.tienda!)]).toEqual(before);

    const shop = (await demo.request('GET', `/api/catalogo/almacenes/edit/${ids.tienda}`)).body;
    await demo.request('PUT', `/api/catalogo/almacenes/save/${ids.tienda}`, { ...shop, PermitirNegativo: true });
    const neg = await ajuste(ids.tienda, ids.diferencial, '-2');
    expect(neg.status).toBe(201);
    expect(await stockOf(ids.diferencial!, ids.tienda!)).toBe('-2.000');
  });

  it('refuses services, the same warehouse twice, unknown ids and bad quantities', async () => {
    const service = await ajuste(ids.central, ids.servicio, '1');
    expect(service.body.Errores).toEqual([{ Campo: 'IdProducto', Mensaje: MSG_DATOS.noStockControl }]);
    const same = await demo.request('POST', '/api/catalogo/almacenes/traspaso', {
      IdAlmacenOrigen: ids.central,
      IdAlmacenDestino: ids.central,
      Lineas: [{ IdProducto: ids.taladro, Cantidad: '1' }],
    });
    expect(same.body.Errores).toEqual([{ Campo: 'IdAlmacenDestino', Mensaje: MSG_DATOS.sameWarehouse }]);
    const unknown = await ajuste(999999, ids.taladro, '1');
    expect(unknown.body.Errores).toEqual([{ Campo: 'IdAlmacen', Mensaje: MSG_DATOS.referenceMissing }]);
    const bad = await ajuste(ids.central, ids.taladro, '1,2345');
    expect(bad.body.Errores).toEqual([{ Campo: 'Cantidad', Mensaje: MSG.format }]);
  });

  it('is gated by the stock module', async () => {
    await t.database.query(`update empresas set modulos = modulos - 'ActStock' where codigo = 'DEMO'`);
    const res = await demo.request('GET', '/api/catalogo/almacenes/list');
    expect(res.status).toBe(403);
    expect(res.body.Mensaje).toBe('El módulo no está activado para esta empresa');
    await t.database.query(`update empresas set modulos = modulos || '{"ActStock": true}' where codigo = 'DEMO'`);
  });
});

describe('the price a customer gets', () => {
  it('follows the customer group tariff: fixed price for the product, from 10 units a lower one', async () => {
    const mayorista = (
      await demo.request('GET', `/api/ventas/clientes/list?Filtros=${filtrosUrl({ Codigo: '000001' })}`)
    ).body.Items[0];
    const particular = (
      await demo.request('GET', `/api/ventas/clientes/list?Filtros=${filtrosUrl({ Codigo: '000007' })}`)
    ).body.Items[0];
    const price = (cliente: number, producto: number, cantidad = '1') =>
      demo.request(
        'GET',
        `/api/catalogo/tarifas/precio?IdProducto=${producto}&IdCliente=${cliente}&Cantidad=${cantidad}&Fecha=2026-06-01`,
      );
    expect((await price(mayorista.Id, ids.taladro!)).body).toMatchObject({
      Precio: '71.9200',
      Descuento: '0.00',
      Origen: 'producto',
    });
    expect((await price(mayorista.Id, ids.taladro!, '10')).body).toMatchObject({
      Precio: '67.4250',
      Origen: 'producto',
    });
    const screwdrivers = (
      await demo.request('GET', `/api/catalogo/productos/list?Filtros=${filtrosUrl({ Codigo: 'HER-002' })}`)
    ).body.Items[0];
    expect((await price(mayorista.Id, screwdrivers.Id)).body).toMatchObject({
      Precio: '24.5000',
      Descuento: '15.00',
      PrecioNeto: '20.8250',
      Origen: 'familia',
    });
    expect((await price(particular.Id, ids.taladro!)).body).toMatchObject({
      Precio: '89.9000',
      Origen: 'base',
      IdTarifa: null,
    });
    expect((await price(999999, ids.taladro!)).status).toBe(400);
  });
});
