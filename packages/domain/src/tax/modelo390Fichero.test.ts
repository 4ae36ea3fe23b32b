import { describe, expect, it } from 'vitest';
import { importeBoe } from './fichero.ts';
import { modelo180, modelo190 } from './modelo190.ts';
import { ficheroPerceptores } from './modelo190Fichero.ts';
import { modelo390 } from './modelo390.ts';
import { fichero390, P390_02, P390_02B, P390_03, P390_04, P390_06 } from './modelo390Fichero.ts';
import { cents, eur, type LineaEmitida, type LineaRecibida } from './modelos.ts';
import { type Periodo, periodoTributario } from './periodos.ts';

/**
 * The record designs as fixtures: the positions below are the designs' (DR390 2025 as OCA's configs transcribe it;
 * 190 of the 2024+ exercises; 180 since 2016), written here by hand so a change of the tables in the code shows.
 * Each test writes a file from known books and reads every box back at its position.
 */
const ANYO = 2026;
const P = periodoTributario('390', ANYO, '0A') as Periodo;
const D = { NIF: 'B12345674', Nombre: 'Peñas Cía, S.L.', Telefono: '912345678' };

const emitida = (Id: number, mes: number, base: number, tipo = '21.00'): LineaEmitida => ({
  Id,
  Fecha: `${ANYO}-${String(mes).padStart(2, '0')}-10`,
  NumSerie: `F${Id}`,
  Tercero: 'Cliente',
  NIF: 'B10000001',
  Rectificativa: false,
  Impuesto: 'IVA',
  PorcentajeIva: tipo,
  Base: eur(base),
  Cuota: eur(Math.round((base * Number(tipo)) / 100)),
  PorcentajeRecargo: '0',
  CuotaRecargo: '0.00',
  Exencion: null,
  Retencion: '0.00',
});
const recibida = (Id: number, mes: number, base: number, extra: Partial<LineaRecibida> = {}): LineaRecibida => ({
  Id,
  Fecha: `${ANYO}-${String(mes).padStart(2, '0')}-12`,
  FechaFactura: `${ANYO}-${String(mes).padStart(2, '0')}-12`,
  NumSerie: `FC${Id}`,
  Tercero: 'Proveedor Núñez',
  NIF: '00000023T',
  CodPostal: '08001',
  Rectificativa: false,
  Operacion: 'interior',
  Impuesto: 'IVA',
  PorcentajeIva: '21.00',
  Base: eur(base),
  Cuota: eur(Math.round(base * 0.21)),
  CuotaDeducible: eur(Math.round(base * 0.21)),
  CuotaAutoliquidada: '0.00',
  CuotaRecargo: '0.00',
  Retencion: '0.00',
  ClaveRetencion: null,
  ...extra,
});

/** The pages of a 390 file, by tag. */
function paginas(f: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of f.matchAll(/<T390(\d{2}[0B]00)>.*?<\/T390\1>/g)) out[m[1]!] = m[0];
  return out;
}
const en = (reg: string, pos: number, n: number) => reg.slice(pos - 1, pos - 1 + n);
const posDe = (cs: readonly (readonly [string, number, string])[], k: string) => cs.find(([c]) => c === k)?.[1];

