import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import {
  aCentesimas,
  desfaseEspana,
  esFechaHoraHuso,
  fechaAeat,
  fechaHoraHuso,
  fechaHoraHusoGenRegistro,
  fechaIso,
  importeAeat,
  instanteDe,
  tipoAeat,
} from './format.ts';

describe('amounts and rates', () => {
  casos('importeAeat(%j) = %s', importeAeat, [
    ['123.1', '123.10'],
    [123.45, '123.45'],
    ['7', '7.00'],
    ['1,5', '1.50'],
    ['1.005', '1.01'],
    ['-1.005', '-1.01'],
    ['-0.004', '0.00'],
    ['0.0049999', '0.00'],
    [0.1 + 0.2, '0.30'],
    ['999999999999.99', '999999999999.99'],
    ['.5', '0.50'],
    ['+3', '3.00'],
  ]);

  it('rejects what is not a number', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e3', Number.NaN]) expect(() => aCentesimas(bad)).toThrow();
  });

  it('rates use the same two-decimal form', () => {
    expect(tipoAeat(21)).toBe('21.00');
    expect(tipoAeat('5.2')).toBe('5.20');
    expect(tipoAeat(0)).toBe('0.00');
  });
});

describe('dates', () => {
  it('yyyy-mm-dd ↔ dd-mm-yyyy', () => {
    expect(fechaAeat('2024-01-01')).toBe('01-01-2024');
    expect(fechaAeat('2024-02-29')).toBe('29-02-2024');
    expect(fechaIso('13-09-2024')).toBe('2024-09-13');
    expect(() => fechaAeat('2023-02-29')).toThrow();
    expect(() => fechaAeat('01-01-2024')).toThrow();
    expect(fechaIso('31-04-2024')).toBeNull();
    expect(fechaIso('1-1-2024')).toBeNull();
  });
});

describe("Spain's offset by the EU summer-time rule", () => {
  it.each([
    // 2024: summer time from Sun 31 March 01:00 UTC to Sun 27 October 01:00 UTC
    ['2024-03-31T00:59:59Z', 'peninsula', '2024-03-31T01:59:59+01:00'],
    ['2024-03-31T01:00:00Z', 'peninsula', '2024-03-31T03:00:00+02:00'],
    ['2024-10-27T00:59:59Z', 'peninsula', '2024-10-27T02:59:59+02:00'],
    ['2024-10-27T01:00:00Z', 'peninsula', '2024-10-27T02:00:00+01:00'],
    ['2024-03-31T00:59:59Z', 'canarias', '2024-03-31T00:59:59+00:00'],
    ['2024-03-31T01:00:00Z', 'canarias', '2024-03-31T02:00:00+01:00'],
    ['2024-10-27T01:00:00Z', 'canarias', '2024-10-27T01:00:00+00:00'],
    // 2027: 28 March and 31 October
    ['2027-03-28T00:30:00Z', 'peninsula', '2027-03-28T01:30:00+01:00'],
    ['2027-03-28T01:30:00Z', 'peninsula', '2027-03-28T03:30:00+02:00'],
    ['2027-10-31T00:30:00Z', 'peninsula', '2027-10-31T02:30:00+02:00'],
    ['2027-10-31T01:30:00Z', 'peninsula', '2027-10-31T02:30:00+01:00'],
    // New Year's Eve: the local date is already the next year
    ['2026-12-31T23:30:00Z', 'peninsula', '2027-01-01T00:30:00+01:00'],
    ['2026-12-31T23:30:00Z', 'canarias', '2026-12-31T23:30:00+00:00'],
    // milliseconds are dropped, never rounded up
    ['2024-01-01T18:20:30.999Z', 'peninsula', '2024-01-01T19:20:30+01:00'],
  ] as const)('%s in %s → %s', (utc, zona, expected) => {
    const text = fechaHoraHuso(new Date(utc), zona);
    expect(text).toBe(expected);
    expect(esFechaHoraHuso(text)).toBe(true);
    expect(instanteDe(text)?.getTime()).toBe(Math.floor(new Date(utc).getTime() / 1000) * 1000);
  });

  it('agrees with the time-zone database (Europe/Madrid, Atlantic/Canary) at random instants 1996–2099', () => {
    const offsetOf = (date: Date, timeZone: string) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(date)
        .find((p) => p.type === 'timeZoneName')!.value; // 'GMT+02:00' or 'GMT'
      const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    };
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2099, 11, 31) }), (t) => {
        const date = new Date(t);
        expect(desfaseEspana(date, 'peninsula')).toBe(offsetOf(date, 'Europe/Madrid'));
        expect(desfaseEspana(date, 'canarias')).toBe(offsetOf(date, 'Atlantic/Canary'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('FechaHoraHusoGenRegistro is never earlier than the previous record', () => {
  it('keeps the clock when it moves forward', () => {
    expect(fechaHoraHusoGenRegistro(new Date('2024-06-01T10:00:05Z'), 'peninsula', '2024-06-01T12:00:00+02:00')).toBe(
      '2024-06-01T12:00:05+02:00',
    );
  });

  it('bumps to the previous instant when the clock went back', () => {
    expect(fechaHoraHusoGenRegistro(new Date('2024-06-01T09:59:00Z'), 'peninsula', '2024-06-01T12:00:00+02:00')).toBe(
      '2024-06-01T12:00:00+02:00',
    );
  });

  it('compares instants, not texts, across the October change', () => {
    // 02:30+02:00 (00:30Z) then 02:10+01:00 (01:10Z) is later although its text sorts first
    expect(fechaHoraHusoGenRegistro(new Date('2024-10-27T01:10:00Z'), 'peninsula', '2024-10-27T02:30:00+02:00')).toBe(
      '2024-10-27T02:10:00+01:00',
    );
  });

  it('parses offsets and rejects malformed timestamps', () => {
    expect(instanteDe('2024-01-01T19:20:30+01:00')?.toISOString()).toBe('2024-01-01T18:20:30.000Z');
    expect(instanteDe('2024-01-01T19:20:30Z')?.toISOString()).toBe('2024-01-01T19:20:30.000Z');
    expect(instanteDe('2024-13-01T19:20:30+01:00')).toBeNull();
    expect(esFechaHoraHuso('2024-01-01T19:20:30Z')).toBe(false);
    expect(esFechaHoraHuso('2024-01-01 19:20:30+01:00')).toBe(false);
  });
});
