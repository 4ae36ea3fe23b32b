import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdfText.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/** The book of issued invoices: one row per invoice and VAT rate, totals per rate, exports. */
let t: TestApp;
let demo: Session;
let cliente: number;
const f = (filtros: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filtros));
const JUNIO = { FechaDesde: '2026-06-01', FechaHasta: '2026-06-30' };
const emitidas: Record<string, any>[] = [];

/** An invoice of the book's customer (or another, in `over`), issued unless told otherwise. */
const factura = async (fecha: string, over: Record<string, unknown>, emitir = true) => {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: fecha,
    Lineas: [
      { Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', Descuento: '10', TipoIva: 'IVA21' },
      { Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
    ],
    ...over,
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  if (!emitir) return d.body;
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body;
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const rec = await demo.request('POST', '/api/ventas/clientes/save', {
    Nombre: 'Ferretería del libro',
    NIF: '00000023T',
    RegimenIva: 'recargo',
  });
  expect(rec.status, JSON.stringify(rec.body)).toBe(201);
  cliente = rec.body.Id;
  emitidas.push(await factura('2026-06-03', { PorcRetencion: '15' }));
  emitidas.push(
    await factura('2026-06-10', {
      Lineas: [{ Descripcion: 'Lámpara', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
    }),
  );
  // Not in the book: a cancelled invoice, a draft, and an invoice of July.
  const anulada = await factura('2026-06-12', {});
  expect((await demo.request('POST', `/api/ventas/fventa/anular/${anulada.Id}`)).status).toBe(200);
  await factura('2026-06-13', {}, false);
  await factura('2026-07-01', {});
});
afterAll(() => t.close());

describe('factemitidas list', () => {
  it('gives one row per invoice and VAT rate with the invoice data, in date order', async () => {
    const res = await demo.request('GET', `/api/impuestos/factemitidas/list?TotalPagina=200&Filtros=${f(JUNIO)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [a, b] = emitidas as [Record<string, any>, Record<string, any>];
    expect(res.body.Items.map((r: { Id: number }) => r.Id)).toEqual([a.Id, a.Id, b.Id]);
    expect(res.body.Total).toBe(3);
    const [r21, r10, rb] = res.body.Items;
    expect(r21).toMatchObject({
      Fecha: '2026-06-03',
      NumSerie: a.NumSerie,
      ClienteNombre: 'Ferretería del libro',
      ClienteNIF: '00000023T',
      Impuesto: 'IVA',
      PorcentajeIva: '21.00',
      Base: '18.90',
      Cuota: '3.97',
      PorcentajeRecargo: '5.20',
      CuotaRecargo: '0.98',
      Retencion: a.TotalRetencion,
    });
    expect(r10).toMatchObject({ PorcentajeIva: '10.00', Base: '5.00', Cuota: '0.50', Retencion: '0.00' });
    // The rows of an invoice add up to its total.
    expect((Number(r21.Total) + Number(r10.Total)).toFixed(2)).toBe(a.Total);
    expect(rb).toMatchObject({ Base: '100.00', Cuota: '21.00', Total: b.Total });
  });

  it('totals the period per rate and overall', async () => {
    const res = await demo.request('GET', `/api/impuestos/factemitidas/list?Filtros=${f(JUNIO)}`);
    const { PorTipo, General } = res.body.Totales;
    expect(PorTipo).toEqual([
      expect.objectContaining({ Impuesto: 'IVA', PorcentajeIva: '10.00', Base: '5.00', Cuota: '0.50' }),
      expect.objectContaining({ Impuesto: 'IVA', PorcentajeIva: '21.00', Base: '118.90', Cuota: '24.97' }),
    ]);
    const [a, b] = emitidas as [Record<string, any>, Record<string, any>];
    expect(General).toMatchObject({
      Facturas: 2,
      Base: '123.90',
      Retencion: a.TotalRetencion,
      Total: (Number(a.Total) + Number(b.Total)).toFixed(2),
    });
  });

  it('filters by series and pages', async () => {
    const serie = emitidas[0]!.Serie;
    const same = await demo.request('GET', `/api/impuestos/factemitidas/list?Filtros=${f({ ...JUNIO, Serie: serie })}`);
    expect(same.body.Total).toBe(3);
    const other = await demo.request(
      'GET',
      `/api/impuestos/factemitidas/list?Filtros=${f({ ...JUNIO, Serie: 999999 })}`,
    );
    expect(other.body.Items).toEqual([]);
    expect(other.body.Totales.General.Facturas).toBe(0);
    const page2 = await demo.request(
      'GET',
      `/api/impuestos/factemitidas/list?TotalPagina=2&Pagina=2&Filtros=${f(JUNIO)}`,
    );
    expect(page2.body.Items.map((r: { Id: number }) => r.Id)).toEqual([emitidas[1]!.Id]);
  });

  it('asks for the period with Spanish messages', async () => {
    const none = await demo.request('GET', '/api/impuestos/factemitidas/list');
    expect(none.status).toBe(400);
    expect(none.body.Errores.map((e: { Campo: string }) => e.Campo).sort()).toEqual(['FechaDesde', 'FechaHasta']);
    const reversed = await demo.request(
      'GET',
      `/api/impuestos/factemitidas/list?Filtros=${f({ FechaDesde: '2026-06-30', FechaHasta: '2026-06-01' })}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.Errores[0]).toEqual({
      Campo: 'FechaHasta',
      Mensaje: 'La fecha final no puede ser anterior a la inicial',
    });
    const bad = await demo.request('GET', `/api/impuestos/factemitidas/export?Formato=doc&Filtros=${f(JUNIO)}`);
    expect(bad.status).toBe(400);
  });
});

describe('factemitidas export', () => {
  it('streams the book with its totals as HTML and as a spreadsheet', async () => {
    const html = await demo.request('GET', `/api/impuestos/factemitidas/export?Formato=html&Filtros=${f(JUNIO)}`);
    expect(html.status).toBe(200);
    expect(html.headers['x-total-registros']).toBe('3');
    const text = String(html.body);
    expect(text).toContain(emitidas[0]!.NumSerie);
    expect(text).toContain('Total IVA 21,00 %');
    expect(text).toContain('Total general (2 facturas)');
    expect(text).not.toContain('2026-07');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos/factemitidas/export?Formato=xlsx&Filtros=${f(JUNIO)}`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('factemitidas printed for a person', () => {
  it('the PDF groups thousands, writes dates dd/mm/aaaa and cuts no column', async () => {
    const nombre = 'Distribuciones y Suministros Industriales del Mediterráneo Oriental Sociedad Limitada';
    const c = await demo.request('POST', '/api/ventas/clientes/save', { Nombre: nombre, NIF: '00000031P' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    await factura('2026-09-15', {
      Cliente: c.body.Id,
      Lineas: [{ Descripcion: 'Compresor', Cantidad: '1', Precio: '2235.57', TipoIva: 'IVA21' }],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos/factemitidas/export?Formato=pdf&Filtros=${f({ FechaDesde: '2026-09-01', FechaHasta: '2026-09-30' })}`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    const leido = text.replace(/\s+/g, ' ');
    expect(leido).toContain('Facturas emitidas del 01/09/2026 al 30/09/2026');
    expect(leido).toContain('15/09/2026');
    expect(leido).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const importe of ['2.235,57', '469,47', '2.705,04']) expect(text.split('\n')).toContain(importe);
    expect(leido).not.toMatch(/\d{4},\d{2}/);
    // The long name wraps inside its column instead of being cut.
    expect(leido).toContain(nombre);
    expect(text).not.toContain('…');
    // The header labels are whole too.
    for (const label of ['Base imponible', '% Recargo', 'Retención']) expect(leido).toContain(label);
  });
});
