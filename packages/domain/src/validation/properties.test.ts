import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../fields/schema.ts';
import { ibanFromCcc, isValidCcc, isValidIban } from './iban.ts';
import { checkTaxId, dniLetter, normalizeTaxId } from './taxId.ts';

const TABLE = 'TRWAGMYFPDXBNJZSQVHLCKE';
const upperLetter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: n, maxLength: n });

/** The CCC control digit written from compliance-es §6.3, independently of iban.ts. */
function cccDigit(ten: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(ten[i]), 0);
  const d = 11 - (sum % 11);
  return String(d === 11 ? 0 : d === 10 ? 1 : d);
}
const cccArb = fc
  .tuple(digits(8), digits(10))
  .map(([bankBranch, account]) => `${bankBranch}${cccDigit(`00${bankBranch}`)}${cccDigit(account)}${account}`);

describe('DNI / NIE / NIF properties', () => {
  it('every DNI number with its computed letter passes, and every other letter fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), upperLetter, (n, letter) => {
        const number = String(n).padStart(8, '0');
        const expected = TABLE[n % 23] as string;
        expect(dniLetter(n)).toBe(expected);
        const r = checkTaxId(`${number}${letter}`);
        if (letter === expected) expect(r).toEqual({ ok: true, kind: 'DNI', value: `${number}${letter}` });
        else expect(r).toEqual({ ok: false, reason: 'letra' });
      }),
    );
  });

  it('every NIE (X/Y/Z → 0/1/2) with its computed letter passes, and every other letter fails', () => {
    fc.assert(
      fc.property(fc.constantFrom('X', 'Y', 'Z'), fc.integer({ min: 0, max: 9_999_999 }), upperLetter, (p, n, l) => {
        const seven = String(n).padStart(7, '0');
        const expected = TABLE[Number(`${'XYZ'.indexOf(p)}${seven}`) % 23];
        expect(checkTaxId(`${p}${seven}${l}`).ok).toBe(l === expected);
      }),
    );
  });

  it('normalisation is idempotent and never changes the verdict', () => {
    const noise = fc.constantFrom(' ', '.', '-', '');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.array(noise, { maxLength: 10 }),
        fc.boolean(),
        (n, seps, lower) => {
          const clean = `${String(n).padStart(8, '0')}${dniLetter(n)}`;
          let noisy = clean
            .split('')
            .map((ch, i) => `${seps[i] ?? ''}${ch}`)
            .join('');
          if (lower) noisy = noisy.toLowerCase();
          expect(normalizeTaxId(noisy)).toBe(clean);
          expect(normalizeTaxId(normalizeTaxId(noisy))).toBe(clean);
          expect(checkTaxId(noisy)).toEqual(checkTaxId(clean));
        },
      ),
    );
  });

  it('checkTaxId never throws and is ok only with a kind', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (s) => {
        const r = checkTaxId(s);
        if (r.ok) expect(['DNI', 'NIE', 'NIF', 'CIF']).toContain(r.kind);
        else expect(['formato', 'letra']).toContain(r.reason);
      }),
    );
  });
});

describe('IBAN / CCC properties', () => {
  it('a CCC built with the spec rule is valid, and ibanFromCcc of it is a valid IBAN carrying it', () => {
    fc.assert(
      fc.property(cccArb, (ccc) => {
        expect(isValidCcc(ccc)).toBe(true);
        const iban = ibanFromCcc(ccc);
        expect(iban).toMatch(/^ES\d{22}$/);
        expect(iban.slice(4)).toBe(ccc);
        expect(isValidIban(iban)).toBe(true);
        // independent mod-97 check
        const numeric = `${ccc}1428${iban.slice(2, 4)}`; // E=14, S=28
        expect(BigInt(numeric) % 97n).toBe(1n);
      }),
    );
  });

  it('changing any single digit of a valid Spanish IBAN makes it invalid', () => {
    fc.assert(
      fc.property(cccArb, fc.integer({ min: 2, max: 23 }), fc.integer({ min: 1, max: 9 }), (ccc, pos, delta) => {
        const iban = ibanFromCcc(ccc);
        const changed = String((Number(iban[pos]) + delta) % 10);
        expect(isValidIban(`${iban.slice(0, pos)}${changed}${iban.slice(pos + 1)}`)).toBe(false);
      }),
    );
  });

  it('a CCC with any other control digits is refused', () => {
    fc.assert(
      fc.property(cccArb, digits(2), (ccc, dc) => {
        fc.pre(dc !== ccc.slice(8, 10));
        expect(isValidCcc(`${ccc.slice(0, 8)}${dc}${ccc.slice(10)}`)).toBe(false);
      }),
    );
  });

  it('spaces every four characters and lower case do not matter', () => {
    fc.assert(
      fc.property(cccArb, fc.boolean(), (ccc, lower) => {
        let spaced = ibanFromCcc(ccc)
          .replace(/(.{4})/g, '$1 ')
          .trim();
        if (lower) spaced = spaced.toLowerCase();
        expect(isValidIban(spaced)).toBe(true);
      }),
    );
  });
});

describe('money properties', () => {
  it('a two-decimal amount comes back as exactly its own text', () => {
    const money = fieldSchema({ kind: 'money', label: 'Importe' });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const abs = cents < 0n ? -cents : cents;
        const text = `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        expect(money.parse(text)).toBe(text);
      }),
    );
  });
});
