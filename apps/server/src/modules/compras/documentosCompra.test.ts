import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/**
 * The purchases side of the document engine (issue 12): the same engine as sales, declared for suppliers — an
 * order saved and listed, converted (in part, then the rest) into delivery notes that bring the goods in, and
 * received invoices with the supplier's data copied, the supplier's own number kept and our registration number
 * gapless per series.
 */
let t: TestApp;
let demo: Session;
let proveedor: Record<string, unknown>;
const ids: Record<string, number> = {};
const f = (filtros: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filtros));

beforeAll(async () => {
  t = await createTestApp();
  const [{ id: empresaId } = { id: 0 }] = await t.database.query<{ id: number }>(
    "select id from empresas where codigo = 'DEMO'",
  );
  await t.database.query(
    `update empresas set modulos = modulos || '{"ActPedidosCompra": true, "ActAlbaranesCompra": true, "ActStock": true}'::jsonb where id = $1`,
    [empresaId],
  );
  demo = await t.as('demo', 'DEMO');
  const find = async (path: string, filtros: Record<string, unknown>) =>
    (await demo.request('GET', `${path}/list?Filtros=${f(filtros)}`)).body.Items[0].Id as number;
  ids.central = await find('/api/catalogo/almacenes', { Codigo: 'CENTRAL' });
  ids.taladro = await find('/api/catalogo/productos', { Codigo: 'HER-001' });
  ids.servicio = await find('/api/catalogo/productos', { Codigo: 'SER-001' });
  proveedor = (await demo.request('GET', '/api/compras/proveedores/list?TotalPagina=50')).body.Items.find(
    (p: { NIF: string | null }) => p.NIF,
  );
});
afterAll(() => t.close());

const stockOf = async () =>
  (
    await demo.request(
      'GET',
      `/api/catalogo/stock/list?Filtros=${f({ IdProducto: ids.taladro, IdAlmacen: ids.central })}`,
    )
  ).body.Items[0]?.Cantidad;
