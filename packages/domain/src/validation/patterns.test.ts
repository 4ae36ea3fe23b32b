import { describe, expect, it } from 'vitest';
import { todos } from '../testkit/casos.testkit.ts';
import { isIsoDate, PASSWORD_RULES, PATTERNS } from './patterns.ts';

/** product-spec §5 "Patterns" and §9 (password min 8, max 50). */
describe('PATTERNS', () => {
  const cases: Record<keyof typeof PATTERNS, { ok: string[]; ko: string[] }> = {
    // "password needs a lower-case letter, an upper-case letter and a digit"
    password: {
      ok: ['Abcdefg1', 'aB3', '1aA', 'Contraseña9', 'ñÑ0', 'Pass word 1!'],
      ko: ['abcdefg1', 'ABCDEFG1', 'Abcdefgh', '12345678', '', 'ñññ111'],
    },
    // "code-like text allows digits, letters, dash, underscore, dot, at sign"
    codigo: {
      ok: ['', 'ABC-123', 'a_b.c@d', 'Año-2024', 'x', '0'],
      ko: ['a b', 'a/b', 'a,b', 'á', 'a#', 'a+b'],
    },
    // "digits only"
    digitos: { ok: ['', '0', '0123456789'], ko: ['1a', ' 1', '1.5', '-1', '１'] },
    // "letters and digits only"
    alfanumerico: { ok: ['', 'abc123', 'ÑANDU', 'Zz9'], ko: ['a-b', 'a_b', 'a b', 'é', 'a.b'] },
    // "restricted upper-case code alphabet (without I, O, Ñ, U, W), allowing dash, underscore, slash"
    codigoRestringido: {
      ok: ['', 'ABC-123', 'X_Y/Z', 'ABCDEFGHJKLMNPQRSTVXYZ0123456789-_/'],
      ko: ['I', 'O', 'Ñ', 'U', 'W', 'abc', 'A.B', 'A B', 'A@B'],
    },
    // "the other only underscore"
    codigoRestringidoSimple: {
      ok: ['', 'ABC_123', 'ABCDEFGHJKLMNPQRSTVXYZ0123456789_'],
      ko: ['A-B', 'A/B', 'I', 'O', 'Ñ', 'U', 'W', 'abc'],
    },
    email: {
      ok: ['ana@example.com', 'a.b+c@sub.example.es', 'ñ@dominio.es'],
      ko: ['', 'ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@exa mple.com', 'a@b@c.es'],
    },
    date: { ok: ['2024-01-31', '1999-12-01'], ko: ['2024-1-31', '31/01/2024', '2024-01-31T00:00', '20240131', ''] },
    hora: { ok: ['08:00', '23:59', '00:00', ''], ko: ['8:00', '24:00', '12:60', '08:00:00', 'ocho'] },
  };

  for (const [name, { ok, ko }] of Object.entries(cases) as [keyof typeof PATTERNS, { ok: string[]; ko: string[] }][]) {
    describe(name, () => {
      it.each(ok)('accepts %j', (value) => expect(PATTERNS[name].test(value)).toBe(true));
      it.each(ko)('refuses %j', (value) => expect(PATTERNS[name].test(value)).toBe(false));
    });
  }

  it('the restricted alphabets exclude exactly I, O, Ñ, U and W among the upper-case letters', () => {
    const letters = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'.split('');
    const refused = letters.filter((l) => !PATTERNS.codigoRestringido.test(l));
    expect(refused).toEqual(['I', 'Ñ', 'O', 'U', 'W']);
    expect(letters.filter((l) => !PATTERNS.codigoRestringidoSimple.test(l))).toEqual(refused);
  });
});

describe('PASSWORD_RULES', () => {
  it('is min 8, max 50 (spec §5 PassNuevo, §9)', () => {
    expect(PASSWORD_RULES).toEqual({ min: 8, max: 50 });
  });
});

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2023-12-31', '2000-02-29', '1970-01-01'])('%s is a real date', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  todos('%j is not', isIsoDate, false, [
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-1',
    '0000-01-01',
    '99999-01-01',
    'hoy',
    '',
  ]);
});
