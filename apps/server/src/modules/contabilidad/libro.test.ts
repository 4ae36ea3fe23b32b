import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Response, type Session, type TestApp } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';
import {
  asientosDe,
  crearSerie,
  cuentaTesoreria,
  documentoFirme,
  LIBRO as L,
  leerDiario,
  liquidar,
} from './libro.testkit.ts';

/**
 * The ledger kept in Faro, one app for the file: documents of 2024 Q4 (a year the demo's history leaves alone in
 * these series) are issued, registered, collected and cancelled through the API, and their entries read back from
 * the ledger's reports. The year is closed at the end (the tests run in order).
 */
let t: TestApp;
let demo: Session;
const P = 'FechaDesde=2024-11-01&FechaHasta=2024-12-31';
const ids: Record<string, any> = {};

const ok = (r: Response, status = 201) => cuerpo(r, status);
const diario = (query = P) => leerDiario(demo, query);
const de = asientosDe;
const suma = (a: any, lado: 'Debe' | 'Haber') =>
  a.Apuntes.reduce((s: number, l: any) => s + Math.round(Number(l[lado]) * 100), 0);

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const serie = (Codigo: string, TipoDocumento: string) => crearSerie(demo, Codigo, TipoDocumento, `Libro ${Codigo}`);
  ids.serieVenta = await serie('LBV', 'factura');
  ids.serieCompra = await serie('LBC', 'facturacompra');
  ids.cliente = ok(
    await demo.request('POST', '/api/ventas/clientes/save', { Nombre: 'Libro Núñez SL', NIF: 'B12345674' }),
  );
  ids.proveedor = ok(
    await demo.request('POST', '/api/compras/proveedores/save', { Nombre: 'Proveedor del libro', NIF: '12345678Z' }),
  );
  ids.cuenta = await cuentaTesoreria(demo);
}, 180_000);
afterAll(() => t.close());

const venta = (Fecha: string, Precio = '100') =>
  documentoFirme(demo, '/api/ventas/fventa', 'emitir', {
    Cliente: ids.cliente.Id,
    Serie: ids.serieVenta,
    Fecha,
    Lineas: [{ Descripcion: 'Martillo', Cantidad: '2', Precio, TipoIva: 'IVA21' }],
  });

describe('entries as documents happen', () => {
  it('an issued invoice has its entry in the ledger, balanced: 430 total / 700 base / 477 VAT', async () => {
    ids.venta = await venta('2024-11-10');
    const [a, ...otros] = de(await diario(), 'venta', ids.venta.Id);
    expect(otros).toEqual([]);
    expect(a.Tipo).toBe('venta');
    expect(a.Documento).toBe(ids.venta.NumSerie);
    expect(suma(a, 'Debe')).toBe(suma(a, 'Haber'));
    expect(suma(a, 'Debe')).toBe(Math.round(Number(ids.venta.Total) * 100));
    expect(a.Apuntes.map((l: any) => l.Subcuenta.slice(0, 3))).toEqual(['430', '700', '477']);
    // Drill-down: the entry by id names its document.
    const uno = ok(await demo.request('GET', `${L}/asiento/${a.Id}`), 200);
    expect(uno).toMatchObject({ Origen: 'venta', IdOrigen: ids.venta.Id, Numero: a.Numero });
  });

  it('a registered purchase, a collection and a payment get theirs; a deleted collection its reverse', async () => {
    ids.compra = await documentoFirme(demo, '/api/compras/fcompra', 'registrar', {
      Proveedor: ids.proveedor.Id,
      Serie: ids.serieCompra,
      Fecha: '2024-11-15',
      NumFacturaProveedor: 'LIB-1',
      Lineas: [{ Descripcion: 'Género', Cantidad: '1', Precio: '200', TipoIva: 'IVA21' }],
    });
    const cobro = await liquidar(demo, 'movstesoreriac', ids.venta, '2024-11-20', ids.cuenta);
    const pago = await liquidar(demo, 'movstesoreriap', ids.compra, '2024-11-21', ids.cuenta);
    let todos = await diario();
    expect(de(todos, 'compra', ids.compra.Id).map((a) => a.Apuntes.at(-1).Subcuenta.slice(0, 3))).toEqual(['400']);
    expect(de(todos, 'cobro', cobro.Id)).toHaveLength(1);
    expect(de(todos, 'pago', pago.Id)).toHaveLength(1);
    ok(await demo.request('DELETE', `/api/tesoreria/movstesoreriac/delete/${cobro.Id}`), 200);
    todos = await diario('FechaDesde=2024-11-01&FechaHasta=2099-12-31');
    const [original, inverso] = de(todos, 'cobro', cobro.Id);
    expect(inverso.IdRevertido).toBe(original.Id);
    expect(inverso.Apuntes.map((l: any) => [l.Subcuenta, l.Debe, l.Haber])).toEqual(
      original.Apuntes.map((l: any) => [l.Subcuenta, l.Haber, l.Debe]),
    );
  });

  it('a cancelled invoice keeps its entry and gets the reverse one', async () => {
    const v = await venta('2024-11-25', '30');
    ok(await demo.request('POST', `/api/ventas/fventa/anular/${v.Id}`), 200);
    const [original, inverso, ...mas] = de(await diario('FechaDesde=2024-11-01&FechaHasta=2099-12-31'), 'venta', v.Id);
    expect(mas).toEqual([]);
    expect(inverso.IdRevertido).toBe(original.Id);
    expect(suma(inverso, 'Debe')).toBe(suma(original, 'Haber'));
    // Its year is open: the reverse entry is dated as the original, so the period nets to nothing.
    expect(inverso.Fecha).toBe(original.Fecha);
  });

  it('«Generar asientos» is idempotent: run again it writes nothing', async () => {
    ok(await demo.request('POST', `${L}/generar`, { FechaDesde: '2024-11-01', FechaHasta: '2024-12-31' }), 200);
    const otra = ok(
      await demo.request('POST', `${L}/generar`, { FechaDesde: '2024-11-01', FechaHasta: '2024-12-31' }),
      200,
    );
    expect(otra).toEqual({ Asientos: 0 });
  });
});

