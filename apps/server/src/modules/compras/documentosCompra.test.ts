import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import {
  catalogoDemo,
  crear,
  expectNumeracionCorrelativa,
  filtrosUrl,
  terceroConNif,
} from '../../../test/datosDemo.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdfText.ts';
import type { Session } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';

/**
 * The purchases side of the document engine: the same engine as sales, declared for suppliers — an
 * order saved and listed, converted (in part, then the rest) into delivery notes that bring the goods in, and
 * received invoices with the supplier's data copied, the supplier's own number kept and our registration number
 * gapless per series.
 */
let demo: Session;
let proveedor: Record<string, unknown>;
const ids: Record<string, number> = {};
/** DEMO's own numbers of 2026 per series kind (its purchase year reaches January): the tests' numbers follow them. */
const previos: Record<string, number> = {};
const numero = (prefijo: string, n: number) => ({ Numero: n, NumSerie: `${prefijo}${String(n).padStart(4, '0')}` });

const t = appDePruebas();
beforeAll(async () => {
  const [{ id: empresaId } = { id: 0 }] = await t.database.query<{ id: number }>(
    "select id from empresas where codigo = 'DEMO'",
  );
  await t.database.query(
    `update empresas set modulos = modulos || '{"ActPedidosCompra": true, "ActAlbaranesCompra": true, "ActStock": true}'::jsonb where id = $1`,
    [empresaId],
  );
  demo = await t.as('demo', 'DEMO');
  Object.assign(ids, await catalogoDemo(demo));
  proveedor = await terceroConNif(demo, 'compras/proveedores');
  for (const r of await t.database.query<{ tipo: string; n: number }>(
    `select s.tipo_documento as tipo, max(d.numero)::int as n from documentos_compra d
     join series s on s.empresa_id = d.empresa_id and s.id = d.id_serie
     where d.empresa_id = $1 and d.anyo = 2026 group by 1`,
    [empresaId],
  ))
    previos[r.tipo] = r.n;
});

