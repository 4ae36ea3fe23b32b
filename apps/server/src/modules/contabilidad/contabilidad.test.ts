import { campo, XDIARIO, XDIARIO_LONGITUD, XSUBCTA } from '@faro/domain';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Response, type Session, type TestApp } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';
import { crearSerie, cuentaTesoreria, documentoFirme, liquidar } from './libro.testkit.ts';

/**
 * Accounting exports, document exports, reports and the dashboard, one app for the file. The file's
 * documents are dated in 2025 Q1 and numbered in series of their own (a series' numbers follow its dates; VeriFactu
 * refuses invoices before 28-10-2024): a sale, a purchase, an expense, a collection, a payment. The demo may have
 * documents of its own in that quarter (its history runs up to today): assertions pick this file's documents.
 */
let t: TestApp;
let demo: Session;
const Q = 'FechaDesde=2025-01-01&FechaHasta=2025-03-31';
const ids: Record<string, any> = {};
const series: Record<string, number> = {};

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demo.token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const ok = (r: Response, status = 201) => cuerpo(r, status);
  const serie = (Codigo: string, TipoDocumento: string) =>
    crearSerie(demo, Codigo, TipoDocumento, `Contabilidad ${Codigo}`);
  series.venta = await serie('CTV', 'factura');
  series.compra = await serie('CTC', 'facturacompra');
  const cliente = ok(
    await demo.request('POST', '/api/ventas/clientes/save', { Nombre: 'Contabilidad Núñez SL', NIF: 'B12345674' }),
  );
  ids.cliente = cliente;
  const proveedor = ok(
    await demo.request('POST', '/api/compras/proveedores/save', {
      Nombre: 'Suministros del asiento',
      NIF: '12345678Z',
    }),
  );
  ids.proveedor = proveedor;
  ids.venta = await documentoFirme(demo, '/api/ventas/fventa', 'emitir', {
    Cliente: cliente.Id,
    Serie: series.venta,
    Fecha: '2025-02-10',
    Lineas: [
      { Descripcion: 'Martillo', Cantidad: '2', Precio: '50', TipoIva: 'IVA21' },
      { Descripcion: 'Tornillos', Cantidad: '10', Precio: '5', TipoIva: 'IVA10' },
    ],
  });
  ids.compra = await documentoFirme(demo, '/api/compras/fcompra', 'registrar', {
    Proveedor: proveedor.Id,
    Serie: series.compra,
    Fecha: '2025-02-15',
    NumFacturaProveedor: 'PROV-77',
    Lineas: [{ Descripcion: 'Género', Cantidad: '1', Precio: '200', TipoIva: 'IVA21' }],
  });
  ids.gasto = await documentoFirme(demo, '/api/compras/fgasto', 'registrar', {
    NombreProveedor: 'Gasolinera El Cruce',
    Serie: series.compra,
    Fecha: '2025-03-01',
    Concepto: 'Gasóleo',
    Desglose: [{ TipoIva: 'IVA21', Base: '50.00' }],
  });
  const cuenta = await cuentaTesoreria(demo);
  await liquidar(demo, 'movstesoreriac', ids.venta, '2025-03-05', cuenta);
  await liquidar(demo, 'movstesoreriap', ids.compra, '2025-03-06', cuenta);
}, 180_000);
afterAll(() => t.close());