describe('390 file (DR390 2025)', () => {
  const r = modelo390(
    ANYO,
    [emitida(1, 2, 1_000_000), emitida(2, 5, 200_000, '10.00'), emitida(3, 8, -50_000)],
    [recibida(1, 3, 400_000), recibida(2, 6, 100_000, { BienInversion: true }), recibida(3, 11, 300_000)],
  );
  const f = fichero390(r, P, D, 'B99999999');
  const pags = paginas(f);

  it('envelope, AUX and the pages in order with their lengths', () => {
    expect(f.startsWith('<T390020260A0000><AUX>')).toBe(true);
    expect(f.endsWith('</T390020260A0000>')).toBe(true);
    expect(en(f, 93, 4)).toBe('v1.0');
    expect(en(f, 101, 9)).toBe('B99999999');
    expect(Object.keys(pags)).toEqual(['01000', '02000', '02B00', '03000', '04000', '06000', '07000']);
    const largos = Object.fromEntries(Object.entries(pags).map(([k, v]) => [k, v.length]));
    expect(largos).toEqual({
      '01000': 1187,
      '02000': 1806,
      '02B00': 531,
      '03000': 1840,
      '04000': 854,
      '06000': 828,
      '07000': 776,
    });
    expect(f.length).toBe(17 + 311 + 1187 + 1806 + 531 + 1840 + 854 + 828 + 776 + 18);
    expect([...f].every((ch) => ch.charCodeAt(0) < 256)).toBe(true);
  });

  it("page 01: the declarant's NIF, name (uppercase, Ñ kept), year, flags and the 347 mark", () => {
    const p1 = pags['01000']!;
    expect(en(p1, 14, 9)).toBe('B12345674');
    expect(en(p1, 23, 60).trimEnd()).toBe('PEÑAS CIA, S.L.');
    expect(en(p1, 103, 4)).toBe('2026');
    expect(en(p1, 109, 2)).toBe('00');
    expect(en(p1, 130, 3)).toBe('222');
    expect(en(p1, 133, 1)).toBe('0');
    expect(en(p1, 430, 1)).toBe('1');
    expect(en(p1, 1176, 12)).toBe('</T39001000>');
  });

  it('the boxes at the positions of the design (fixture)', () => {
    // [page table, box, position]: 13 + 17 × (the field's sequence in the design − 6).
    const FIJAS: [readonly (readonly [string, number, string])[], string, number][] = [
      [P390_02, '700', 13],
      [P390_02, '01', 81],
      [P390_02, '03', 183],
      [P390_02, '05', 217],
      [P390_02, '06', 234],
      [P390_02, '21', 1067],
      [P390_02, '25', 1203],
      [P390_02, '545', 1305],
      [P390_02, '551', 1441],
      [P390_02, '27', 1475],
      [P390_02, '29', 1509],
      [P390_02, '33', 1611],
      [P390_02, '34', 1628],
      [P390_02B, '35', 81],
      [P390_02B, '599', 183],
      [P390_02B, '41', 251],
      [P390_02B, '47', 353],
      [P390_03, '190', 47],
      [P390_03, '605', 183],
      [P390_03, '48', 217],
      [P390_03, '49', 234],
      [P390_03, '613', 659],
      [P390_03, '50', 693],
      [P390_03, '202', 999],
      [P390_03, '52', 1169],
      [P390_03, '54', 1407],
      [P390_03, '214', 1475],
      [P390_03, '56', 1645],
      [P390_03, '57', 1662],
      [P390_04, '220', 47],
      [P390_04, '58', 217],
      [P390_04, '587', 285],
      [P390_04, '597', 455],
      [P390_04, '61', 506],
      [P390_04, '639', 557],
      [P390_04, '62', 574],
      [P390_04, '63', 625],
      [P390_04, '522', 642],
      [P390_04, '64', 659],
      [P390_04, '65', 676],
      [P390_06, '84', 30],
      [P390_06, '659', 47],
      [P390_06, '85', 64],
      [P390_06, '86', 81],
      [P390_06, '95', 225],
      [P390_06, '97', 276],
      [P390_06, '98', 293],
      [P390_06, '662', 310],
      [P390_06, '99', 361],
      [P390_06, '103', 395],
      [P390_06, '104', 412],
      [P390_06, '105', 429],
      [P390_06, '108', 650],
    ];
    for (const [tabla, k, pos] of FIJAS) expect([k, posDe(tabla, k)]).toEqual([k, pos]);
  });

  it('reads every box back from its page, N-signed when negative; closing tags at the end of each page', () => {
    const tablas = { '02000': P390_02, '02B00': P390_02B, '03000': P390_03, '04000': P390_04, '06000': P390_06 };
    for (const [pag, tabla] of Object.entries(tablas)) {
      const texto = pags[pag]!;
      expect(texto.slice(-12)).toBe(`</T390${pag}>`);
      for (const [k, pos] of tabla) {
        const v = k.startsWith('_') ? 0 : cents(r.Casillas[k] ?? '0');
        expect([pag, k, en(texto, pos, 17)]).toEqual([pag, k, importeBoe(v)]);
      }
    }
    // Figures this book gives, read back: 21 % base (10 000 − 500), 10 % quota, deductions, volume.
    expect(en(pags['02000']!, 217, 17)).toBe(importeBoe(950_000));
    expect(en(pags['02000']!, 200, 17)).toBe(importeBoe(20_000));
    expect(r.Casillas['51']).toBe('210.00');
    expect(en(pags['03000']!, 710, 17)).toBe(importeBoe(21_000));
    expect(en(pags['06000']!, 650, 17)).toBe(importeBoe(cents(r.Casillas['108'])));
    expect(en(pags['06000']!, 98, 25)).toBe('0'.repeat(25));
  });
});