const stockOf = async () =>
  (
    await demo.request(
      'GET',
      `/api/catalogo/stock/list?Filtros=${filtrosUrl({ IdProducto: ids.taladro, IdAlmacen: ids.central })}`,
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
    cuerpo(res, 201, {
      Tipo: 'pedido',
      Proveedor: proveedor.Id,
      ProveedorNombre: proveedor.Nombre,
      ProveedorNIF: proveedor.NIF,
      Estado: 'Pendiente',
      ...numero('PC', (previos.pedidocompra ?? 0) + 1),
      BaseImponible: '160.00',
      TotalIva: '33.60',
      Total: '193.60',
    });
    expect(res.body).not.toHaveProperty('Cliente');
    expect(res.body.Lineas[0]).toMatchObject({ Cantidad: '5.000', Servido: '0.000', PendienteServir: '5.000' });
    ids.pedido = res.body.Id;
    const list = await demo.request(
      'GET',
      `/api/compras/dcompra/list?Filtros=${filtrosUrl({ Proveedor: proveedor.Id })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.Items.map((d: { Id: number }) => d.Id)).toContain(ids.pedido);
    // DEMO's year before has its own PC numbers (the series restarts each year): the search within this year.
    const buscar = await demo.request(
      'GET',
      `/api/compras/dcompra/list?Filtros=${filtrosUrl({ Buscar: res.body.NumSerie, FechaDesde: '2026-01-01' })}`,
    );
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
    cuerpo(parte, 201, { Tipo: 'albaran', Estado: 'Recibido', ProveedorNombre: proveedor.Nombre });
    expect(parte.body.NumSerie).toMatch(/^AC/);
    expect(parte.body.Lineas).toHaveLength(1);
    expect(parte.body.Lineas[0]).toMatchObject({ Cantidad: '3.000', IdLineaOrigen: pedido.Lineas[0].Id });
    expect(Number(await stockOf())).toBe(antes + 3);
    const moves = await demo.request(
      'GET',
      `/api/catalogo/movimientosstock/list?Filtros=${filtrosUrl({ Tipo: 'documento', IdProducto: ids.taladro })}`,
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

let numProveedor = 0;
const factura = (over: Record<string, unknown>) =>
  demo.request('POST', '/api/compras/fcompra/save', {
    Proveedor: proveedor.Id,
    Fecha: '2026-03-10',
    // Registering needs the supplier's number: a new one per draft unless the test gives it.
    NumFacturaProveedor: `T-${++numProveedor}`,
    Lineas: lineas('2'),
    ...over,
  });

describe('received invoices', () => {
  it('keeps the supplier number, registers with our gapless number and brings the goods in once', async () => {
    const antes = Number(await stockOf());
    const draft = await factura({ NumFacturaProveedor: 'A-2026/117', FechaFacturaProveedor: '2026-03-08' });
    cuerpo(draft, 201, {
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
    cuerpo(reg, 200, { Estado: 'Registrada', ...numero('FC', (previos.facturacompra ?? 0) + 1) });
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
    expect(reg2.body).toMatchObject({ Estado: 'Registrada', ...numero('FC', (previos.facturacompra ?? 0) + 2) });
  });

  it('invoices a delivery note without taking its goods in twice, and marks it invoiced', async () => {
    const antes = Number(await stockOf());
    const conv = await demo.request('POST', `/api/compras/acompra/convertir/${ids.albaran1}`, {
      Destino: 'fcompra',
      Fecha: '2026-03-12',
    });
    cuerpo(conv, 201, { Tipo: 'factura', Estado: 'Provisional', ProveedorNombre: proveedor.Nombre });
    // The supplier's number, typed from the paper before registering (required to register).
    const conNumero = await demo.request('PUT', `/api/compras/fcompra/save/${conv.body.Id}`, {
      Proveedor: proveedor.Id,
      Fecha: conv.body.Fecha,
      NumFacturaProveedor: 'ALB-FACT-1',
      Lineas: conv.body.Lineas.map((l: Record<string, unknown>) => ({
        Id: l.Id,
        IdProducto: l.IdProducto,
        Descripcion: l.Descripcion,
        Cantidad: l.Cantidad,
        Precio: l.Precio,
        TipoIva: l.TipoIva,
      })),
    });
    expect(conNumero.status, JSON.stringify(conNumero.body)).toBe(200);
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${conv.body.Id}`, {});
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.Numero).toBe((previos.facturacompra ?? 0) + 3);
    expect(Number(await stockOf())).toBe(antes);
    const albaran = (await demo.request('GET', `/api/compras/acompra/edit/${ids.albaran1}`)).body;
    expect(albaran.Facturado).toBe(true);
    // This test's invoices (DEMO's year before March has its own pending ones: overdue and recent).
    const lista = await demo.request(
      'GET',
      `/api/compras/fcompra/list?Filtros=${filtrosUrl({ EstadoPago: 'Pendiente', FechaDesde: '2026-03-01' })}`,
    );
    expect(lista.body.Items.filter((d: { Estado: string }) => d.Estado === 'Registrada')).toHaveLength(3);
  });
});

