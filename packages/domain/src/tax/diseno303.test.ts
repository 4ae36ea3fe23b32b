import { describe, expect, it } from 'vitest';
import { disenoDe303 } from './diseno303.ts';
import { ficheroAutoliquidacion } from './fichero.ts';
import { type LineaEmitida, modelo303, type ResultadoModelo } from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

/**
 * Both 303 record designs read back by position. The positions below are typed from the published designs
 * (DR303 v2.02: compliance-es.md §4.2; DR303e26 v1.01 of 28/01/2026), not taken from `diseno303.ts`, so a slip in
 * either declaration fails here.
 */
const per = (anyo: number, c: string) => periodoTributario('303', anyo, c) as Periodo;
const at = (s: string, pos: number, len: number) => s.slice(pos - 1, pos - 1 + len);

type Pos = [casilla: string, pos: number, largo?: 5];
const P01_V202: Pos[] = [
  ['150', 130],
  ['151', 147, 5],
  ['152', 152],
  ['01', 169],
  ['02', 186, 5],
  ['03', 191],
  ['153', 208],
  ['154', 225, 5],
  ['155', 230],
  ['04', 247],
  ['05', 264, 5],
  ['06', 269],
  ['07', 286],
  ['08', 303, 5],
  ['09', 308],
  ['10', 325],
  ['11', 342],
  ['12', 359],
  ['13', 376],
  ['14', 393],
  ['15', 410],
  ['156', 427],
  ['157', 444, 5],
  ['158', 449],
  ['16', 466],
  ['17', 483, 5],
  ['18', 488],
  ['19', 505],
  ['20', 522, 5],
  ['21', 527],
  ['22', 544],
  ['23', 561, 5],
  ['24', 566],
  ['25', 583],
  ['26', 600],
  ['27', 617],
  ['28', 634],
  ['29', 651],
  ['30', 668],
  ['31', 685],
  ['32', 702],
  ['33', 719],
  ['34', 736],
  ['35', 753],
  ['36', 770],
  ['37', 787],
  ['38', 804],
  ['39', 821],
  ['40', 838],
  ['41', 855],
  ['42', 872],
  ['43', 889],
  ['44', 906],
  ['45', 923],
  ['46', 940],
  ['165', 957],
  ['166', 974, 5],
  ['167', 979],
  ['168', 996],
  ['169', 1013, 5],
  ['170', 1018],
];
/** Page 3's result boxes, where both designs put them. */
const P03_RESULTADO: Pos[] = [
  ['64', 199],
  ['65', 216, 5],
  ['66', 221],
  ['77', 238],
  ['110', 255],
  ['78', 272],
  ['87', 289],
  ['68', 306],
];
const P03_V202: Pos[] = [['59', 12], ['60', 29], ...P03_RESULTADO, ['69', 323], ['70', 340], ['71', 374]];
const P01_E26: Pos[] = [
  ['150', 131],
  ['151', 148, 5],
  ['152', 153],
  ['165', 170],
  ['166', 187, 5],
  ['167', 192],
  ['01', 209],
  ['02', 226, 5],
  ['03', 231],
  ['153', 248],
  ['154', 265, 5],
  ['155', 270],
  ['04', 287],
  ['05', 304, 5],
  ['06', 309],
  ['07', 326],
  ['08', 343, 5],
  ['09', 348],
  ['10', 365],
  ['11', 382],
  ['12', 399],
  ['13', 416],
  ['14', 433],
  ['15', 450],
  ['156', 467],
  ['157', 484, 5],
  ['158', 489],
  ['168', 506],
  ['169', 523, 5],
  ['170', 528],
  ['16', 545],
  ['17', 562, 5],
  ['18', 567],
  ['19', 584],
  ['20', 601, 5],
  ['21', 606],
  ['22', 623],
  ['23', 640, 5],
  ['24', 645],
  ['25', 662],
  ['26', 679],
  ['27', 696],
  ['28', 713],
  ['29', 730],
  ['30', 747],
  ['31', 764],
  ['32', 781],
  ['33', 798],
  ['34', 815],
  ['35', 832],
  ['36', 849],
  ['37', 866],
  ['38', 883],
  ['39', 900],
  ['40', 917],
  ['41', 934],
  ['42', 951],
  ['43', 968],
  ['44', 985],
  ['45', 1002],
  ['46', 1019],
];
const P03_E26: Pos[] = [
  ['59', 12],
  ['60', 29],
  ['120', 46],
  ['122', 63],
  ['123', 80],
  ['124', 97],
  ['62', 114],
  ['63', 131],
  ['74', 148],
  ['75', 165],
  ['76', 182],
  ...P03_RESULTADO,
  ['108', 323],
  ['69', 340],
  ['70', 357],
  ['109', 374],
  ['112', 391],
  ['71', 408],
];

