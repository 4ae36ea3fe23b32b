import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelo180, modelo190 } from './modelo190.ts';
import { modelo390, TRIMESTRES } from './modelo390.ts';
import {
  type Ajustes,
  cents,
  eur,
  type LineaEmitida,
  type LineaRecibida,
  modelo111,
  modelo115,
  modelo303,
  type ResultadoModelo,
} from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

/**
 * The annual summaries against the periodic returns computed on the same rows: over generated books of a year
 * (every kind of issued and received row, intra-EU acquisitions partly services, investment goods, imports,
 * withholdings under 111 and 115, typed boxes and a pro-rata per quarter), 390's totals are the sums of the four
 * 303s, its boxes by rate add up to the 303's boxes, 190 is the sum of the four 111s and 180 of the four 115s.
 */
const ANYO = 2026;
const trimestre = (q: string) => periodoTributario('303', ANYO, q) as Periodo;
const fecha = (mes: number, dia: number) => `${ANYO}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
const TIPOS = ['21.00', '10.00', '4.00', '0.00'] as const;
const cuota = (base: number, tipo: string) => Math.round((base * Number(tipo)) / 100);

/** What every generated book row draws: its id, month, rate and base (cents) between `min` and `max`. */
const fila = (min: number, max: number) => ({
  Id: fc.integer({ min: 1, max: 60 }),
  mes: fc.integer({ min: 1, max: 12 }),
  tipo: fc.constantFrom(...TIPOS),
  base: fc.integer({ min, max }),
});

const emitidaArb = fc
  .record({
    ...fila(-40_000, 900_000),
    clase: fc.constantFrom('ordinaria', 'ordinaria', 'rectificativa', 'E1', 'E2', 'E5', 'recargo'),
  })
  .map((x): LineaEmitida => {
    const exenta = ['E1', 'E2', 'E5'].includes(x.clase);
    const recargo = x.clase === 'recargo' && x.tipo === '21.00';
    return {
      Id: x.Id,
      Fecha: fecha(x.mes, 10),
      NumSerie: `F${x.Id}`,
      Tercero: 'Cliente',
      NIF: 'B10000001',
      Rectificativa: x.clase === 'rectificativa',
      Impuesto: 'IVA',
      PorcentajeIva: exenta ? '0.00' : x.tipo,
      Base: eur(x.base),
      Cuota: eur(exenta ? 0 : cuota(x.base, x.tipo)),
      PorcentajeRecargo: recargo ? '5.20' : '0',
      CuotaRecargo: eur(recargo ? cuota(x.base, '5.20') : 0),
      Exencion: exenta ? x.clase : null,
      Retencion: '0.00',
    };
  });

const recibidaArb = fc
  .record({
    ...fila(-30_000, 700_000),
    operacion: fc.constantFrom('interior', 'interior', 'intracomunitaria', 'inversion', 'importacion'),
    bienInversion: fc.boolean(),
    servicios: fc.constantFrom(0, 0.4, 1),
    deducible: fc.constantFrom(1, 1, 0.5),
    retencion: fc.constantFrom(null, null, '111', '115'),
    nif: fc.constantFrom('00000023T', '12345678Z', 'B30000004'),
  })
  .map((x): LineaRecibida => {
    const autoliquidada = x.operacion === 'intracomunitaria' || x.operacion === 'inversion';
    const c = cuota(x.base, x.tipo);
    return {
      Id: x.Id,
      Fecha: fecha(x.mes, 12),
      FechaFactura: fecha(x.mes, 12),
      NumSerie: `FC${x.Id}`,
      Tercero: `Proveedor ${x.nif}`,
      NIF: x.nif,
      CodPostal: '08001',
      Rectificativa: x.base < 0,
      Operacion: x.operacion,
      Impuesto: 'IVA',
      PorcentajeIva: x.tipo,
      Base: eur(x.base),
      Cuota: eur(autoliquidada ? 0 : c),
      CuotaDeducible: eur(Math.round(c * x.deducible)),
      CuotaAutoliquidada: eur(autoliquidada ? c : 0),
      CuotaRecargo: '0.00',
      Retencion: eur(x.retencion ? Math.max(1, Math.round(x.base * 0.15)) : 0),
      ClaveRetencion: x.retencion,
      BienInversion: x.bienInversion,
      BaseServicios: x.operacion === 'intracomunitaria' ? eur(Math.round(x.base * x.servicios)) : undefined,
    };
  });

/** Each generated invoice once (ids unique per book), its rows as the books give them. */
const libros = fc.record({
  emitidas: fc.uniqueArray(emitidaArb, { selector: (l) => l.Id, maxLength: 25 }),
  recibidas: fc.uniqueArray(recibidaArb, { selector: (l) => l.Id, maxLength: 25 }),
});
const ajustesArb = fc.record({
  Prorrata: fc.constantFrom(100, 100, 80, 37),
  Casillas: fc.record({
    '42': fc.constantFrom('0', '12.34'),
    '43': fc.constantFrom('0', '-5.00'),
    '44': fc.constantFrom('0', '7.01'),
    '77': fc.constantFrom('0', '100.00'),
  }),
});

/** A received 21 % interior invoice, deductible in full. */
const fija = (Id: number, mes: number, base: number, extra: Partial<LineaRecibida> = {}): LineaRecibida => ({
  Id,
  Fecha: fecha(mes, 5),
  FechaFactura: fecha(mes, 5),
  NumSerie: `FC${Id}`,
  Tercero: 'Proveedor',
  NIF: 'B30000004',
  Rectificativa: false,
  Operacion: 'interior',
  Impuesto: 'IVA',
  PorcentajeIva: '21.00',
  Base: eur(base),
  Cuota: eur(cuota(base, '21.00')),
  CuotaDeducible: eur(cuota(base, '21.00')),
  CuotaAutoliquidada: '0.00',
  CuotaRecargo: '0.00',
  Retencion: '0.00',
  ClaveRetencion: null,
  ...extra,
});

const delTrimestre = <T extends { Fecha: string }>(ls: readonly T[], p: Periodo) =>
  ls.filter((l) => l.Fecha >= p.desde && l.Fecha <= p.hasta);
const sumar = (rs: readonly ResultadoModelo[], k: string) => eur(rs.reduce((s, r) => s + cents(r.Casillas[k]), 0));
const sumaDe = (c: Record<string, string>, ks: readonly string[]) => eur(ks.reduce((s, k) => s + cents(c[k]), 0));

describe('390 as the sum of the four 303s over the same rows', () => {
  it('its totals are the sums of the 303s, its boxes by rate add up to the 303 boxes they split', () => {
    fc.assert(
      fc.property(libros, fc.array(ajustesArb, { minLength: 4, maxLength: 4 }), ({ emitidas, recibidas }, aj) => {
        const Trimestres = Object.fromEntries(TRIMESTRES.map((q, i) => [q, aj[i] as Ajustes]));
        const m = modelo390(ANYO, emitidas, recibidas, { Trimestres });
        // Each quarter's 303 on its own (no credit carried: the boxes compared do not depend on it).
        const q303 = TRIMESTRES.map((q, i) => {
          const p = trimestre(q);
          return modelo303(p, delTrimestre(emitidas, p), delTrimestre(recibidas, p), aj[i]);
        });
        const c = m.Casillas;
        expect(c['47']).toBe(sumar(q303, '27'));
        expect(c['64']).toBe(sumar(q303, '45'));
        expect(c['65']).toBe(sumar(q303, '46'));
        expect(c['659']).toBe(sumar(q303, '77'));
        expect(c['61']).toBe(sumar(q303, '42'));
        expect(c['522']).toBe(sumar(q303, '44'));
        const devengadas = ['150', '165', '01', '153', '04', '07', '10', '12', '14'];
        expect(c['33']).toBe(eur(q303.reduce((s, r) => s + cents(sumaDe(r.Casillas, devengadas)), 0)));
        // The boxes by rate add up to the 303 boxes they split (rates 0, 4, 10 and 21 %: all have a box).
        expect(sumaDe(c, ['190', '724', '603', '605'])).toBe(c['48']);
        expect(sumaDe(c, ['191', '725', '604', '606'])).toBe(c['49']);
        expect(c['49']).toBe(sumar(q303, '29'));
        expect(sumaDe(c, ['196', '728', '611', '613'])).toBe(sumar(q303, '30'));
        expect(sumaDe(c, ['203', '733', '620', '622'])).toBe(sumar(q303, '33'));
        expect(sumaDe(c, ['57', '598'])).toBe(sumar(q303, '37'));
        expect(sumaDe(c, ['716', '21', '23', '25', '720', '545', '547', '551'])).toBe(sumar(q303, '10'));
        expect(sumaDe(c, ['717', '22', '24', '26', '721', '546', '548', '552'])).toBe(sumar(q303, '11'));
        expect(c['65']).toBe(eur(cents(c['47']) - cents(c['64'])));
        // Volume of operations: the 303 of the last quarter's page 04 over the year's issued book.
        const p4 = trimestre('4T');
        const ultimo = modelo303(p4, delTrimestre(emitidas, p4), delTrimestre(recibidas, p4), aj[3], {
          emitidas,
          recibidas,
        });
        expect(c['108']).toBe(ultimo.Casillas['88']);
        expect(sumaDe(c, ['99', '103', '104', '105'])).toBe(c['108']);
        // Every row a box adds is one of the year's rows.
        const ids = new Set([...emitidas.map((l) => `emitidas:${l.Id}`), ...recibidas.map((l) => `recibidas:${l.Id}`)]);
        for (const filas of Object.values(m.Traza))
          for (const f of filas) expect(ids.has(`${f.Libro}:${f.Id}`)).toBe(true);
        expect(m.Periodos.map((x) => x.Periodo)).toEqual(['1T', '2T', '3T', '4T']);
      }),
      { numRuns: 120 },
    );
  });

  it("carries each quarter's credit to the next and keeps the 303 results and the last period's refund", () => {
    const emitida = (Id: number, mes: number, base: number): LineaEmitida => ({
      Id,
      Fecha: fecha(mes, 5),
      NumSerie: `F${Id}`,
      Tercero: 'Cliente',
      NIF: 'B10000001',
      Rectificativa: false,
      Impuesto: 'IVA',
      PorcentajeIva: '21.00',
      Base: eur(base),
      Cuota: eur(cuota(base, '21.00')),
      PorcentajeRecargo: '0',
      CuotaRecargo: '0.00',
      Exencion: null,
      Retencion: '0.00',
    });
    // 1T: −210 € (to compensate); 2T: +420 € of which 210 compensated; 3T: 0; 4T: −105 € (refund).
    const m = modelo390(
      ANYO,
      [emitida(1, 5, 300_000)],
      [fija(1, 2, 100_000), fija(2, 4, 100_000), fija(3, 11, 50_000)],
      { Trimestres: { '1T': { PendienteCompensar: '50.00' } } },
    );
    expect(m.Periodos.map((p) => [p.Periodo, p.Resultado, p.TipoDeclaracion])).toEqual([
      ['1T', '-210.00', 'C'],
      ['2T', '160.00', 'I'],
      ['3T', '0.00', 'N'],
      ['4T', '-105.00', 'D'],
    ]);
    expect(m.Casillas['85']).toBe('50.00');
    expect(m.Casillas['86']).toBe(eur(cents(m.Casillas['65']) - 5000));
    expect(m.Casillas['95']).toBe('160.00');
    expect(m.Casillas['98']).toBe('105.00');
    expect(m.Casillas['97']).toBe('0.00');
  });
});

describe('190 and 180 as the sums of the four 111s and 115s over the same rows', () => {
  it('190 is Σ 111 (08, 09) and 180 is Σ 115 (02, 03); each perceptor once, its base and withholding summed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(recibidaArb, { selector: (l) => l.Id, maxLength: 30 }), (recibidas) => {
        const m190 = modelo190(recibidas);
        const m180 = modelo180(recibidas);
        const p111 = TRIMESTRES.map((q) => modelo111(trimestre(q), delTrimestre(recibidas, trimestre(q))));
        const p115 = TRIMESTRES.map((q) => modelo115(trimestre(q), delTrimestre(recibidas, trimestre(q))));
        expect(m190.Casillas['02']).toBe(sumar(p111, '08'));
        expect(m190.Casillas['03']).toBe(sumar(p111, '09'));
        expect(m180.Casillas['02']).toBe(sumar(p115, '02'));
        expect(m180.Casillas['03']).toBe(sumar(p115, '03'));
        for (const m of [m190, m180]) {
          expect(new Set(m.Declarados.map((d) => d.NIF)).size).toBe(m.Declarados.length);
          expect(m.Casillas['01']).toBe(String(m.Declarados.length));
          expect(eur(m.Declarados.reduce((s, d) => s + cents(d.Importe), 0))).toBe(m.Casillas['02']);
          expect(eur(m.Declarados.reduce((s, d) => s + cents(d.Retencion), 0))).toBe(m.Casillas['03']);
        }
        for (const d of m190.Declarados) {
          expect(d.Clave).toBe('G');
          expect(['01', '03']).toContain(d.Subclave);
          expect(d.Provincia).toBe('08');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a perceptor without NIF is warned and left out; the subkey follows the rate (15 % G01, 7 % G03)', () => {
    const fila = (Id: number, NIF: string | null, base: number, ret: number) =>
      fija(Id, 3, base, {
        NIF,
        Tercero: `Profesional ${Id}`,
        CodPostal: '28001',
        Retencion: eur(ret),
        ClaveRetencion: '111',
      });
    const m = modelo190([
      fila(1, '00000023T', 100_000, 15_000),
      fila(2, '12345678Z', 100_000, 7_000),
      fila(3, null, 5_000, 750),
    ]);
    expect(m.Declarados.map((d) => [d.NIF, d.Subclave, d.Importe, d.Retencion, d.Provincia])).toEqual([
      ['00000023T', '01', '1000.00', '150.00', '28'],
      ['12345678Z', '03', '1000.00', '70.00', '28'],
    ]);
    expect(m.Avisos.map((a) => a.Codigo)).toEqual(['sin-nif']);
    expect(m.Traza['03']?.map((t) => t.Id)).toEqual([1, 2]);
  });
});