describe('received invoices as printed', () => {
  it("refuses the supplier's number twice in a year, not in another year nor once cancelled", async () => {
    const a = await factura({ NumFacturaProveedor: 'DUP-1', FechaFacturaProveedor: '2026-04-01', Fecha: '2026-04-02' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await factura({ NumFacturaProveedor: 'dup-1', FechaFacturaProveedor: '2026-09-01', Fecha: '2026-09-02' });
    expect(b.status).toBe(400);
    expect(b.body.Errores).toContainEqual({
      Campo: 'NumFacturaProveedor',
      Mensaje: 'Ya existe una factura de este proveedor con el número dup-1 en 2026',
    });
    const otroAnyo = await factura({ NumFacturaProveedor: 'DUP-1', FechaFacturaProveedor: '2025-12-30' });
    expect(otroAnyo.status).toBe(201);
    // The same invoice saved again keeps its own number.
    const again = await demo.request('PUT', `/api/compras/fcompra/save/${a.body.Id}`, {
      Proveedor: proveedor.Id,
      Fecha: '2026-04-02',
      NumFacturaProveedor: 'DUP-1',
      FechaFacturaProveedor: '2026-04-01',
      Lineas: lineas('1'),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Registering needs the number.
    const sin = await factura({ NumFacturaProveedor: null, Fecha: '2026-12-30' });
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${sin.body.Id}`);
    expect(reg.status).toBe(400);
    expect(reg.body.Errores).toContainEqual({
      Campo: 'NumFacturaProveedor',
      Mensaje: 'El número de factura del proveedor es obligatorio para registrarla',
    });
  });

  it('shows the typed totals difference and refuses to register it until accepted', async () => {
    const body = {
      Proveedor: proveedor.Id,
      Fecha: '2026-12-30',
      NumFacturaProveedor: 'PAPEL-1',
      FechaDeduccion: '2026-12-31',
      // A bill booked from its breakdown, without lines.
      Desglose: [
        { TipoIva: 'IVA21', Base: '100.00' },
        { TipoIva: 'IVA10', Base: '50' },
      ],
      BasePapel: '150.00',
      IvaPapel: '26.00',
      TotalPapel: '176.01',
    };
    const draft = await demo.request('POST', '/api/compras/fcompra/save', body);
    cuerpo(draft, 201, {
      SinLineas: true,
      BaseImponible: '150.00',
      TotalIva: '26.00',
      Total: '176.00',
      CuotaDeducible: '26.00',
      FechaDeduccion: '2026-12-31',
      DiferenciaPapel: { HayDiferencia: true, Porcentaje: '0.01' },
    });
    expect(draft.body.DiferenciaPapel.Campos).toContainEqual({
      Campo: 'Total',
      Calculado: '176.00',
      Papel: '176.01',
      Diferencia: '0.01',
      Porcentaje: '0.01',
    });
    expect(draft.body.Lineas).toHaveLength(2);
    const refused = await demo.request('POST', `/api/compras/fcompra/registrar/${draft.body.Id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.Mensaje).toContain('Los totales tecleados de la factura no coinciden con los calculados');
    expect(refused.body.Errores[0].Campo).toBe('TotalPapel');
    const accepted = await demo.request('PUT', `/api/compras/fcompra/save/${draft.body.Id}`, {
      ...body,
      AceptarDiferencia: true,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${draft.body.Id}`);
    cuerpo(reg, 200, { Estado: 'Registrada', AceptarDiferencia: true, TotalPapel: '176.01' });
    ids.papel = reg.body.Id;
  });

  it('keeps registered invoices immutable through the API and in SQL', async () => {
    const id = ids.papel!;
    const del = await demo.request('DELETE', `/api/compras/fcompra/delete/${id}`);
    expect(del.status).toBe(400);
    for (const q of [
      `update documentos_compra set total = 1 where id = ${id}`,
      `delete from documentos_compra where id = ${id}`,
      `update documentos_compra_lineas set precio = 1 where id_documento = ${id}`,
      `update datos_compra set total_papel = 176 where id_documento = ${id}`,
    ])
      await expect(t.database.query(q), q).rejects.toThrow(/registrada/);
    // Paying it (the payment status) is allowed.
    await t.database.query(`update documentos_compra set estado_cobro = 'Pagado' where id = ${id}`);
  });

  it('books reverse charge with self-assessed VAT and refuses VAT charged on it', async () => {
    const tipos = (await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=100')).body.Items as {
      Valor: string;
      PorcentajeIva: string;
    }[];
    const cero = tipos.find((x) => Number(x.PorcentajeIva) === 0)!;
    const conIva = await factura({ Operacion: 'inversion', NumFacturaProveedor: 'ISP-0' });
    expect(conIva.status).toBe(400);
    expect(conIva.body.Errores[0].Campo).toBe('Lineas[0].TipoIva');
    const isp = await factura({
      Operacion: 'inversion',
      NumFacturaProveedor: 'ISP-1',
      ClaveRetencion: '111',
      PorcRetencion: '15',
      Lineas: [{ Descripcion: 'Obra', Cantidad: '1', Precio: '1000', TipoIva: cero.Valor }],
    });
    cuerpo(isp, 201, {
      Operacion: 'inversion',
      ClaveRetencion: '111',
      TotalIva: '0.00',
      TotalRetencion: '150.00',
      CuotaAutoliquidada: '210.00',
      CuotaDeducible: '210.00',
      TotalAPagar: '850.00',
    });
  });

  it('books an expense with a free supplier name, a category and a ticket photo', async () => {
    const cats = await demo.request('GET', '/api/compras/fgasto/categorias');
    expect(cats.status).toBe(200);
    const suministros = cats.body.Items.find((c: { Nombre: string }) => c.Nombre === 'Suministros');
    expect(suministros.Cuenta).toMatch(/^628/);
    const gasto = await demo.request('POST', '/api/compras/fgasto/save', {
      NombreProveedor: 'Gasolinera El Cruce',
      Fecha: '2026-12-30',
      Concepto: 'Gasóleo furgoneta',
      Categoria: suministros.Cuenta,
      PorcNoDeducible: '50',
      Desglose: [{ TipoIva: 'IVA21', Base: '50.00' }],
    });
    cuerpo(gasto, 201, {
      Tipo: 'gasto',
      ProveedorNombre: 'Gasolinera El Cruce',
      Concepto: 'Gasóleo furgoneta',
      Total: '60.50',
      CuotaDeducible: '5.25',
      CuotaNoDeducible: '5.25',
      Adjunto: null,
    });
    expect((await demo.request('POST', '/api/compras/fgasto/save', { Fecha: '2026-12-30', Desglose: [] })).status).toBe(
      400,
    );
    // The ticket photo: the spec's file rules.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const bad = multipartFile('ticket.txt', 'hola', 'text/plain');
    const refused = await demo.request('POST', `/api/compras/fgasto/adjunto/${gasto.body.Id}`, bad.body, bad.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.Mensaje).toBe(
      'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf',
    );
    const f = multipartFile('ticket.png', png, 'image/png');
    const up = await demo.request('POST', `/api/compras/fgasto/adjunto/${gasto.body.Id}`, f.body, f.headers);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const got = await demo.request('GET', `/api/compras/fgasto/adjunto/${gasto.body.Id}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const reg = await demo.request('POST', `/api/compras/fgasto/registrar/${gasto.body.Id}`);
    cuerpo(reg, 200, { Estado: 'Registrada', Adjunto: { Tipo: 'png' } });
    expect(reg.body.NumSerie).toMatch(/^FC/);
    // Listed with received invoices; the expenses list has only expenses.
    const todas = await demo.request('GET', `/api/compras/fcompra/list?TotalPagina=200`);
    expect(todas.body.Items.map((d: { Id: number }) => d.Id)).toContain(gasto.body.Id);
    const gastos = await demo.request('GET', `/api/compras/fgasto/list?TotalPagina=200`);
    expect(new Set(gastos.body.Items.map((d: { Tipo: string }) => d.Tipo))).toEqual(new Set(['gasto']));
  });

  it('numbers 16 concurrent registrations without gaps', async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 16; i++) drafts.push((await factura({ Fecha: '2026-12-31' })).body.Id);
    const res = await Promise.all(drafts.map((id) => demo.request('POST', `/api/compras/fcompra/registrar/${id}`)));
    expect(res.map((r) => r.status)).toEqual(drafts.map(() => 200));
    const numeros = res.map((r) => r.body.Numero as number).sort((a, b) => a - b);
    expect(new Set(numeros).size).toBe(16);
    expect(numeros[15]! - numeros[0]!).toBe(15);
    const [{ n } = { n: 0 }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from documentos_compra where tipo in ('factura','gasto') and anyo = 2026 and numero > ${numeros[15]}`,
    );
    expect(n).toBe(0);
  });
});

describe('the received-invoice book (factrecibidas)', () => {
  const DIC = { FechaDesde: '2026-12-01', FechaHasta: '2026-12-31' };
  it('lists December by rate with the deductible and self-assessed VAT, totals and withholdings per model', async () => {
    const cero = (await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=100')).body.Items.find(
      (x: { PorcentajeIva: string }) => Number(x.PorcentajeIva) === 0,
    );
    const isp = await factura({
      Fecha: '2026-12-31',
      Operacion: 'inversion',
      NumFacturaProveedor: 'ISP-LIBRO',
      ClaveRetencion: '111',
      PorcRetencion: '15',
      Lineas: [{ Descripcion: 'Obra', Cantidad: '1', Precio: '1000', TipoIva: cero.Valor }],
    });
    expect((await demo.request('POST', `/api/compras/fcompra/registrar/${isp.body.Id}`)).status).toBe(200);
    const res = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/list?TotalPagina=200&Filtros=${filtrosUrl(DIC)}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // PAPEL-1 (2 rates), the expense, 16 invoices of the concurrency test, the reverse-charge one.
    expect(res.body.Total).toBe(20);
    const gasto = res.body.Items.find((r: { Tipo: string }) => r.Tipo === 'gasto');
    expect(gasto).toMatchObject({
      ProveedorNombre: 'Gasolinera El Cruce',
      Base: '50.00',
      Cuota: '10.50',
      CuotaDeducible: '5.25',
      Concepto: 'Gasóleo furgoneta',
    });
    const rIsp = res.body.Items.find((r: { Id: number }) => r.Id === isp.body.Id);
    expect(rIsp).toMatchObject({
      NumFactura: 'ISP-LIBRO',
      Operacion: 'inversion',
      Cuota: '0.00',
      CuotaAutoliquidada: '210.00',
      CuotaDeducible: '210.00',
      Retencion: '150.00',
      ClaveRetencion: '111',
      Total: '850.00',
    });
    const iva21 = res.body.Totales.PorTipo.find((x: { PorcentajeIva: string }) => x.PorcentajeIva === '21.00');
    expect(iva21).toMatchObject({ Base: '1270.00', Cuota: '266.70', CuotaDeducible: '261.45' });
    expect(res.body.Totales.General).toMatchObject({
      Facturas: 19,
      Retencion: '150.00',
      Retencion111: '150.00',
      Retencion115: '0.00',
      CuotaAutoliquidada: '210.00',
    });
    // Drafts and other periods stay out; a bad period is a Spanish 400.
    const bad = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/list?Filtros=${filtrosUrl({ FechaDesde: '2026-12-31', FechaHasta: '2026-12-01' })}`,
    );
    expect(bad.status).toBe(400);
  });

  it('exports the book and the AEAT layout', async () => {
    const html = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/export?Formato=html&Filtros=${filtrosUrl(DIC)}`,
    );
    expect(html.status).toBe(200);
    expect(html.headers['content-disposition']).toContain('factrecibidas-2026-12-01-2026-12-31.html');
    expect(String(html.body)).toContain('Facturas recibidas del 01/12/2026 al 31/12/2026');
    expect(String(html.body)).toContain('Gasolinera El Cruce');
    const aeat = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/export?Formato=html&Modelo=aeat&Filtros=${filtrosUrl(DIC)}`,
    );
    expect(aeat.status).toBe(200);
    for (const h of ['NIF Emisor', 'Clave de Operación', 'Cuota Deducible', 'ISP-LIBRO'])
      expect(String(aeat.body)).toContain(h);
    const xlsx = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/export?Formato=xlsx&Filtros=${filtrosUrl(DIC)}`,
    );
    expect(xlsx.status).toBe(200);
    // Printed for a person: grouped amounts, dd/mm/aaaa, nothing cut, even the AEAT layout's 22 columns.
    for (const modelo of ['libro', 'aeat']) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/impuestos/factrecibidas/export?Formato=pdf&Modelo=${modelo}&Filtros=${filtrosUrl(DIC)}`,
        headers: { authorization: `Bearer ${demo.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      const { text } = pdfText(pdf.rawPayload);
      const leido = text.replace(/\s+/g, ' ');
      expect(leido).toContain('Facturas recibidas del 01/12/2026 al 31/12/2026');
      expect(leido).toMatch(/\d{2}\/12\/2026/);
      expect(leido).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(text).not.toContain('…');
      expect(text.split('\n')).toContain('A28111110');
      if (modelo === 'libro') {
        expect(leido).toContain('Gasolinera El Cruce');
        expect(text.split('\n')).toContain('1.270,00');
        expect(leido).toContain('Retenciones modelo 111: 150,00 €; modelo 115: 0,00 €');
      } else {
        expect(leido).toContain('Cuota Autoliquidada (ISP / intracomunitaria)');
      }
    }
    expect(
      (await demo.request('GET', `/api/impuestos/factrecibidas/export?Modelo=otro&Filtros=${filtrosUrl(DIC)}`)).status,
    ).toBe(400);
  });
});

describe('lots and expiry, purchase prices', () => {
  it('requires lot and expiry on receipt, keeps stock per lot and sells first-expiry-first', async () => {
    // A product without DEMO lots (DEMO's screws TOR-001 carry a year of received lots): this test's lots alone.
    const tor = await (async () =>
      (await demo.request('GET', `/api/catalogo/productos/list?Filtros=${filtrosUrl({ Codigo: 'TOR-002' })}`)).body
        .Items[0].Id as number)();
    await t.database.query(`update productos set trazabilidad = 'lotefecha', control_stock = true where id = $1`, [
      tor,
    ]);
    await t.database.query('update almacenes set permitir_negativo = false');
    const recibir = (lote: string | null, caducidad: string | null, cantidad: string) =>
      demo.request('POST', '/api/compras/acompra/save', {
        Proveedor: proveedor.Id,
        // Received before the sale below (today): the lot's history reads entry, then exit.
        Fecha: '2026-03-07',
        IdAlmacen: ids.central,
        Lineas: [
          {
            IdProducto: tor,
            Descripcion: 'Tornillos',
            Cantidad: cantidad,
            Precio: '3',
            TipoIva: 'IVA21',
            Lote: lote,
            Caducidad: caducidad,
          },
        ],
      });
    const sinLote = await recibir(null, null, '1');
    expect(sinLote.status).toBe(400);
    expect(sinLote.body.Errores[0].Campo).toBe('Lineas[0].Lote');
    const sinCaducidad = await recibir('L1', null, '1');
    expect(sinCaducidad.body.Errores[0]).toMatchObject({ Campo: 'Lineas[0].Caducidad' });
    expect((await recibir('L1', '2027-06-30', '5')).status).toBe(201);
    expect((await recibir('L2', '2027-01-31', '3')).status).toBe(201);
    const lotes = await demo.request('GET', `/api/compras/lotes/list?IdProducto=${tor}&IdAlmacen=${ids.central}`);
    expect(lotes.status).toBe(200);
    expect(lotes.body.Items.map((l: { Lote: string; Stock: string }) => [l.Lote, l.Stock])).toEqual([
      ['L2', '3.000'],
      ['L1', '5.000'],
    ]);

    const cliente = (await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=5')).body.Items[0].Id;
    // Issued today: VeriFactu refuses an invoice dated in the future.
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const vender = async (cantidad: string, lote?: string) => {
      const d = await demo.request('POST', '/api/ventas/fventa/save', {
        Cliente: cliente,
        Fecha: hoy,
        IdAlmacen: ids.central,
        Lineas: [
          { IdProducto: tor, Descripcion: 'Tornillos', Cantidad: cantidad, Precio: '7', TipoIva: 'IVA21', Lote: lote },
        ],
      });
      expect(d.status, JSON.stringify(d.body)).toBe(201);
      return demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`);
    };
    const fefo = await vender('2');
    expect(fefo.status, JSON.stringify(fefo.body)).toBe(200);
    expect(fefo.body.Lineas[0]).toMatchObject({ Lote: 'L2', Caducidad: '2027-01-31' });
    const demasiado = await vender('2', 'L2');
    expect(demasiado.status).toBe(400);
    expect(demasiado.body.Errores[0]).toEqual({
      Campo: 'Lineas[0].Lote',
      Mensaje: 'Línea 1: no hay stock suficiente del lote L2 (quedan 1.000)',
    });
    const hist = await demo.request('GET', `/api/compras/lotes/historial?IdProducto=${tor}&Lote=L2`);
    expect(hist.body.Items.map((m: { Lado: string; Cantidad: string }) => [m.Lado, m.Cantidad])).toEqual([
      ['Entrada', '3.000'],
      ['Salida', '2.000'],
    ]);
  });

  it('gives the purchase-price history per product and supplier and the last price for the next order', async () => {
    const res = await demo.request(
      'GET',
      `/api/compras/proveedores/precios?IdProducto=${ids.taladro}&IdProveedor=${proveedor.Id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items.length).toBeGreaterThan(0);
    expect(res.body.Items.every((r: { IdProveedor: number }) => r.IdProveedor === proveedor.Id)).toBe(true);
    expect(Number(res.body.Ultimo.Precio)).toBe(30);
    expect((await demo.request('GET', '/api/compras/proveedores/precios?IdProducto=abc')).status).toBe(400);
  });
});

describe('DEMO purchase year (seed/demoCompras.ts)', () => {
  it('has orders received into lots, registered invoices and expenses numbered by date, payments and overdue ones', async () => {
    const q = <T>(sql: string) => t.database.query<T>(sql);
    const [e] = await q<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    const emp = Number(e!.id);
    // Registered invoices and expenses before the tests' own: gapless per series and year, numbers follow dates.
    const rows = await q<{ serie: number; anyo: number; numero: number; fecha: string; tipo: string }>(
      `select id_serie serie, anyo, numero, fecha::text fecha, tipo from documentos_compra
       where empresa_id = ${emp} and numero is not null and fecha < '2026-02-01' order by id_serie, anyo, numero`,
    );
    expectNumeracionCorrelativa(rows);
    const tipos = new Set(rows.map((r) => r.tipo));
    expect(tipos).toEqual(new Set(['pedido', 'albaran', 'factura', 'gasto']));
    expect(rows.filter((r) => r.tipo === 'gasto').length).toBeGreaterThanOrEqual(24);
    // Every payment status, overdue invoices among the pending ones, and payments that add up to each status.
    const estados = await q<{ estado: string; vencidas: number }>(
      `select d.estado_cobro estado, count(*) filter (where v.fecha < '2026-02-01')::int vencidas
       from documentos_compra d join vencimientos_compra v on v.empresa_id = d.empresa_id and v.id_factura = d.id
       where d.empresa_id = ${emp} and d.numero is not null and d.fecha < '2026-02-01' group by 1`,
    );
    expect(new Set(estados.map((r) => r.estado))).toEqual(new Set(['Pagado', 'Pagado parcialmente', 'Pendiente']));
    expect(estados.find((r) => r.estado === 'Pendiente')!.vencidas).toBeGreaterThanOrEqual(1);
    const descuadres = await q<{ id: number }>(
      `select d.id from documentos_compra d
       left join (select id_factura, sum(importe) s from pagos_compra where empresa_id = ${emp} group by 1) p
         on p.id_factura = d.id
       where d.empresa_id = ${emp} and d.numero is not null and d.tipo in ('factura', 'gasto') and d.fecha < '2026-02-01'
         and (d.estado_cobro = 'Pagado') <> (coalesce(p.s, 0) = d.total)`,
    );
    expect(descuadres).toEqual([]);
    // The traced screws came in by lot: the lot's history reads its receipt.
    const tor = (await demo.request('GET', `/api/catalogo/productos/list?Filtros=${filtrosUrl({ Codigo: 'TOR-001' })}`))
      .body.Items[0].Id as number;
    const lotes = await demo.request('GET', `/api/compras/lotes/list?IdProducto=${tor}`);
    expect(lotes.body.Items.length).toBeGreaterThanOrEqual(3);
    const lote = lotes.body.Items[0].Lote as string;
    const hist = await demo.request('GET', `/api/compras/lotes/historial?IdProducto=${tor}&Lote=${lote}`);
    expect(hist.body.Items[0]).toMatchObject({ Lado: 'Entrada', Documento: 'compras/albaran', Cantidad: '60.000' });
    // The book of a DEMO month lists its registered invoices and expenses.
    const libro = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/list?Filtros=${filtrosUrl({ FechaDesde: '2025-10-01', FechaHasta: '2025-10-31' })}`,
    );
    expect(libro.status).toBe(200);
    expect(libro.body.Items.length).toBeGreaterThanOrEqual(4);
  });
});

describe('recargo de equivalencia on purchases (compliance-es §7.1)', () => {
  it("a supplier in recargo charges it per rate: the invoice, the amount to pay and the book's columns", async () => {
    const proveedor = await crear(demo, '/api/compras/proveedores/save', {
      Nombre: 'Mayorista con Recargo SL',
      NIF: 'B12345674',
      RegimenIva: 'recargo',
    });
    const res = await factura({
      Proveedor: proveedor,
      // The last day of the year: registering follows the book's date order, after the December tests' invoices.
      Fecha: '2026-12-31',
      NumFacturaProveedor: 'RE-1',
      Lineas: [
        { Descripcion: 'Género', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' },
        { Descripcion: 'Alimentación', Cantidad: '1', Precio: '100', TipoIva: 'IVA10' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 21 % + 5.2 % and 10 % + 1.4 %: the recargo is paid to the supplier and is not VAT to deduct.
    expect(res.body).toMatchObject({
      BaseImponible: '200.00',
      TotalIva: '31.00',
      TotalRecargo: '6.60',
      Total: '237.60',
      CuotaDeducible: '31.00',
      TotalAPagar: '237.60',
    });
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${res.body.Id}`);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const libro = await demo.request(
      'GET',
      `/api/impuestos/factrecibidas/list?Filtros=${filtrosUrl({ FechaDesde: '2026-12-31', FechaHasta: '2026-12-31' })}`,
    );
    const filas = libro.body.Items.filter((r: { Id: number }) => r.Id === res.body.Id);
    expect(
      filas.map((r: Record<string, string>) => [r.Base, r.Cuota, Number(r.PorcentajeRecargo), r.CuotaRecargo]),
    ).toEqual(
      expect.arrayContaining([
        ['100.00', '21.00', 5.2, '5.20'],
        ['100.00', '10.00', 1.4, '1.40'],
      ]),
    );
    expect(filas).toHaveLength(2);
  });
});
