import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear, filtrosUrl } from '../../../test/datosDemo.ts';
import { diaMas } from '../../platform/fechas.ts';
import { textoDelPdf } from '../../platform/http/respuesta.testkit.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { generarPendientes } from '../ventas/recurrentes/generar.ts';
import { movimientosDePagos } from './pagos.ts';
import { plazosDemo } from './vencimientos.testkit.ts';
import { hoyEspana } from './vencimientos.ts';

/**
 * The engine parts on the purchases side: a registered invoice's due dates from its payment method,
 * payments to the supplier (`movstesoreriap`, partial, full, changed, deleted) driving EstadoPago and the
 * instalments, the overdue view, the treasury reader of collections and payments.
 */
let proveedor: number;
let cuenta: number;
const fp: Record<string, number> = {};
const hoy = hoyEspana();
const dia = (n: number) => diaMas(hoy, n);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  proveedor = await crear(demo, '/api/compras/proveedores/save', { Nombre: 'Proveedor de plazos', NIF: '12345678Z' });
  const plazos = await plazosDemo(demo);
  Object.assign(fp, plazos.fp);
  cuenta = plazos.cuenta;
});

/** A registered purchase invoice of 300.00 € (247.93 + 21 % VAT) dated today with a payment method. */
async function registrada(idFormaPago: number | null) {
  const d = await demo.request('POST', '/api/compras/fcompra/save', {
    Proveedor: proveedor,
    Fecha: hoy,
    IdFormaPago: idFormaPago,
    NumFacturaProveedor: `FP-${Math.random().toString(36).slice(2, 10)}`,
    Lineas: [{ Descripcion: 'Mantenimiento anual', Cantidad: '1', Precio: '247.93', TipoIva: 'IVA21' }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  expect(d.body.Vencimientos).toEqual([]);
  const r = await demo.request('POST', `/api/compras/fcompra/registrar/${d.body.Id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const pagar = (IdFactura: number, Importe: string, Fecha = hoy) =>
  demo.request('POST', '/api/tesoreria/movstesoreriap/save', { IdFactura, Fecha, Importe, IdTesoreria: cuenta });

describe('payments of registered purchase invoices', () => {
  let factura: Record<string, any>;

  it('writes the due dates of the payment method when the invoice is registered', async () => {
    factura = await registrada(fp.R306090!);
    expect(factura).toMatchObject({ Estado: 'Registrada', EstadoPago: 'Pendiente', Total: '300.00' });
    expect(factura.Vencimientos).toEqual([
      { Plazo: 1, Fecha: dia(30), Importe: '100.00', Pagado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
      { Plazo: 2, Fecha: dia(60), Importe: '100.00', Pagado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
      { Plazo: 3, Fecha: dia(90), Importe: '100.00', Pagado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
    ]);
  });

  it('pays in part, changes and completes a payment: EstadoPago and the instalments follow', async () => {
    const parcial = await pagar(factura.Id, '150');
    expect(parcial.status, JSON.stringify(parcial.body)).toBe(201);
    expect(parcial.body).toMatchObject({ IdFactura: factura.Id, Importe: '150.00', IdTesoreria: cuenta });
    let doc = (await demo.request('GET', `/api/compras/fcompra/edit/${factura.Id}`)).body;
    expect(doc.EstadoPago).toBe('Pagado parcialmente');
    expect(doc.Vencimientos.map((v: Record<string, string>) => [v.Pagado, v.Estado])).toEqual([
      ['100.00', 'Pagado'],
      ['50.00', 'Pagado parcialmente'],
      ['0.00', 'Pendiente'],
    ]);
    // More than what is pending is refused with the amount pending, nothing written.
    const demasiado = await pagar(factura.Id, '150.01');
    expect(demasiado.status).toBe(400);
    expect(demasiado.body.Errores[0]).toMatchObject({
      Campo: 'Importe',
      Mensaje: 'El pago supera el importe pendiente de la factura (150,00 €)',
    });
    // A payment is changed in place: 150 → 200 (its own amount is pending again while checking).
    const cambio = await demo.request('PUT', `/api/tesoreria/movstesoreriap/save/${parcial.body.Id}`, {
      IdFactura: factura.Id,
      Fecha: hoy,
      Importe: '200',
      IdTesoreria: cuenta,
      Notas: 'Transferencia',
    });
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    expect(cambio.body).toMatchObject({ Id: parcial.body.Id, Importe: '200.00', Notas: 'Transferencia' });
    const resto = await pagar(factura.Id, '100');
    expect(resto.status).toBe(201);
    doc = (await demo.request('GET', `/api/compras/fcompra/edit/${factura.Id}`)).body;
    expect(doc.EstadoPago).toBe('Pagado');
    expect(doc.Vencimientos.every((v: Record<string, string>) => v.Estado === 'Pagado')).toBe(true);
    const lista = await demo.request(
      'GET',
      `/api/tesoreria/movstesoreriap/list?Filtros=${filtrosUrl({ IdFactura: factura.Id })}`,
    );
    expect(lista.body.Total).toBe(2);
    expect(lista.body.Items[0]).toMatchObject({
      NumSerie: factura.NumSerie,
      ProveedorNombre: 'Proveedor de plazos',
      NumFacturaProveedor: factura.NumFacturaProveedor,
    });
    // The invoice list filters by payment status under its purchases name.
    const pagadas = await demo.request(
      'GET',
      `/api/compras/fcompra/list?Filtros=${filtrosUrl({ EstadoPago: 'Pagado' })}`,
    );
    expect(pagadas.body.Items.map((d: { Id: number }) => d.Id)).toContain(factura.Id);
    // Deleting a payment puts it back to partly paid.
    expect((await demo.request('DELETE', `/api/tesoreria/movstesoreriap/delete/${resto.body.Id}`)).status).toBe(200);
    doc = (await demo.request('GET', `/api/compras/fcompra/edit/${factura.Id}`)).body;
    expect(doc.EstadoPago).toBe('Pagado parcialmente');
    // A paid invoice cannot be cancelled.
    const anular = await demo.request('POST', `/api/compras/fcompra/anular/${factura.Id}`);
    expect(anular.status).toBe(400);
  });

  it('refuses a payment of a draft, a sales invoice, or from an account that does not exist', async () => {
    const borrador = await demo.request('POST', '/api/compras/fcompra/save', {
      Proveedor: proveedor,
      Fecha: hoy,
      Lineas: [{ Descripcion: 'Borrador', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' }],
    });
    const r = await pagar(borrador.body.Id, '1');
    expect(r.status).toBe(400);
    expect(r.body.Mensaje).toBe('Sólo se pueden pagar facturas registradas y no anuladas');
    const venta = (await demo.request('GET', '/api/ventas/fventa/list')).body.Items[0];
    expect((await pagar(venta.Id, '1')).status).toBe(400);
    const cuentaMala = await demo.request('POST', '/api/tesoreria/movstesoreriap/save', {
      IdFactura: factura.Id,
      Fecha: hoy,
      Importe: '1',
      IdTesoreria: 999_999_999,
    });
    expect(cuentaMala.status).toBe(400);
    expect(cuentaMala.body.Errores[0].Campo).toBe('IdTesoreria');
  });

  it('lists an overdue registered invoice in fcompra/vencidas and the treasury reads payments and collections', async () => {
    const vencida = await registrada(null);
    // One instalment due on the invoice date; moved to the past to be overdue.
    await t.database.query('update vencimientos_compra set fecha = $1 where id_factura = $2', [dia(-3), vencida.Id]);
    await pagar(vencida.Id, '100');
    const v = await demo.request(
      'GET',
      `/api/compras/fcompra/vencidas?Filtros=${filtrosUrl({ Proveedor: proveedor })}`,
    );
    expect(v.status).toBe(200);
    expect(v.body.Items).toEqual([
      expect.objectContaining({
        Id: vencida.Id,
        Proveedor: proveedor,
        ProveedorNombre: 'Proveedor de plazos',
        EstadoPago: 'Pagado parcialmente',
        Pagado: '100.00',
        ImporteVencido: '200.00',
        Pendiente: '200.00',
        DiasVencida: 3,
      }),
    ]);
    const [{ id: empresaId } = { id: 0 }] = await t.database.query<{ id: number }>(
      "select id from empresas where codigo = 'DEMO'",
    );
    const movs = await movimientosDePagos(companyDirectory(t.deps).scope(Number(empresaId)), {
      IdTesoreria: cuenta,
      FechaDesde: hoy,
    });
    const pago = movs.find((m) => m.Tipo === 'pago' && m.IdFactura === vencida.Id);
    expect(pago).toMatchObject({ Importe: '100.00', ImporteCuenta: '-100.00', Tercero: 'Proveedor de plazos' });
  });
});

describe('PDF and e-mail of purchase documents', () => {
  it('prints a received invoice with the supplier as issuer, our registration number and its own number', async () => {
    const factura = await registrada(fp.TRANSF30!);
    const text = await textoDelPdf(t, demo, `/api/compras/fcompra/pdf/${factura.Id}`);
    expect(text).toContain('FACTURA RECIBIDA');
    expect(text).toContain('Proveedor de plazos');
    expect(text).toContain(`Número de registro: ${factura.NumSerie}`);
    expect(text).toContain(`Factura del proveedor: ${factura.NumFacturaProveedor}`);
    expect(text).toContain('Destinatario');
    expect(text).toContain('Vencimientos');
    expect(text).not.toContain('Cliente');
    // An order prints the supplier under its label.
    const pedido = await demo.request('POST', '/api/compras/fcompra/save', {
      Proveedor: proveedor,
      Fecha: hoy,
      Lineas: [{ Descripcion: 'Borrador', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' }],
    });
    expect(await textoDelPdf(t, demo, `/api/compras/fcompra/pdf/${pedido.body.Id}`)).toContain('BORRADOR');
  });

  it('mails a registered invoice to the address given; without one the supplier must have an e-mail', async () => {
    const factura = await registrada(null);
    const sinEmail = await demo.request('POST', `/api/compras/fcompra/enviar/${factura.Id}`, {});
    expect(sinEmail.status).toBe(400);
    expect(sinEmail.body.Errores[0]).toMatchObject({
      Campo: 'Para',
      Mensaje: 'El proveedor no tiene email: indica la dirección en «Para»',
    });
    const ok = await demo.request('POST', `/api/compras/fcompra/enviar/${factura.Id}`, {
      Para: 'compras@proveedor.test',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ Para: 'compras@proveedor.test', Adjunto: `facturacompra-${factura.NumSerie}.pdf` });
    expect(ok.body.Asunto).toContain(`factura recibida ${factura.NumSerie}`);
  });
});

describe('recurring purchase invoices (fcomprarec, fgastorec)', () => {
  const plantilla = (over: Record<string, unknown> = {}) => ({
    Descripcion: 'Alquiler del local',
    Proveedor: proveedor,
    Periodicidad: 'Mensual',
    FechaInicio: '2026-01-01',
    FechaFin: '2026-02-28',
    Accion: 'borrador',
    Lineas: [{ Descripcion: 'Alquiler', Cantidad: '1', Precio: '500', TipoIva: 'IVA21' }],
    ...over,
  });
  const modulo = (on: boolean) =>
    t.database.query(
      `update empresas set modulos = modulos || jsonb_build_object('ActComprasRecurrentes', $1::boolean) where codigo = 'DEMO'`,
      [on],
    );

  it('is gated by its module and saves a template with the supplier and the totals', async () => {
    await modulo(false);
    expect((await demo.request('GET', '/api/compras/fcomprarec/list')).status).toBe(403);
    await modulo(true);
    const res = await demo.request('POST', '/api/compras/fcomprarec/save', plantilla());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ Proveedor: proveedor, BaseImponible: '500.00', Total: '605.00' });
    expect(res.body).not.toHaveProperty('Cliente');
    // The expenses' alias serves the same templates; a sales template does not show here.
    const lista = await demo.request(
      'GET',
      `/api/compras/fgastorec/list?Filtros=${filtrosUrl({ Proveedor: proveedor })}`,
    );
    expect(lista.body.Items).toEqual([
      expect.objectContaining({ Id: res.body.Id, ProveedorNombre: 'Proveedor de plazos' }),
    ]);
    // Mailing a received invoice to its own supplier is not an action of purchases; no supplier is a field error.
    const enviar = await demo.request('POST', '/api/compras/fcomprarec/save', plantilla({ Accion: 'enviar' }));
    expect(enviar.status).toBe(400);
    expect(enviar.body.Errores[0]).toMatchObject({ Campo: 'Accion' });
    const sin = await demo.request('POST', '/api/compras/fcomprarec/save', plantilla({ Proveedor: undefined }));
    expect(sin.body.Errores[0]).toMatchObject({ Campo: 'Proveedor', Mensaje: expect.stringContaining('Proveedor') });
  });

  it('generates each due period once as a purchase invoice draft, by the route and by the job', async () => {
    const p = (await demo.request('POST', '/api/compras/fcomprarec/save', plantilla({ Descripcion: 'Renting' }))).body;
    const r = await demo.request('POST', `/api/compras/fcomprarec/generar/${p.Id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Generadas.map((g: { Periodo: string }) => g.Periodo)).toEqual(['2026-01-01', '2026-02-01']);
    expect((await demo.request('POST', `/api/compras/fcomprarec/generar/${p.Id}`)).body.Generadas).toEqual([]);
    const factura = await demo.request('GET', `/api/compras/fcompra/edit/${r.body.Generadas[0].IdFactura}`);
    expect(factura.body).toMatchObject({
      Tipo: 'factura',
      Estado: 'Provisional',
      Proveedor: proveedor,
      Numero: null,
      Total: '605.00',
    });
    expect(factura.body.Observaciones).toContain('Periodo');
    const historial = await demo.request('GET', `/api/compras/fgastorec/historial/${p.Id}`);
    expect(historial.body.Items.map((i: { Periodo: string }) => i.Periodo)).toEqual(['2026-02-01', '2026-01-01']);
    // The job: the earlier template (not generated yet) is generated once, then nothing more.
    const [{ id: empresaId } = { id: 0 }] = await t.database.query<{ id: number }>(
      "select id from empresas where codigo = 'DEMO'",
    );
    const antes = await t.database.query<{ n: number }>(
      'select count(*)::int as n from facturas_recurrentes_compra_generadas where empresa_id = $1',
      [empresaId],
    );
    const mailer = t.deps.mailer;
    expect(await generarPendientes(companyDirectory(t.deps), mailer, '2026-03-15')).toMatch(/facturas/);
    expect(await generarPendientes(companyDirectory(t.deps), mailer, '2026-03-15')).toMatch(/facturas/);
    const despues = await t.database.query<{ n: number }>(
      'select count(*)::int as n from facturas_recurrentes_compra_generadas where empresa_id = $1',
      [empresaId],
    );
    expect(Number(despues[0]!.n) - Number(antes[0]!.n)).toBe(2);
    // A template that generated invoices cannot be deleted.
    expect((await demo.request('DELETE', `/api/compras/fcomprarec/delete/${p.Id}`)).status).toBe(400);
  });
});
