import { describe, expect, it } from 'vitest';
import { checkTaxId, dniLetter, normalizeTaxId, type TaxIdKind } from './taxId.ts';

/** compliance-es §6.1 and §6.2, every official vector ("TEST VECTORS (VERIFIED locally)"). */
const VALID: [string, TaxIdKind][] = [
  // §6.1 DNI
  ['12345678Z', 'DNI'],
  ['00000000T', 'DNI'],
  ['89890001K', 'DNI'], // AEAT test NIF
  ['00000006Y', 'DNI'], // TicketBAI example
  ['54362315K', 'DNI'],
  // §6.1 NIE
  ['X1234567L', 'NIE'],
  ['X5253868R', 'NIE'],
  ['Y1234567X', 'NIE'],
  ['Z1234567R', 'NIE'],
  // §6.2 CIF
  ['B85626240', 'CIF'],
  ['A58818501', 'CIF'],
  ['A13585625', 'CIF'],
  ['J99216582', 'CIF'],
  ['B64717838', 'CIF'],
  ['A08663619', 'CIF'], // CaixaBank
  ['B12345674', 'CIF'],
  ['P2807900B', 'CIF'], // Ayto. Madrid
  ['Q2826000H', 'CIF'], // AEAT
];

/** Right format, wrong control character. */
const WRONG_LETTER = [
  '12345678A', // §6.1
  'X1234567A', // §6.1
  'J99216583', // §6.2
  'B64717839', // §6.2
  'A58818502', // §6.2
];

describe('checkTaxId: official vectors', () => {
  it.each(VALID)('%s is a valid %s', (value, kind) => {
    expect(checkTaxId(value)).toEqual({ ok: true, kind, value });
  });

  it.each(WRONG_LETTER)('%s has a wrong control character', (value) => {
    expect(checkTaxId(value)).toEqual({ ok: false, reason: 'letra' });
  });
});

describe('checkTaxId: kinds', () => {
  it('K/L/M NIFs use the DNI table over their 7 digits', () => {
    // 1234567 mod 23 = 19 → 'L'
    for (const prefix of ['K', 'L', 'M']) {
      expect(checkTaxId(`${prefix}1234567L`)).toEqual({ ok: true, kind: 'NIF', value: `${prefix}1234567L` });
      expect(checkTaxId(`${prefix}1234567A`)).toEqual({ ok: false, reason: 'letra' });
    }
  });

  it('NIE replaces X/Y/Z by 0/1/2 before the DNI rule', () => {
    expect(checkTaxId(`Y1234567${dniLetter(11234567)}`)).toMatchObject({ ok: true, kind: 'NIE' });
    expect(checkTaxId(`Z1234567${dniLetter(21234567)}`)).toMatchObject({ ok: true, kind: 'NIE' });
    expect(checkTaxId(`X1234567${dniLetter(1234567)}`)).toMatchObject({ ok: true, kind: 'NIE' });
  });

  describe('CIF control: letter, digit or either by entity type', () => {
    // B85626240 → central digits 8562624, control 0 → letter form 'J'.
    it.each([
      // digit only: A, B, E, H
      ['B85626240', true],
      ['B8562624J', false],
      ['A5881850A', false], // A58818501 in letter form
      // letter only: P, Q, R, S, W, N
      ['P2807900B', true],
      ['P28079002', false], // P2807900B in digit form
      ['Q28260008', false], // Q2826000H in digit form
      // either: C, D, F, G, J, U, V
      ['J99216582', true],
      ['J9921658B', true],
    ] as const)('%s → %s', (value, ok) => {
      expect(checkTaxId(value).ok).toBe(ok);
    });

    it('a letter-only type refuses the digit form, with reason letra', () => {
      expect(checkTaxId('P28079002')).toEqual({ ok: false, reason: 'letra' });
    });

    it('province "00" (non-resident) forces the letter form, even for A/B', () => {
      // central digits 0012345: doubled odd positions 0+2+6+(1+0) = 9, even positions 0+2+4 = 6; c = 10 − 15 mod 10 = 5 → 'E'
      expect(checkTaxId('B0012345E')).toMatchObject({ ok: true, kind: 'CIF' });
      expect(checkTaxId('B00123455')).toEqual({ ok: false, reason: 'letra' });
    });
  });
});

describe('checkTaxId: normalisation', () => {
  it.each([
    ['12345678z', '12345678Z'],
    [' 12345678Z ', '12345678Z'],
    ['12 345 678 Z', '12345678Z'],
    ['12.345.678-Z', '12345678Z'],
    ['x-1234567-l', 'X1234567L'],
    ['x 1234567 l', 'X1234567L'],
    ['b85626240', 'B85626240'],
    ['B-85.626.240', 'B85626240'],
    ['\t12345678Z\n', '12345678Z'],
  ])('%j is read as %s', (raw, value) => {
    expect(normalizeTaxId(raw)).toBe(value);
    expect(checkTaxId(raw)).toMatchObject({ ok: true, value });
  });
});

describe('checkTaxId: format failures (not a letter problem)', () => {
  it.each([
    '',
    '1234567Z', // 7 digits
    '123456789Z', // 9 digits
    '12345678', // no letter
    '123456789', // digit control on a DNI
    'X123456L', // NIE with 6 digits
    'X12345678L', // NIE with 8 digits
    'A1234567L', // NIE-like letter that is not X/Y/Z, control L is not a CIF control
    'I1234567A', // I is not a CIF type
    'B8562624', // CIF without control
    'B856262401', // CIF too long
    'B8562624Z', // CIF control beyond J
    '12345678Ñ',
    'ES12345678Z',
    'hello',
  ])('%j is a format error', (value) => {
    expect(checkTaxId(value)).toEqual({ ok: false, reason: 'formato' });
  });
});

describe('dniLetter', () => {
  it('follows the official table TRWAGMYFPDXBNJZSQVHLCKE', () => {
    const table = 'TRWAGMYFPDXBNJZSQVHLCKE';
    for (let n = 0; n < 23; n++) expect(dniLetter(n)).toBe(table[n]);
    expect(dniLetter(12345678)).toBe('Z');
    expect(dniLetter(23)).toBe('T');
  });
});
