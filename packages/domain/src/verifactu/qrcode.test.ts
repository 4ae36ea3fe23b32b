import { describe, expect, it } from 'vitest';
import { urlCotejo } from './qr.ts';
import {
  bitsFormato,
  bitsVersion,
  capacidadQr,
  codificarQr,
  correccionReedSolomon,
  type MatrizQr,
  palabrasDatos,
  svgQr,
  zonasFuncion,
} from './qrcode.ts';

/**
 * The QR encoder. Besides these tests, symbols of versions 1, 7, 8 and 10 with every mask were decoded by zbarimg
 * (Debian zbar-tools) when it was written; the round trip below re-reads a symbol the way a reader does.
 */

const MASCARAS = [
  (x: number, y: number) => (x + y) % 2 === 0,
  (_x: number, y: number) => y % 2 === 0,
  (x: number) => x % 3 === 0,
  (x: number, y: number) => (x + y) % 3 === 0,
  (x: number, y: number) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x: number, y: number) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x: number, y: number) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x: number, y: number) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];
const BLOQUES: Record<number, { ecc: number; datos: number[] }> = {
  1: { ecc: 10, datos: [16] },
  7: { ecc: 18, datos: [31, 31, 31, 31] },
  8: { ecc: 22, datos: [38, 38, 39, 39] },
  10: { ecc: 26, datos: [43, 43, 43, 43, 44] },
};

/** A minimal reader: format bits → mask, unmask, zigzag read, de-interleave, byte-mode payload. */
function leer(m: MatrizQr, version: number): string {
  const t = m.length;
  let formato = 0;
  for (let i = 0; i < 8; i++) formato |= (m[8]![t - 1 - i] ? 1 : 0) << i;
  for (let i = 8; i < 15; i++) formato |= (m[t - 15 + i]![8] ? 1 : 0) << i;
  const mascara = ((formato ^ 0x5412) >>> 10) & 7;
  expect((formato ^ 0x5412) >>> 13).toBe(0); // level M
  expect(bitsFormato(mascara)).toBe(formato);
  const funcion = zonasFuncion(version);
  const bits: number[] = [];
  for (let derecha = t - 1; derecha >= 1; derecha -= 2) {
    if (derecha === 6) derecha = 5;
    for (let v = 0; v < t; v++)
      for (let j = 0; j < 2; j++) {
        const x = derecha - j;
        const y = ((derecha + 1) & 2) === 0 ? t - 1 - v : v;
        if (funcion[y]![x]) continue;
        bits.push((m[y]![x] ? 1 : 0) ^ (MASCARAS[mascara]!(x, y) ? 1 : 0));
      }
  }
  const palabras: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) palabras.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  const { ecc, datos } = BLOQUES[version]!;
  const bloques = datos.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...datos); i++)
    datos.forEach((n, b) => {
      if (i < n) bloques[b]!.push(palabras[k++]!);
    });
  const correcciones = datos.map(() => [] as number[]);
  for (let i = 0; i < ecc; i++) {
    for (const c of correcciones) c.push(palabras[k++]!);
  }
  bloques.forEach((b, i) => {
    expect(correccionReedSolomon(b, ecc)).toEqual(correcciones[i]);
  });
  const flujo = bloques.flat().flatMap((p) => Array.from({ length: 8 }, (_, i) => (p >>> (7 - i)) & 1));
  const num = (desde: number, n: number) => flujo.slice(desde, desde + n).reduce((a, b) => (a << 1) | b, 0);
  expect(num(0, 4)).toBe(0b0100);
  const cuenta = version < 10 ? 8 : 16;
  const n = num(4, cuenta);
  const bytes = Uint8Array.from({ length: n }, (_, i) => num(4 + cuenta + i * 8, 8));
  return new TextDecoder().decode(bytes);
}

const URL_QR = urlCotejo(
  { nif: '89890001K', numserie: '12345678&G33', fecha: '01-01-2024', importe: '241.4' },
  { entorno: 'pruebas' },
);

describe('QR encoder (byte mode, level M, versions 1–10)', () => {
  it('Reed–Solomon: the 1-M example of the standard’s tutorial (HELLO WORLD data codewords)', () => {
    const datos = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(correccionReedSolomon(datos, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('format and version information match the standard’s tables', () => {
    const tabla = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    expect(tabla.map((_, m) => bitsFormato(m).toString(2).padStart(15, '0'))).toEqual(tabla);
    expect(bitsVersion(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(bitsVersion(10).toString(2).padStart(18, '0')).toBe('001010010011010011');
  });

  it('byte-mode data codewords: mode, count, bytes, terminator and 0xEC/0x11 padding', () => {
    const p = palabrasDatos(new TextEncoder().encode('Hi'), 1);
    expect(p).toHaveLength(16);
    expect(p.slice(0, 4)).toEqual([0x40, 0x24, 0x86, 0x90]);
    expect(p.slice(4, 8)).toEqual([0xec, 0x11, 0xec, 0x11]);
  });

  it('capacities at level M', () => {
    expect([1, 2, 7, 8, 9, 10].map(capacidadQr)).toEqual([14, 26, 122, 152, 180, 213]);
  });

  it('the VeriFactu URL: smallest version, finder patterns, and it reads back for every mask', () => {
    const q = codificarQr(URL_QR);
    expect(q.version).toBe(7);
    expect(q.modulos).toHaveLength(45);
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    const esquina = (x0: number, y0: number) =>
      Array.from({ length: 7 }, (_, y) =>
        Array.from({ length: 7 }, (_, x) => (q.modulos[y0 + y]![x0 + x] ? '1' : '0')).join(''),
      );
    expect(esquina(0, 0)).toEqual(finder);
    expect(esquina(38, 0)).toEqual(finder);
    expect(esquina(0, 38)).toEqual(finder);
    for (let mascara = 0; mascara < 8; mascara++)
      expect(leer(codificarQr(URL_QR, { mascara }).modulos, 7)).toBe(URL_QR);
  });

  it('reads back versions 1, 8 and 10, UTF-8 included', () => {
    expect(leer(codificarQr('VERI*FACTU').modulos, 1)).toBe('VERI*FACTU');
    const largo = `${URL_QR}&x=${'ñ'.repeat(5)}`;
    const q8 = codificarQr(largo);
    expect(q8.version).toBe(8);
    expect(leer(q8.modulos, 8)).toBe(largo);
    const max = 'a'.repeat(213);
    expect(leer(codificarQr(max).modulos, 10)).toBe(max);
    expect(() => codificarQr('a'.repeat(214))).toThrow('demasiado largo');
  });

  it('an SVG with a quiet zone', () => {
    const svg = svgQr('HOLA', { margen: 4, tamano: '35mm' });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 29 29"[^>]*width="35mm"/);
    expect(svg).toContain('M4 4h1v1h-1z');
  });
});
