import { describe, expect, it } from 'vitest';
import { casos, todos } from '../testkit/casos.testkit.ts';
import { ibanDeCuenta, ibanFromCcc, isValidCcc, isValidIban, normalizeIban } from './iban.ts';

/** An independent ISO 13616 check (BigInt, no chunking): first 4 characters to the end, A=10…Z=35, mod 97 = 1. */
function mod97IsOne(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const numeric = moved.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return BigInt(numeric) % 97n === 1n;
}

describe('isValidIban: compliance-es §6.3 vectors', () => {
  todos('%s is valid', isValidIban, true, [
    'ES9121000418450200051332', // CCC 2100-0418-45-0200051332
    'ES0700120345030000067890', // CCC 0012-0345-03-0000067890, Stripe's "succeeds" test IBAN
    'ES7921000813610123456789', // DC 61
  ]);

  todos('%s is invalid', isValidIban, false, [
    'ES9121000418450200051331', // last account digit changed
    'ES9021000418450200051332', // IBAN check digits changed
  ]);
});

describe('isValidIban: input forms', () => {
  todos('%j is accepted (spaces and case ignored)', isValidIban, true, [
    'ES91 2100 0418 4502 0005 1332',
    'es9121000418450200051332',
    ' ES91\t2100 0418\n4502 0005 1332 ',
    'es91 2100 0418 4502 0005 1332',
  ]);

  it('normalizeIban removes all white space and upper-cases', () => {
    expect(normalizeIban(' es91 2100\t0418 4502 0005 1332 ')).toBe('ES9121000418450200051332');
    expect(normalizeIban('fr14 2004 1010 0505 0001 3m02 606')).toBe('FR1420041010050500013M02606');
  });

  todos('%j is refused', isValidIban, false, [
    '',
    'ES',
    'ES91',
    'ES912100041845020005133', // 23 characters
    'ES91210004184502000513321', // 25 characters
    '9121000418450200051332ES',
    'ES91-2100-0418-4502-0005-1332', // dashes are not spaces
    'ES9121000418450200051332!',
  ]);

  it('an ES IBAN whose mod 97 is right but whose CCC control digits are wrong is refused', () => {
    const badCcc = '21000418450200051331';
    const iban = ibanFromCcc(badCcc);
    expect(mod97IsOne(iban)).toBe(true);
    expect(isValidCcc(badCcc)).toBe(false);
    expect(isValidIban(iban)).toBe(false);
  });
});

describe('isValidIban: foreign IBANs', () => {
  const FOREIGN = [
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'GB82WEST12345698765432',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'IT60X0542811101000000123456',
    'PT50000201231234567890154',
  ];

  it.each(FOREIGN)('%s passes the independent mod-97 rule and isValidIban', (iban) => {
    expect(mod97IsOne(iban)).toBe(true);
    expect(isValidIban(iban)).toBe(true);
  });

  it('accepts a country without a length entry on mod 97 alone (BR)', () => {
    const br = 'BR1800360305000010009795493C1';
    expect(mod97IsOne(br)).toBe(true);
    expect(isValidIban(br)).toBe(true);
  });

  todos('%s is refused', isValidIban, false, [
    'DE89370400440532013001', // account digit changed
    'DE88370400440532013000', // check digits changed
    'DE8937040044053201300', // 21 characters (DE is 22)
    'DE893704004405320130000', // 23 characters
    'FR1420041010050500013M02607',
    'GB82WEST12345698765433',
  ]);
});

describe('isValidCcc', () => {
  it.each(['21000418450200051332', '00120345030000067890', '21000813610123456789'])('%s is valid', (ccc) => {
    expect(isValidCcc(ccc)).toBe(true);
  });

  it.each([
    ['21000418550200051332', 'first control digit'],
    ['21000418460200051332', 'second control digit'],
    ['21000418450200051333', 'account digit'],
    ['21010418450200051332', 'bank digit'],
    ['2100041845020005133', '19 digits'],
    ['210004184502000513321', '21 digits'],
    ['2100 0418 45 0200051332', 'spaces'],
    ['2100041845020005133A', 'a letter'],
  ])('%s is refused (%s)', (ccc) => {
    expect(isValidCcc(ccc)).toBe(false);
  });

  it('maps d = 11 to 0 and d = 10 to 1', () => {
    // Weights 1,2,4,8,5,10,9,7,3,6. All zeros: Σ = 0 → d = 11 → '0'.
    expect(isValidCcc('00000000000000000000')).toBe(true);
    // Account 1000000000: Σ = 1 → d = 10 → '1' (bank/branch 00000000 → '0').
    expect(isValidCcc('00000000011000000000')).toBe(true);
    expect(isValidCcc('00000000001000000000')).toBe(false);
    // Account 0000000001: Σ = 6 → d = 5.
    expect(isValidCcc('00000000050000000001')).toBe(true);
  });
});

describe('ibanDeCuenta', () => {
  it('computes both CCC control digits and the IBAN check', () => {
    expect(ibanDeCuenta('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
    expect(ibanDeCuenta('0000', '0000', '1000000000')).toBe(ibanFromCcc('00000000011000000000'));
    expect(isValidIban(ibanDeCuenta('0049', '1500', '0510007919'))).toBe(true);
  });
});

describe('ibanFromCcc', () => {
  casos('%s → %s', ibanFromCcc, [
    ['21000418450200051332', 'ES9121000418450200051332'],
    ['00120345030000067890', 'ES0700120345030000067890'],
    ['21000813610123456789', 'ES7921000813610123456789'],
  ]);

  it('round trip: the IBAN of a valid CCC is valid and carries the CCC', () => {
    for (const ccc of ['21000418450200051332', '00120345030000067890', '00000000000000000000']) {
      const iban = ibanFromCcc(ccc);
      expect(iban).toHaveLength(24);
      expect(iban.slice(4)).toBe(ccc);
      expect(isValidIban(iban)).toBe(true);
    }
  });

  it('pads check digits below 10 with a zero', () => {
    expect(ibanFromCcc('00120345030000067890').slice(2, 4)).toBe('07');
  });
});
