import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

/**
 * The year-close screen's checklist (`GET …/libro/cierre/:ejercicio`): the year's state, balance, documents without
 * entry, its 303s, and the entries the close wrote (gone again once reopened). 2019: a year of DEMO with nothing
 * but this test's entry.
 */
let t: TestApp;
let demo: Session;
const L = '/api/impuestos/contabilidad/libro';
const Y = 2019;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const a = await demo.request('POST', `${L}/asientos`, {
    Fecha: `${Y}-06-10`,
    Concepto: 'Venta de prueba del cierre',
    Apuntes: [
      { Subcuenta: '5720000', Debe: '300.00', Haber: '0' },
      { Subcuenta: '7050000', Debe: '0', Haber: '300.00' },
    ],
  });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
}, 120_000);
afterAll(() => t.close());

describe('the year-close checklist', () => {
  it('an open year: balanced, no document without entry, its four 303 not filed, no close entries', async () => {
    const r = await demo.request('GET', `${L}/cierre/${Y}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Ejercicio: Y,
      Cerrado: false,
      SiguienteCerrado: false,
      Cuadra: true,
      Debe: '300.00',
      DocumentosSinAsiento: 0,
      Asientos: [],
    });
    expect(r.body.Modelos303).toEqual(['1T', '2T', '3T', '4T'].map((Periodo) => ({ Periodo, Presentado: false })));
  });

  it('a filed 303 shows as filed', async () => {
    const g = await demo.request('POST', `/api/impuestos/modtributarios/guardar/303/${Y}/2T`, {});
    expect(g.status).toBe(201);
    const p = await demo.request('POST', `/api/impuestos/modtributarios/presentar/${g.body.Id}`, {
      FechaPresentacion: `${Y}-07-15`,
      Justificante: 'CIERRE2019CSV',
    });
    expect(p.status).toBe(200);
    const r = await demo.request('GET', `${L}/cierre/${Y}`);
    expect(r.body.Modelos303.filter((m: { Presentado: boolean }) => m.Presentado)).toEqual([
      { Periodo: '2T', Presentado: true },
    ]);
  });

  it('after closing: the regularisation, closing and next year’s opening entries; after reopening: none', async () => {
    const c = await demo.request('POST', `${L}/cerrar`, { Ejercicio: Y });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const r = await demo.request('GET', `${L}/cierre/${Y}`);
    expect(r.body.Cerrado).toBe(true);
    expect(
      r.body.Asientos.map((a: { Origen: string; Ejercicio: number; Fecha: string }) => [
        a.Origen,
        a.Ejercicio,
        a.Fecha,
      ]),
    ).toEqual([
      ['regularizacion', Y, `${Y}-12-31`],
      ['cierre', Y, `${Y}-12-31`],
      ['apertura', Y + 1, `${Y + 1}-01-01`],
    ]);
    expect(r.body.Asientos.every((a: { Numero: number }) => a.Numero > 0)).toBe(true);
    const anterior = await demo.request('GET', `${L}/cierre/${Y - 1}`);
    expect(anterior.body.SiguienteCerrado).toBe(true);
    const re = await demo.request('POST', `${L}/reabrir`, { Ejercicio: Y });
    expect(re.status).toBe(200);
    const despues = await demo.request('GET', `${L}/cierre/${Y}`);
    expect([despues.body.Cerrado, despues.body.Asientos]).toEqual([false, []]);
  });

  it('a year out of range is a Spanish 400', async () => {
    const r = await demo.request('GET', `${L}/cierre/19`);
    expect([r.status, r.body.Mensaje]).toEqual([400, 'El ejercicio debe ser un año entre 2000 y 2100']);
  });
});
