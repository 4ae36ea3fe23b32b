import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compare, dec, mul, round, shift, sub, sum, toFixed } from './decimal.ts';

describe('exact decimals', () => {
  it.each([
    ['1.005', 2, '1.01'],
    ['2.675', 2, '2.68'],
    ['-0.005', 2, '-0.01'],
    ['-0.004', 2, '0.00'],
    ['0.125', 2, '0.13'],
    ['123456789012345.675', 2, '123456789012345.68'],
    ['7', 2, '7.00'],
    ['1,5', 2, '1.50'],
    ['.5', 0, '1'],
  ])('rounds %s to %i decimals half away from zero → %s', (value, scale, expected) => {
    expect(toFixed(round(dec(value), scale))).toBe(expected);
  });

  it('adds, subtracts, multiplies and shifts without binary floating point', () => {
    expect(toFixed(add(dec('0.1'), dec('0.2')))).toBe('0.3');
    expect(toFixed(sub(dec('10'), dec('0.01')))).toBe('9.99');
    expect(toFixed(mul(dec('3'), dec('33.333')))).toBe('99.999');
    expect(toFixed(shift(dec('21'), 2))).toBe('0.21');
    expect(toFixed(sum([dec('1.10'), dec('2.205'), dec('-0.305')]))).toBe('3.000');
    expect(compare(dec('1.50'), dec('1.5'))).toBe(0);
  });

  it('refuses what is not a decimal', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e5x', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => dec(bad as string)).toThrow();
    }
  });

  it('agrees with integer arithmetic on cents for any amounts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (a, b) => {
        const text = (c: number) =>
          `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
        expect(toFixed(add(dec(text(a)), dec(text(b))), 2)).toBe(text(a + b));
      }),
    );
  });
});