const lineas = (cantidad: string) => [
  { IdProducto: ids.taladro, Descripcion: 'Taladro', Cantidad: cantidad, Precio: '30', TipoIva: 'IVA21' },
  { IdProducto: ids.servicio, Descripcion: 'Portes', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' },
];

describe('purchase orders and delivery notes', () => {
  it('saves an order with the supplier copied, our number and the totals of the domain, and lists it', async () => {
    const res = await demo.request('POST', '/api/compras/dcompra/save', {
      Proveedor: proveedor.Id,
      Fecha: '2026-03-02',
      Observaciones: 'Pedido de prueba',
      Lineas: lineas('5'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      Tipo: 'pedido',
      Proveedor: proveedor.Id,
      ProveedorNombre: proveedor.Nombre,
      ProveedorNIF: proveedor.NIF,
      Estado: 'Pendiente',
      Numero: 1,
      NumSerie: 'PC0001',
      BaseImponible: '160.00',
      TotalIva: '33.60',
      Total: '193.60',
    });
    expect(res.body).not.toHaveProperty('Cliente');
    expect(res.body.Lineas[0]).toMatchObject({ Cantidad: '5.000', Servido: '0.000', PendienteServir: '5.000' });
    ids.pedido = res.body.Id;
    const list = await demo.request('GET', `/api/compras/dcompra/list?Filtros=${f({ Proveedor: proveedor.Id })}`);
    expect(list.status).toBe(200);
    expect(list.body.Items.map((d: { Id: number }) => d.Id)).toContain(ids.pedido);
    const buscar = await demo.request('GET', `/api/compras/dcompra/list?Filtros=${f({ Buscar: 'PC0001' })}`);
    expect(buscar.body.Items.map((d: { Id: number }) => d.Id)).toEqual([ids.pedido]);
    // Purchases and sales are two sides of one engine, not one table: the order is not a sales order.
    expect((await demo.request('GET', `/api/ventas/dventa/edit/${ids.pedido}`)).status).toBe(404);
  });

  it('refuses an unknown supplier in Spanish', async () => {
    const res = await demo.request('POST', '/api/compras/dcompra/save', {
      Proveedor: 999999,
      Fecha: '2026-03-02',
      Lineas: lineas('1'),
    });
    expect(res.status).toBe(400);
    expect(res.body.Errores).toContainEqual({ Campo: 'Proveedor', Mensaje: 'El proveedor no existe' });
  });

  it('converts the order into delivery notes that bring the goods in, part and then the rest', async () => {
    const antes = Number(await stockOf());
    const pedido = (await demo.request('GET', `/api/compras/dcompra/edit/${ids.pedido}`)).body;
    const parte = await demo.request('POST', `/api/compras/dcompra/convertir/${ids.pedido}`, {
      Destino: 'acompra',
      Fecha: '2026-03-05',
      Lineas: [{ Id: pedido.Lineas[0].Id, Cantidad: '3' }],
    });
    expect(parte.status, JSON.stringify(parte.body)).toBe(201);
    expect(parte.body).toMatchObject({ Tipo: 'albaran', Estado: 'Recibido', ProveedorNombre: proveedor.Nombre });
    expect(parte.body.NumSerie).toMatch(/^AC/);
    expect(parte.body.Lineas).toHaveLength(1);
    expect(parte.body.Lineas[0]).toMatchObject({ Cantidad: '3.000', IdLineaOrigen: pedido.Lineas[0].Id });
    expect(Number(await stockOf())).toBe(antes + 3);
    const moves = await demo.request(
      'GET',
      `/api/catalogo/movimientosstock/list?Filtros=${f({ Tipo: 'documento', IdProducto: ids.taladro })}`,
    );
    expect(moves.body.Items[0]).toMatchObject({ Cantidad: '3.000' });
    expect(moves.body.Items[0].Motivo).toContain('Albarán de compra');
    ids.albaran1 = parte.body.Id;

    let abierto = (await demo.request('GET', `/api/compras/dcompra/edit/${ids.pedido}`)).body;
    expect(abierto.Estado).toBe('Pendiente');
    expect(abierto.Lineas[0]).toMatchObject({ Servido: '3.000', PendienteServir: '2.000' });
    const mas = await demo.request('POST', `/api/compras/dcompra/convertir/${ids.pedido}`, {
      Destino: 'acompra',
      Fecha: '2026-03-06',
      Lineas: [{ Id: pedido.Lineas[0].Id, Cantidad: '3' }],
    });
    expect(mas.status).toBe(400);
    expect(mas.body.Errores[0].Campo).toBe('Lineas[0].Cantidad');
    const resto = await demo.request('POST', `/api/compras/dcompra/convertir/${ids.pedido}`, {
      Destino: 'acompra',
      Fecha: '2026-03-06',
    });
    expect(resto.status, JSON.stringify(resto.body)).toBe(201);
    expect(Number(await stockOf())).toBe(antes + 5);
    ids.albaran2 = resto.body.Id;
    abierto = (await demo.request('GET', `/api/compras/dcompra/edit/${ids.pedido}`)).body;
    expect(abierto.Estado).toBe('Recibido');

    // Cancelling a delivery note gives the goods back and the order has something pending again.
    const anulado = await demo.request('POST', `/api/compras/acompra/anular/${ids.albaran2}`);
    expect(anulado.status, JSON.stringify(anulado.body)).toBe(200);
    expect(Number(await stockOf())).toBe(antes + 3);
    expect((await demo.request('GET', `/api/compras/dcompra/edit/${ids.pedido}`)).body.Estado).toBe('Pendiente');

    const cadena = await demo.request('GET', `/api/compras/doccomprahist/acompra/${ids.albaran1}`);
    expect(cadena.status).toBe(200);
    expect(cadena.body.Items.map((d: { Id: number }) => d.Id).sort()).toEqual(
      [ids.pedido, ids.albaran1, ids.albaran2].sort(),
    );
  });
});

describe('received invoices', () => {
  const factura = (over: Record<string, unknown>) =>
    demo.request('POST', '/api/compras/fcompra/save', {
      Proveedor: proveedor.Id,
      Fecha: '2026-03-10',
      Lineas: lineas('2'),
      ...over,
    });

  it('keeps the supplier number, registers with our gapless number and brings the goods in once', async () => {
    const antes = Number(await stockOf());
    const draft = await factura({ NumFacturaProveedor: 'A-2026/117', FechaFacturaProveedor: '2026-03-08' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({
      Tipo: 'factura',
      Estado: 'Provisional',
      EstadoPago: 'Pendiente',
      Numero: null,
      NumFacturaProveedor: 'A-2026/117',
      FechaFacturaProveedor: '2026-03-08',
      ProveedorNIF: proveedor.NIF,
    });
    expect(Number(await stockOf())).toBe(antes);
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${draft.body.Id}`);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body).toMatchObject({ Estado: 'Registrada', Numero: 1, NumSerie: 'FC0001' });
    expect(Number(await stockOf())).toBe(antes + 2);
    const otra = await demo.request('POST', `/api/compras/fcompra/registrar/${draft.body.Id}`);
    expect(otra.status).toBe(400);
    expect(otra.body.Mensaje).toBe('La factura ya está registrada: no se puede volver a registrar');
    const editar = await demo.request('PUT', `/api/compras/fcompra/save/${draft.body.Id}`, {
      Proveedor: proveedor.Id,
      Fecha: '2026-03-10',
      Lineas: lineas('9'),
    });
    expect(editar.status).toBe(400);
    expect(editar.body.Mensaje).toBe('La factura está registrada: no se puede modificar ni borrar');

    // A registration that fails (dated before the last number) takes no number: the next one is 2.
    const anterior = await factura({ Fecha: '2026-03-01' });
    const fallida = await demo.request('POST', `/api/compras/fcompra/registrar/${anterior.body.Id}`);
    expect(fallida.status).toBe(400);
    expect(fallida.body.Mensaje).toContain('anterior a la del último número');
    const siguiente = await factura({ Fecha: '2026-03-11' });
    const reg2 = await demo.request('POST', `/api/compras/fcompra/registrar/${siguiente.body.Id}`);
    expect(reg2.body).toMatchObject({ Estado: 'Registrada', Numero: 2, NumSerie: 'FC0002' });
  });

  it('invoices a delivery note without taking its goods in twice, and marks it invoiced', async () => {
    const antes = Number(await stockOf());
    const conv = await demo.request('POST', `/api/compras/acompra/convertir/${ids.albaran1}`, {
      Destino: 'fcompra',
      Fecha: '2026-03-12',
    });
    expect(conv.status, JSON.stringify(conv.body)).toBe(201);
    expect(conv.body).toMatchObject({ Tipo: 'factura', Estado: 'Provisional', ProveedorNombre: proveedor.Nombre });
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${conv.body.Id}`, {});
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.Numero).toBe(3);
    expect(Number(await stockOf())).toBe(antes);
    const albaran = (await demo.request('GET', `/api/compras/acompra/edit/${ids.albaran1}`)).body;
    expect(albaran.Facturado).toBe(true);
    const lista = await demo.request('GET', `/api/compras/fcompra/list?Filtros=${f({ EstadoPago: 'Pendiente' })}`);
    expect(lista.body.Items.filter((d: { Estado: string }) => d.Estado === 'Registrada')).toHaveLength(3);
  });
});