describe('manual entries', () => {
  const linea = (Subcuenta: string, Debe: string, Haber = '') => ({ Subcuenta, Debe, Haber });

  it('an unbalanced entry is a Spanish 400 and writes nothing', async () => {
    const antes = (await diario()).length;
    const r = await demo.request('POST', `${L}/asientos`, {
      Fecha: '2024-12-01',
      Concepto: 'Descuadrado',
      Apuntes: [linea('5720000000', '100'), linea('1000000000', '', '90')],
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('El asiento no cuadra');
    expect((await diario()).length).toBe(antes);
  });

  it('a balanced entry is written with the next number of its year', async () => {
    const r = ok(
      await demo.request('POST', `${L}/asientos`, {
        Fecha: '2024-12-02',
        Concepto: 'Aportación de capital',
        Apuntes: [linea('5720000000', '3000'), linea('1000000000', '', '3000')],
      }),
    );
    ids.manual = r;
    expect(r).toMatchObject({ Origen: 'manual', Tipo: 'manual', Fecha: '2024-12-02' });
    expect(r.Apuntes.map((l: any) => [l.Subcuenta, l.Debe, l.Haber])).toEqual([
      ['5720000000', '3000.00', '0.00'],
      ['1000000000', '0.00', '3000.00'],
    ]);
  });
});

describe('reports', () => {
  it('sumas y saldos: total debe equals total haber, at subaccount and level 3', async () => {
    const r = ok(await demo.request('GET', `${L}/sumasysaldos?${P}`), 200);
    expect(r.Totales.Cuadra).toBe(true);
    expect(r.Totales.Debe).toBe(r.Totales.Haber);
    expect(r.Filas.some((f: any) => f.Cuenta.startsWith('430') && f.Cuenta.length > 3)).toBe(true);
    const n3 = ok(await demo.request('GET', `${L}/sumasysaldos?${P}&Nivel=3`), 200);
    expect(n3.Totales).toEqual(r.Totales);
    const capital = n3.Filas.find((f: any) => f.Cuenta === '100');
    expect(capital).toMatchObject({ Nombre: 'Capital social', SaldoAcreedor: '3000.00' });
    expect((await demo.request('GET', `${L}/sumasysaldos?${P}&Nivel=7`)).status).toBe(400);
  });

  it('mayor of an account with the running balance, drilled down to the entry', async () => {
    const r = ok(await demo.request('GET', `${L}/mayor?${P}&Cuenta=1000000000`), 200);
    expect(r.Apuntes.map((a: any) => [a.Haber, a.Saldo])).toEqual([['3000.00', '-3000.00']]);
    expect(r.Apuntes[0].IdAsiento).toBe(ids.manual.Id);
  });

  it('pérdidas y ganancias and balance de situación in the PGC PYMES layout; the balance balances', async () => {
    const pyg = ok(await demo.request('GET', `${L}/pyg?${P}`), 200);
    const cifra = pyg.Lineas.find((l: any) => l.Clave === '1');
    expect(Number(cifra.Importe)).toBeGreaterThan(0);
    const b = ok(await demo.request('GET', `${L}/balance?Fecha=2024-12-31`), 200);
    const ta = b.Activo.find((l: any) => l.Clave === 'TA').Importe;
    const tp = b.Pasivo.find((l: any) => l.Clave === 'TP').Importe;
    expect(b.SinClasificar).toEqual([]);
    expect(ta).toBe(tp);
    expect(b.Pasivo.find((l: any) => l.Clave === 'PN.I').Importe).toBe('3000.00');
  });

  it('exports each report as xlsx and pdf', async () => {
    for (const [informe, extra] of [
      ['sumasysaldos', ''],
      ['diario', ''],
      ['mayor', '&Cuenta=430'],
      ['pyg', ''],
    ] as const)
      for (const formato of ['xlsx', 'pdf']) {
        const r = await t.app.inject({
          method: 'GET',
          url: `${L}/${informe}/export?${P}${extra}&Formato=${formato}`,
          headers: { authorization: `Bearer ${demo.token}` },
        });
        expect(r.statusCode, `${informe} ${formato}`).toBe(200);
        expect(r.headers['content-disposition']).toContain(`.${formato}`);
        expect(r.rawPayload.length).toBeGreaterThan(200);
      }
  });

  it('the ContaPlus XDiario is the ledger: one line per ledger line, same sums', async () => {
    const asientos = await diario();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos/contabilidad/contaplus?${P}&Fichero=xdiario`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(res.statusCode).toBe(200);
    const lineas = res.rawPayload.toString('latin1').split('\r\n').filter(Boolean);
    expect(lineas).toHaveLength(asientos.reduce((s, a) => s + a.Apuntes.length, 0));
    // The manual entry's capital account: its own line and the bank line's counterpart.
    expect(lineas.filter((l) => l.includes('1000000000'))).toHaveLength(2);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos/contabilidad/contaplus?${P}`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    const sub = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['XSubCta.txt']!);
    expect(sub).toContain('LIBRO NU');
  });
});

describe('year close', () => {
  it('closes 2024: regularisation to 129, closing and the opening of 2025; the balance stays', async () => {
    const antes = ok(await demo.request('GET', `${L}/balance?Fecha=2024-12-31`), 200);
    const r = ok(await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2024 }), 200);
    expect(r.Ejercicio).toBe(2024);
    const despues = ok(await demo.request('GET', `${L}/balance?Fecha=2024-12-31`), 200);
    expect(despues.Activo).toEqual(antes.Activo);
    const apertura = ok(await demo.request('GET', `${L}/balance?Fecha=2025-01-01`), 200);
    expect(apertura.Activo.find((l: any) => l.Clave === 'TA')).toEqual(antes.Activo.find((l: any) => l.Clave === 'TA'));
    const pyg = ok(await demo.request('GET', `${L}/pyg?FechaDesde=2024-01-01&FechaHasta=2024-12-31`), 200);
    expect(pyg.Lineas.find((l: any) => l.Clave === 'D').Importe).toBe(r.Resultado);
  });

  it('a closed year refuses new entries, cancellations and invoices dated in it (409, Spanish)', async () => {
    const manual = await demo.request('POST', `${L}/asientos`, {
      Fecha: '2024-12-15',
      Concepto: 'Tarde',
      Apuntes: [
        { Subcuenta: '5720000000', Debe: '1' },
        { Subcuenta: '1000000000', Haber: '1' },
      ],
    });
    expect(manual.status).toBe(409);
    expect(manual.body.Mensaje).toBe('El ejercicio 2024 está cerrado: sus asientos no se pueden crear ni modificar');
    expect((await demo.request('POST', `${L}/anular/${ids.manual.Id}`)).status).toBe(409);
    const b = ok(
      await demo.request('POST', '/api/ventas/fventa/save', {
        Cliente: ids.cliente.Id,
        Serie: ids.serieVenta,
        Fecha: '2024-12-20',
        Lineas: [{ Descripcion: 'Tarde', Cantidad: '1', Precio: '1', TipoIva: 'IVA21' }],
      }),
    );
    const emitir = await demo.request('POST', `/api/ventas/fventa/emitir/${b.Id}`);
    expect(emitir.status).toBe(409);
    expect((await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2024 })).status).toBe(409);
  });

  it('reopening is refused while the next year is closed, and allowed for the last closed one', async () => {
    ok(await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2025 }), 200);
    const r = await demo.request('POST', `${L}/reabrir`, { Ejercicio: 2024 });
    expect(r.status).toBe(409);
    expect(r.body.Mensaje).toContain('mientras el ejercicio 2025 esté cerrado');
    ok(await demo.request('POST', `${L}/reabrir`, { Ejercicio: 2025 }), 200);
    ok(await demo.request('POST', `${L}/reabrir`, { Ejercicio: 2024 }), 200);
    ok(await demo.request('POST', `${L}/anular/${ids.manual.Id}`), 200);
  });
});

describe('immutability in the database itself', () => {
  it('refuses to update or delete an entry or a line, whoever asks', async () => {
    const id = ids.manual.Id;
    await expect(
      t.database.query('update asientos_contables set concepto = $1 where id = $2', ['x', id]),
    ).rejects.toThrow('Los asientos contables no se pueden modificar ni borrar');
    await expect(t.database.query('delete from apuntes_contables where id_asiento = $1', [id])).rejects.toThrow(
      'Los asientos contables no se pueden modificar ni borrar',
    );
    const [n] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from apuntes_contables where id_asiento = $1',
      [id],
    );
    expect(n!.n).toBe(2);
  });
});
