import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';
import { LIBRO as L, leerDiario } from './libro.testkit.ts';

/**
 * The fixed-asset register through the API on one app (the tests run in order): a computer bought in 2025 is
 * depreciated into the ledger month by month, idempotently, then sold with a loss; an old asset meets a closed year.
 */
let t: TestApp;
let demo: Session;
const R = '/api/impuestos/contabilidad/inmovilizado';
const ids: Record<string, number> = {};

const ok = cuerpo;
const diario = (desde: string, hasta: string) => leerDiario(demo, `FechaDesde=${desde}&FechaHasta=${hasta}`);
const delElemento = (asientos: any[], id: number) =>
  asientos.filter((a) => (a.Origen === 'amortizacion' || a.Origen === 'baja') && a.IdOrigen === id);
const ORDENADOR = {
  Codigo: 'PC-INM-1',
  Descripcion: 'Ordenador de la oficina',
  Grupo: 'equipos-informaticos',
  FechaCompra: '2025-01-10',
  FechaInicio: '2025-01-15',
  Coste: '1200',
  Coeficiente: '25',
};

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
}, 180_000);
afterAll(() => t.close());

describe('fixed assets', () => {
  it('refuses a bad asset with Spanish messages on its fields, and an invoice that does not exist', async () => {
    const r = await demo.request('POST', R, { Codigo: '', Grupo: 'nada', FechaInicio: '2025-02-30', Coste: 'x' });
    expect(r.status).toBe(400);
    const errores = Object.fromEntries(r.body.Errores.map((e: any) => [e.Campo, e.Mensaje]));
    expect(errores).toMatchObject({
      Codigo: 'Código es obligatorio',
      Descripcion: 'Descripción es obligatorio',
      FechaInicio: 'El formato es incorrecto',
      Coste: 'El formato es incorrecto',
    });
    const sinFactura = await demo.request('POST', R, { ...ORDENADOR, IdFacturaCompra: 987_654 });
    expect(sinFactura.status).toBe(400);
    expect(sinFactura.body.Errores).toEqual([{ Campo: 'IdFacturaCompra', Mensaje: 'La factura recibida no existe' }]);
    // Nothing written: the register holds only the demo's own assets (seed `demoInmovilizado.ts`).
    const codigos = (ok(await demo.request('GET', R)).Items as any[]).map((i) => i.Codigo).sort();
    expect(codigos).toEqual(['FURGO-01', 'MOB-01', 'PC-01', 'PC-02']);
  });

  it('creates an asset with its accounts and schedule, warning above the official maximum coefficient', async () => {
    const alto = ok(await demo.request('POST', R, { ...ORDENADOR, Codigo: 'PC-ALTO', Coeficiente: '30' }), 201);
    expect(alto.Avisos[0]).toMatch(/supera el máximo oficial del 25 %/);
    ok(await demo.request('DELETE', `${R}/${alto.Id}`));
    const a = ok(await demo.request('POST', R, ORDENADOR), 201);
    ids.pc = a.Id;
    expect(a).toMatchObject({
      Coste: '1200.00',
      ValorNetoContable: '1200.00',
      CuentaActivo: expect.stringMatching(/^2170+$/),
      CuentaAmortizacion: expect.stringMatching(/^28170+$/),
      CuentaGasto: expect.stringMatching(/^6810+$/),
      Estado: 'activo',
      Avisos: [],
    });
    const c = ok(await demo.request('GET', `${R}/${ids.pc}/cuadro`));
    expect(c.Periodos).toHaveLength(48);
    expect(c.Periodos[0]).toMatchObject({
      Periodo: '2025-01',
      Fecha: '2025-01-31',
      Cuota: '25.00',
      Estado: 'pendiente',
    });
    expect(c.Anual.map((y: any) => y.Cuota)).toEqual(['300.00', '300.00', '300.00', '300.00']);
    const repetido = await demo.request('POST', R, ORDENADOR);
    expect(repetido.body.Errores).toEqual([{ Campo: 'Codigo', Mensaje: 'Ya existe un elemento con ese código' }]);
  });

  it('«Amortizar hasta» posts each month due once: running it again writes nothing', async () => {
    expect(ok(await demo.request('POST', `${R}/amortizar`, { Hasta: '2025-06-30' }))).toEqual({ Asientos: 6 });
    expect(ok(await demo.request('POST', `${R}/amortizar`, { Hasta: '2025-06-30' }))).toEqual({ Asientos: 0 });
    const asientos = delElemento(await diario('2025-01-01', '2025-12-31'), ids.pc!);
    expect(asientos.map((a) => a.Fecha)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ]);
    for (const a of asientos) {
      expect(a.Tipo).toBe('amortizacion');
      expect(a.Apuntes.map((l: any) => [l.Subcuenta.slice(0, 4), l.Debe, l.Haber])).toEqual([
        ['6810', '25.00', '0.00'],
        ['2817', '0.00', '25.00'],
      ]);
    }
    const uno = ok(await demo.request('GET', `${R}/${ids.pc}`));
    expect(uno).toMatchObject({ AmortizacionAcumulada: '150.00', ValorNetoContable: '1050.00', Asientos: 6 });
    const c = ok(await demo.request('GET', `${R}/${ids.pc}/cuadro`));
    expect(c.Periodos.filter((p: any) => p.Estado === 'asentado')).toHaveLength(6);
    expect(c.Periodos[0].IdAsiento).toBe(asientos[0].Id);
  });

  it('an asset with entries is neither edited nor deleted (409)', async () => {
    const put = await demo.request('PUT', `${R}/${ids.pc}`, { ...ORDENADOR, Coste: '1300' });
    expect(put.status).toBe(409);
    expect(put.body.Mensaje).toMatch(/ya tiene asientos de amortización/);
    expect((await demo.request('DELETE', `${R}/${ids.pc}`)).status).toBe(409);
    expect(ok(await demo.request('GET', `${R}/${ids.pc}`)).Coste).toBe('1200.00');
  });

  it('a sale posts the months before it and the baja: accumulated 281 and price against 217, the loss to 671', async () => {
    const b = ok(await demo.request('POST', `${R}/${ids.pc}/baja`, { Fecha: '2025-09-10', Precio: '900' }));
    expect(b).toMatchObject({ Asientos: 3, ValorNeto: '1000.00', Resultado: '-100.00' });
    const asientos = delElemento(await diario('2025-01-01', '2025-12-31'), ids.pc!);
    expect(asientos.map((a) => a.Fecha).slice(6)).toEqual(['2025-07-31', '2025-08-31', '2025-09-10']);
    const baja = asientos.at(-1);
    expect(baja.Tipo).toBe('baja');
    expect(baja.Apuntes.map((l: any) => [l.Subcuenta.slice(0, 4), l.Debe, l.Haber])).toEqual([
      ['2817', '200.00', '0.00'],
      ['5430', '900.00', '0.00'],
      ['6710', '100.00', '0.00'],
      ['2170', '0.00', '1200.00'],
    ]);
    expect(ok(await demo.request('GET', `${R}/${ids.pc}`))).toMatchObject({
      Estado: 'baja',
      ValorNetoContable: '0.00',
    });
    const otra = await demo.request('POST', `${R}/${ids.pc}/baja`, { Fecha: '2025-10-01' });
    expect(otra.status).toBe(409);
    expect(otra.body.Mensaje).toBe('El elemento ya está dado de baja');
    // Depreciating the year again (the demo's own assets get their months) adds nothing to the asset given baja.
    ok(await demo.request('POST', `${R}/amortizar`, { Hasta: '2025-12-31' }));
    expect(delElemento(await diario('2025-01-01', '2026-12-31'), ids.pc!)).toHaveLength(asientos.length);
  });

  it('never posts into a closed year (409, nothing written); months kept before Faro are skipped', async () => {
    ok(await demo.request('POST', `${L}/cerrar`, { Ejercicio: 2019 }));
    const viejo = ok(
      await demo.request('POST', R, {
        Codigo: 'FURGO-1',
        Descripcion: 'Furgoneta de reparto',
        Grupo: 'transporte-externo',
        FechaInicio: '2019-06-01',
        Coste: '30000',
        ValorResidual: '6000',
        VidaUtil: '8',
      }),
      201,
    );
    const antes = (await diario('2019-01-01', '2021-12-31')).length;
    const r = await demo.request('POST', `${R}/amortizar`, { Hasta: '2020-03-31' });
    expect(r.status).toBe(409);
    expect(r.body.Mensaje).toBe('El ejercicio 2019 está cerrado: sus asientos no se pueden crear ni modificar');
    expect((await diario('2019-01-01', '2021-12-31')).length).toBe(antes);
    ok(
      await demo.request('PUT', `${R}/${viejo.Id}`, {
        ...viejo,
        Coste: '30000',
        ValorResidual: '6000',
        AmortizadoHasta: '2019-12-31',
      }),
    );
    expect(ok(await demo.request('POST', `${R}/amortizar`, { Hasta: '2020-03-31' }))).toEqual({ Asientos: 3 });
    const cuadro = ok(await demo.request('GET', `${R}/${viejo.Id}/cuadro`));
    expect(cuadro.Periodos.slice(0, 7).every((p: any) => p.Estado === 'previo')).toBe(true);
    expect(cuadro.Periodos.at(-1).ValorNeto).toBe('6000.00');
    expect(ok(await demo.request('GET', `${R}/${viejo.Id}`)).AmortizacionAcumulada).toBe('2500.00');
  });

  it("an asset linked to a received invoice moves its cost from 600 to its 2xx in the invoice's entry", async () => {
    // A received invoice of the demo's year with its entry on 600 (the backfill posts what the hooks did not).
    ok(await demo.request('POST', `${L}/generar`, { FechaDesde: '2025-02-01', FechaHasta: '2026-01-31' }));
    const compra = (await diario('2025-02-01', '2026-01-31')).find(
      (a) => a.Tipo === 'compra' && a.Apuntes.some((l: any) => l.Subcuenta.startsWith('600') && Number(l.Debe) > 1),
    );
    const f = { Id: compra.IdOrigen as number };
    const dia = compra.Fecha as string;
    /** The invoice's current entry as `account (3 digits) → debit cents`. */
    const entrada = async () => {
      const suyas = (await diario(dia, '2099-12-31')).filter((a) => a.Origen === 'compra' && a.IdOrigen === f.Id);
      const vigente = suyas.filter((a) => a.IdRevertido === null && !suyas.some((r) => r.IdRevertido === a.Id));
      expect(vigente).toHaveLength(1);
      const debe: Record<string, number> = {};
      for (const l of vigente[0].Apuntes) {
        const k = l.Subcuenta.slice(0, 3);
        debe[k] = (debe[k] ?? 0) + Math.round(Number(l.Debe) * 100);
      }
      return debe;
    };
    const antes = await entrada();
    const base = antes['600']!;
    expect(base).toBeGreaterThan(100);
    const coste = Math.min(base - 100, 50_000);
    const a = ok(
      await demo.request('POST', R, {
        ...ORDENADOR,
        Codigo: 'PC-FACTURA',
        FechaCompra: dia,
        FechaInicio: dia,
        Coste: (coste / 100).toFixed(2),
        IdFacturaCompra: f.Id,
      }),
      201,
    );
    expect(await entrada()).toEqual({ ...antes, '600': base - coste, '217': coste });
    // Nothing else changed: «Generar asientos» finds the entry current.
    expect(ok(await demo.request('POST', `${L}/generar`, { FechaDesde: dia, FechaHasta: dia }))).toEqual({
      Asientos: 0,
    });
    ok(await demo.request('DELETE', `${R}/${a.Id}`));
    expect(await entrada()).toEqual(antes);
  });

  it("the demo's assets: the fully depreciated furniture posts nothing, «Amortizar hasta» today twice posts once", async () => {
    const demoActivos = (ok(await demo.request('GET', R)).Items as any[]).filter((i) =>
      /^(FURGO|PC|MOB)-0\d$/.test(i.Codigo),
    );
    const furgo = demoActivos.find((i) => i.Codigo === 'FURGO-01');
    expect(furgo).toMatchObject({ CuentaActivo: expect.stringMatching(/^218/) });
    const hoy = new Date().toISOString().slice(0, 10);
    expect(ok(await demo.request('POST', `${R}/amortizar`, { Hasta: hoy })).Asientos).toBeGreaterThan(0);
    expect(ok(await demo.request('POST', `${R}/amortizar`, { Hasta: hoy }))).toEqual({ Asientos: 0 });
    const mob = demoActivos.find((i) => i.Codigo === 'MOB-01');
    expect(ok(await demo.request('GET', `${R}/${mob.Id}`))).toMatchObject({ Asientos: 0, ValorNetoContable: '0.00' });
    expect(ok(await demo.request('GET', `${R}/${furgo.Id}`)).Asientos).toBeGreaterThan(5);
  });

  it('answers 400 without a date to depreciate to and 404 for an asset that is not there', async () => {
    const r = await demo.request('POST', `${R}/amortizar`, {});
    expect(r.status).toBe(400);
    expect(r.body.Errores).toEqual([{ Campo: 'Hasta', Mensaje: 'Hasta es obligatorio' }]);
    expect((await demo.request('GET', `${R}/999999/cuadro`)).status).toBe(404);
    expect((await demo.request('POST', `${R}/abc/baja`, { Fecha: '2025-01-01' })).status).toBe(404);
  });
});