describe('190 and 180 files (type 1 + type 2, 500 positions, CRLF, ISO-8859-1)', () => {
  const filas = [
    recibida(1, 2, 100_000, { Retencion: '150.00', ClaveRetencion: '111' }),
    recibida(2, 5, 200_000, { Retencion: '300.00', ClaveRetencion: '111' }),
    recibida(3, 6, -20_000, { NIF: '12345678Z', Tercero: 'Abogada Ñ', Retencion: '-30.00', ClaveRetencion: '111' }),
    recibida(4, 7, 80_000, { NIF: '12345678Z', Tercero: 'Abogada Ñ', Retencion: '120.00', ClaveRetencion: '111' }),
    recibida(5, 1, 150_000, { NIF: 'B30000004', Tercero: 'Inmuebles SA', Retencion: '285.00', ClaveRetencion: '115' }),
  ];
  const lineas = (f: string) => {
    expect(f.endsWith('\r\n')).toBe(true);
    const ls = f.slice(0, -2).split('\r\n');
    for (const l of ls) expect(l.length).toBe(500);
    return ls;
  };

  it('190: declarant totals at 136/145/161; a G record per professional at 18/36/76/78/79/81/82/95/148', () => {
    const r = modelo190(filas);
    const [t1, ...t2] = lineas(ficheroPerceptores(r, P, D));
    expect(en(t1!, 1, 8)).toBe('11902026');
    expect(en(t1!, 9, 9)).toBe('B12345674');
    expect(en(t1!, 18, 40).trimEnd()).toBe('PEÑAS CIA, S.L.');
    expect(en(t1!, 58, 1)).toBe('T');
    expect(en(t1!, 108, 13)).toBe('1900000000000');
    expect(en(t1!, 136, 9)).toBe('000000002');
    expect(en(t1!, 145, 16)).toBe(` ${'0'.repeat(9)}360000`);
    expect(en(t1!, 161, 15)).toBe(`${'0'.repeat(10)}54000`);
    expect(t2).toHaveLength(2);
    const [a, b] = t2;
    expect(en(a!, 1, 17)).toBe('21902026B12345674');
    expect(en(a!, 18, 9)).toBe('00000023T');
    expect(en(a!, 36, 40).trimEnd()).toBe('PROVEEDOR NUÑEZ');
    expect(en(a!, 76, 5)).toBe('08G01');
    expect(en(a!, 81, 14)).toBe(` ${'0'.repeat(7)}300000`);
    expect(en(a!, 95, 13)).toBe(`${'0'.repeat(8)}45000`);
    expect(en(a!, 148, 5)).toBe('00000');
    expect(en(a!, 158, 9)).toBe(' '.repeat(9));
    expect(en(a!, 395, 106)).toBe(' '.repeat(106));
    // 600 € at 15 % less a 200 € corrective: 15 % average, subkey 01.
    expect(en(b!, 18, 9)).toBe('12345678Z');
    expect(en(b!, 76, 5)).toBe('08G01');
    expect(en(b!, 82, 13)).toBe(`${'0'.repeat(8)}60000`);
    expect(en(b!, 95, 13)).toBe(`${'0'.repeat(9)}9000`);
  });

  it('180: the landlord with base 80, rate 93 (2 + 2), withholding 97, situation 3 without a cadastral reference', () => {
    const r = modelo180(filas);
    const [t1, t2, ...resto] = lineas(ficheroPerceptores(r, P, D));
    expect(resto).toHaveLength(0);
    expect(en(t1!, 1, 8)).toBe('11802026');
    expect(en(t1!, 136, 9)).toBe('000000001');
    expect(en(t1!, 145, 16)).toBe(` ${'0'.repeat(9)}150000`);
    expect(en(t1!, 161, 15)).toBe(`${'0'.repeat(10)}28500`);
    expect(en(t2!, 1, 26)).toBe('21802026B12345674B30000004');
    expect(en(t2!, 36, 40).trimEnd()).toBe('INMUEBLES SA');
    expect(en(t2!, 76, 4)).toBe('081 ');
    expect(en(t2!, 80, 13)).toBe(`${'0'.repeat(7)}150000`);
    expect(en(t2!, 93, 4)).toBe('1900');
    expect(en(t2!, 97, 13)).toBe(`${'0'.repeat(8)}28500`);
    expect(en(t2!, 110, 5)).toBe('00003');
    expect(en(t2!, 316, 5)).toBe('00000');
  });
});