/** A known record: box k holds k euros and k cents (−k for the signed 14 and 46), rates k/100 %. */
function conocido(cajas: Pos[][]): ResultadoModelo {
  const Casillas: Record<string, string> = {};
  for (const [k, , largo] of cajas.flat()) {
    const n = Number(k);
    Casillas[k] = largo
      ? (n / 100).toFixed(2)
      : `${k === '14' || k === '46' ? '-' : ''}${n}.${String(n % 100).padStart(2, '0')}`;
  }
  return { Modelo: '303', Casillas, Traza: {}, Formulas: {}, Avisos: [], TipoDeclaracion: 'I' };
}
const esperado = (k: string, largo?: 5) => {
  const n = Number(k);
  if (largo) return String(n).padStart(5, '0');
  const digits = String(n * 100 + (n % 100));
  return k === '14' || k === '46' ? `N${digits.padStart(16, '0')}` : digits.padStart(17, '0');
};
function paginas(f: string) {
  return { p1: f.slice(328, 328 + 1581), p3: f.slice(328 + 1581, 328 + 1581 + 1017) };
}
const d = { NIF: 'B99999999', Nombre: 'Demo SL', JustificanteAnterior: '3031234567890' };

describe('303 record designs, chosen by period', () => {
  it('periods up to 4T 2025 use DR303 v2.02, 2026 on the DR303e26', () => {
    expect(disenoDe303(per(2025, '4T')).Id).toBe('DR303e24v202');
    expect(disenoDe303(per(2025, '12')).Id).toBe('DR303e24v202');
    expect(disenoDe303(per(2026, '1T')).Id).toBe('DR303e26v101');
    expect(disenoDe303(per(2026, '01')).Id).toBe('DR303e26v101');
  });

  it('DR303 v2.02 (3T 2025): every box of pages 01 and 03 at its published position', () => {
    const p = per(2025, '3T');
    const { p1, p3 } = paginas(ficheroAutoliquidacion(conocido([P01_V202, P03_V202]), p, d));
    for (const [k, pos, largo] of P01_V202) expect([k, at(p1, pos, largo ?? 17)]).toEqual([k, esperado(k, largo)]);
    for (const [k, pos, largo] of P03_V202) expect([k, at(p3, pos, largo ?? 17)]).toEqual([k, esperado(k, largo)]);
    expect(at(p1, 109, 21)).toBe(`223222222${' '.repeat(9)}200`);
    expect(at(p1, 1035, 522).trim()).toBe('');
    expect(at(p1, 1570, 12)).toBe('</T30301000>');
    expect(at(p3, 393, 13)).toBe('3031234567890');
    expect(at(p3, 1006, 12)).toBe('</T30303000>');
  });

  it('DR303e26 (2T 2026): the 319 flag at 130, every box of pages 01 and 03 at its published position', () => {
    const p = per(2026, '2T');
    const f = ficheroAutoliquidacion(conocido([P01_E26, P03_E26]), p, d);
    expect(f.length).toBe(17 + 311 + 1581 + 1017 + 18);
    const { p1, p3 } = paginas(f);
    for (const [k, pos, largo] of P01_E26) expect([k, at(p1, pos, largo ?? 17)]).toEqual([k, esperado(k, largo)]);
    for (const [k, pos, largo] of P03_E26) expect([k, at(p3, pos, largo ?? 17)]).toEqual([k, esperado(k, largo)]);
    expect(at(p1, 109, 22)).toBe(`223222222${' '.repeat(9)}2000`);
    expect(at(p1, 1036, 521).trim()).toBe('');
    expect(at(p1, 1570, 12)).toBe('</T30301000>');
    expect(at(p3, 425, 2)).toBe('  ');
    expect(at(p3, 427, 13)).toBe('3031234567890');
    expect(at(p3, 460, 546).trim()).toBe('');
    expect(at(p3, 1006, 12)).toBe('</T30303000>');
  });

  it('DR303e26 flag 130: blank in January 2026, 0 quarterly, 2 monthly without modelo 319, 1 with [112]', () => {
    const flag = (anyo: number, c: string, cas: Record<string, string> = {}) => {
      const r: ResultadoModelo = { Modelo: '303', Casillas: cas, Traza: {}, Formulas: {}, Avisos: [] };
      return at(paginas(ficheroAutoliquidacion(r, per(anyo, c), d)).p1, 130, 1);
    };
    expect(flag(2026, '01')).toBe(' ');
    expect(flag(2026, '02')).toBe('2');
    expect(flag(2026, '1T')).toBe('0');
    expect(flag(2027, '01')).toBe('2');
    expect(flag(2026, '03', { '112': '40.00' })).toBe('1');
  });

  it('[112] is typed in from 2026 and subtracted from [71]; earlier periods have no [112]', () => {
    const venta: LineaEmitida = {
      Id: 1,
      Fecha: '2026-05-10',
      NumSerie: 'F1',
      Tercero: 'Cliente',
      NIF: 'B00000001',
      Rectificativa: false,
      Impuesto: 'IVA',
      PorcentajeIva: '21.00',
      Base: '1000.00',
      Cuota: '210.00',
      PorcentajeRecargo: '0',
      CuotaRecargo: '0',
      Retencion: '0',
      Exencion: null,
    };
    const m26 = modelo303(per(2026, '2T'), [venta], [], { Casillas: { '112': '50', '70': '10' } });
    expect(m26.Casillas).toMatchObject({ '69': '210.00', '70': '10.00', '112': '50.00', '71': '150.00' });
    expect(m26.Formulas['71']).toBe('69 − 70 − 112');
    const m25 = modelo303(per(2025, '2T'), [{ ...venta, Fecha: '2025-05-10' }], [], { Casillas: { '112': '50' } });
    expect(m25.Casillas['112']).toBeUndefined();
    expect(m25.Casillas['71']).toBe('210.00');
  });
});
