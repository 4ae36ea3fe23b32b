import { describe, expect, it } from 'vitest';
import { celdaCsv, celdaTexto, esFormula, lineaCsv } from './celdaHoja.ts';

describe('the spreadsheet cell rule (CSV injection)', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-1+A1', '@SUM(A1)', '\t=1', '\r=1', '-', '+ 34'])(
    'neutralises %j with a leading quote',
    (texto) => {
      expect(esFormula(texto)).toBe(true);
      expect(celdaTexto(texto)).toBe(`'${texto}`);
    },
  );

  it.each(['Comida', '', "'=ya neutralizado", '-12,50', '-12.5', '+34600000000', '2025-03-15', 'a=b'])(
    'keeps %j as it is (plain text or a signed number)',
    (texto) => {
      expect(esFormula(texto)).toBe(false);
      expect(celdaTexto(texto)).toBe(texto);
    },
  );

  it('writes CSV fields neutralised first, then quoted; numbers stay numbers', () => {
    expect(celdaCsv('=1;2')).toBe(`"'=1;2"`);
    expect(celdaCsv('di "hola"')).toBe('"di ""hola"""');
    expect(celdaCsv(-12.5)).toBe('-12.5');
    expect(celdaCsv(null)).toBe('');
    expect(lineaCsv(['@x', 3, undefined, 'a,b'], ',')).toBe(`'@x,3,,"a,b"`);
  });
});