describe('contabilidad: journal of a period', () => {
  const mios = (asientos: any[]) =>
    asientos.filter((a) => a.Documento === ids.venta.NumSerie || a.Documento === 'PROV-77');

  it('previews the entries of the quarter, each balanced, with the totals', async () => {
    const res = await demo.request('GET', `/api/impuestos/contabilidad/asientos?${Q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { Asientos, Resumen, Cuentas } = res.body;
    expect(Cuentas.Digitos).toBeGreaterThanOrEqual(4);
    expect(Resumen).toMatchObject({ Cuadra: true, Descuadrados: [] });
    expect(Resumen.Asientos).toBeGreaterThanOrEqual(5);
    expect(Resumen.Debe).toBe(Resumen.Haber);
    for (const a of Asientos) expect(a.Cuadra, JSON.stringify(a)).toBe(true);
    const fechas = Asientos.map((a: any) => a.Fecha);
    expect(fechas).toEqual([...fechas].sort());
    expect(mios(Asientos).map((a: any) => [a.Fecha, a.Tipo])).toEqual([
      ['2025-02-10', 'venta'],
      ['2025-02-15', 'compra'],
      ['2025-03-05', 'cobro'],
      ['2025-03-06', 'pago'],
    ]);
    const [venta, compra, cobro] = mios(Asientos);
    expect(venta.Debe).toBe(ids.venta.Total);
    const cliente = venta.Apuntes[0].Subcuenta;
    expect(cliente).toMatch(/^430/);
    expect(cliente).toHaveLength(Cuentas.Digitos);
    // The collection credits the same customer subaccount; the supplier is a 400.
    expect(cobro.Apuntes[1].Subcuenta).toBe(cliente);
    expect(compra.Apuntes.at(-1).Subcuenta).toMatch(/^400/);
    const gasto = Asientos.find((a: any) => a.Tipo === 'gasto' && a.Fecha === '2025-03-01');
    expect(gasto.Apuntes.at(-1).Subcuenta).toMatch(/^410/);
    expect(gasto.Debe).toBe(ids.gasto.Total);
  });

  it('refuses a bad period in Spanish', async () => {
    const res = await demo.request(
      'GET',
      '/api/impuestos/contabilidad/asientos?FechaDesde=2025-04-01&FechaHasta=2025-01-01',
    );
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe('Revisa los errores del formulario');
    const largo = await demo.request(
      'GET',
      '/api/impuestos/contabilidad/asientos?FechaDesde=2023-01-01&FechaHasta=2025-01-01',
    );
    expect(largo.status).toBe(400);
  });

  it('ContaPlus zip: XDiario lines of 297 characters, balanced per entry; XSubCta with the customer name and NIF', async () => {
    const res = await download(`/api/impuestos/contabilidad/contaplus?${Q}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contaplus-2025-01-01-2025-03-31.zip"');
    const files = unzipSync(new Uint8Array(res.bytes));
    expect(Object.keys(files)).toEqual(['XDiario.txt', 'XSubCta.txt']);
    const diario = strFromU8(files['XDiario.txt']!).split('\r\n').filter(Boolean);
    for (const l of diario) expect(l).toHaveLength(XDIARIO_LONGITUD);
    const asientos = [...new Set(diario.map((l) => campo(XDIARIO, l, 'ASIEN').trim()))];
    expect(asientos[0]).toBe('1');
    expect(Number(asientos.at(-1))).toBe(asientos.length);
    for (const n of asientos) {
      const lineas = diario.filter((l) => campo(XDIARIO, l, 'ASIEN').trim() === n);
      const suma = (f: string) => lineas.reduce((s, l) => s + Math.round(Number(campo(XDIARIO, l, f)) * 100), 0);
      expect(suma('EURODEBE'), `asiento ${n}`).toBe(suma('EUROHABER'));
    }
    const venta = diario.find(
      (l) =>
        campo(XDIARIO, l, 'DOCUMENTO').trim() === ids.venta.NumSerie.slice(0, 10) &&
        campo(XDIARIO, l, 'SUBCTA').startsWith('430') &&
        campo(XDIARIO, l, 'FACTURA').trim() !== '0',
    )!;
    expect(campo(XDIARIO, venta, 'FECHA')).toBe('20250210');
    expect(campo(XDIARIO, venta, 'EURODEBE').trim()).toBe(ids.venta.Total);
    expect(campo(XDIARIO, venta, 'MONEDAUSO')).toBe('2');
    const subcuentas = strFromU8(files['XSubCta.txt']!).split('\r\n').filter(Boolean);
    const cliente = subcuentas.find((l) => campo(XSUBCTA, l, 'TITULO').trimEnd() === 'CONTABILIDAD NUNEZ SL');
    expect(campo(XSUBCTA, cliente!, 'COD').trimEnd()).toBe(campo(XDIARIO, venta, 'SUBCTA').trimEnd());
    expect(campo(XSUBCTA, cliente!, 'NIF').trimEnd()).toBe('B12345674');
    expect(subcuentas.some((l) => campo(XSUBCTA, l, 'COD').startsWith('477'))).toBe(true);
  });

  it('ContaPlus single files and a bad file name', async () => {
    const diario = await download(`/api/impuestos/contabilidad/contaplus?${Q}&Fichero=xdiario`);
    expect(diario.status).toBe(200);
    expect(diario.headers['content-disposition']).toBe('attachment; filename="XDiario.txt"');
    expect(diario.text.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(10);
    const sub = await download(`/api/impuestos/contabilidad/contaplus?${Q}&Fichero=xsubcta`);
    expect(sub.text).toContain('SUMINISTROS DEL ASIENTO');
    expect((await download(`/api/impuestos/contabilidad/contaplus?${Q}&Fichero=dbf`)).status).toBe(400);
  });

  it('Sage Despachos: a workbook read back with the journal lines', async () => {
    const res = await download(`/api/impuestos/contabilidad/sage?${Q}`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Diario');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Asiento',
      'Fecha',
      'Cuenta',
      'Contrapartida',
      'Concepto',
      'Documento',
      'Debe',
      'Haber',
      'Base imponible',
      '% IVA',
      '% Recargo',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    let debe = 0;
    let haber = 0;
    let venta: ExcelJS.Row | undefined;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      debe += Math.round(Number(row.getCell(7).value) * 100);
      haber += Math.round(Number(row.getCell(8).value) * 100);
      if (!venta && row.getCell(6).value === ids.venta.NumSerie && String(row.getCell(3).value).startsWith('430'))
        venta = row;
    });
    expect(debe).toBe(haber);
    expect(venta!.getCell(2).value).toEqual(new Date('2025-02-10T00:00:00Z'));
    expect(venta!.getCell(7).value).toBe(Number(ids.venta.Total));
  });
});

describe('exportaciones: sales documents of a period', () => {
  it('invoices of one series as xlsx, read back, with the row count for the progress bar', async () => {
    const res = await download(`/api/configuracion/exportaciones/fventa?Formato=xlsx&${Q}&Serie=${series.venta}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['x-total-registros']).toBe('1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fventa-2025-01-01-2025-03-31.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Fecha', 'Número', 'Estado']);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe(ids.venta.NumSerie);
    expect(row.getCell(4).value).toBe('Contabilidad Núñez SL');
    expect(row.getCell(10).value).toBe(Number(ids.venta.Total));
    const todas = await download(`/api/configuracion/exportaciones/fventa?Formato=xlsx&${Q}`);
    expect(Number(todas.headers['x-total-registros'])).toBeGreaterThanOrEqual(1);
  });

  it('pdf and html stream too; a bad format or a missing period is a 400', async () => {
    const pdf = await download(`/api/configuracion/exportaciones/fventa?Formato=pdf&${Q}&Serie=${series.venta}`);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const html = await download(`/api/configuracion/exportaciones/pventa?Formato=html&${Q}&Serie=${series.venta}`);
    expect(html.status).toBe(200);
    expect(html.headers['x-total-registros']).toBe('0');
    const malo = await demo.request('GET', `/api/configuracion/exportaciones/fventa?Formato=doc&${Q}`);
    expect(malo.status).toBe(400);
    expect(malo.body.Mensaje).toBe('El formato de exportación debe ser xlsx, ods, pdf o html');
    expect((await demo.request('GET', '/api/configuracion/exportaciones/fventa?Formato=xlsx')).status).toBe(400);
  });
});

describe('informes and the dashboard', () => {
  it('sales by customer and by month, with a chart; margin empty without costs', async () => {
    const res = await demo.request('GET', `/api/informes/ventas?${Q}&Agrupar=cliente`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Filas.find((f: any) => f.Nombre === 'Contabilidad Núñez SL')).toMatchObject({
      Facturas: 1,
      Base: ids.venta.BaseImponible,
      Coste: null,
      Margen: null,
    });
    expect(res.body.Grafico.Puntos.length).toBeGreaterThan(0);
    const mes = await demo.request('GET', `/api/informes/ventas?${Q}&Agrupar=mes`);
    const claves = mes.body.Filas.map((f: any) => f.Clave);
    expect(claves).toContain('2025-02');
    expect(claves).toEqual([...claves].sort());
    expect((await demo.request('GET', `/api/informes/ventas?${Q}&Agrupar=planeta`)).status).toBe(400);
  });

  it('collections against payments by month, and the export of a report', async () => {
    const res = await demo.request('GET', `/api/informes/cobrospagos?${Q}`);
    expect(res.status).toBe(200);
    const marzo = res.body.Filas.find((f: any) => f.Mes === '2025-03');
    expect(Number(marzo.Cobros)).toBeGreaterThanOrEqual(Number(ids.venta.Total));
    expect(Number(marzo.Pagos)).toBeGreaterThanOrEqual(Number(ids.compra.Total));
    expect(marzo.Diferencia).toBe((Number(marzo.Cobros) - Number(marzo.Pagos)).toFixed(2));
    expect(res.body.Grafico.Series).toEqual(['Cobros', 'Pagos']);
    const x = await download(`/api/informes/cobrospagos/export?Formato=xlsx&${Q}`);
    expect(x.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.bytes as unknown as ExcelJS.Buffer);
    const filas: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => {
      filas.push([row.getCell(1).value, row.getCell(2).value]);
    });
    expect(filas).toContainEqual(['2025-03', Number(marzo.Cobros)]);
    for (const informe of ['remesas', 'recibos', 'arqueos', 'fichajes']) {
      const r = await demo.request('GET', `/api/informes/${informe}?${Q}`);
      expect(r.status, `${informe}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.Columnas.length).toBeGreaterThan(2);
    }
  });

  it('panel of a fixed day: month sales, pending, balances and the next AEAT deadline', async () => {
    const res = await demo.request('GET', '/api/informes/panel?Hoy=2025-02-28');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.VentasMes.Mes).toBe('2025-02');
    expect(res.body.VentasMes.Facturas).toBeGreaterThanOrEqual(1);
    expect(Number(res.body.VentasMes.Base)).toBeGreaterThanOrEqual(Number(ids.venta.BaseImponible));
    expect(res.body.VentasPorMes.at(-1)).toEqual({ Mes: '2025-02', Base: res.body.VentasMes.Base });
    expect(res.body.ProximoPlazo).toMatchObject({ Fecha: '2025-04-20', Periodo: '1T', Anyo: 2025, Dias: 51 });
    expect(Number(res.body.Cobros.Pendiente)).toBeGreaterThanOrEqual(Number(res.body.Cobros.Vencido));
    expect(res.body.Tesoreria.Cuentas.length).toBeGreaterThan(0);
    const abril = await demo.request('GET', '/api/informes/panel?Hoy=2025-04-21');
    expect(abril.body.ProximoPlazo.Fecha).toBe('2025-07-20');
    expect(abril.body.VentasMes.Mes).toBe('2025-04');
  });
});
