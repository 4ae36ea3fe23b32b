import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { decimalEditable, formatAmount, formatDecimal, formatNumber, parseAmount, roundDecimal } from './amount.ts';
import { fechaHoraEspana, formatDate, formatDateTime, horaEspana, parseDate, toIsoDate, webWeekday } from './date.ts';
import { formatMinutes } from './minutes.ts';

describe('amounts: decimal comma, thousands grouped from four digits as accounting documents do', () => {
  casos('%s → %s', (v: number | string | null | undefined) => formatAmount(v), [
    [1234.5, '1.234,50 €'],
    ['1234.5', '1.234,50 €'],
    [27059.64, '27.059,64 €'],
    ['3842.02', '3.842,02 €'],
    [1234567.891, '1.234.567,89 €'],
    ['-1234567.891', '-1.234.567,89 €'],
    [999.99, '999,99 €'],
    [0, '0,00 €'],
    [-12.345, '-12,35 €'],
    [-27059.64, '-27.059,64 €'],
    [1.005, '1,01 €'],
    ['0.125', '0,13 €'],
    [-0.001, '0,00 €'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['abc', ''],
  ]);
  it('groups numbers without currency too, as Intl does with grouping always', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber('1000000', 0)).toBe('1.000.000');
    expect(formatNumber(-1000, 0)).toBe('-1.000');
    expect(formatNumber(0)).toBe('0,00');
    const intl = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    for (const n of [1234.5, 27059.64, -3842.02, 1234567.89, 12.3]) expect(formatNumber(n)).toBe(intl.format(n));
  });
  casos('a stored decimal as a person writes it: %s → %s', formatDecimal, [
    ['2.000', '2'],
    ['21.00', '21'],
    ['5.20', '5,2'],
    ['1.2345', '1,2345'],
    ['1500.000', '1.500'],
    ['-12500.50', '-12.500,5'],
    [null, ''],
    ['x', ''],
  ]);
  it('an input keeps the ungrouped form the person types', () => {
    expect(decimalEditable('27059.64')).toBe('27059,64');
    expect(parseAmount(decimalEditable('27059.64'))).toBe('27059.64');
  });
  it('decimals and currency are options', () => {
    expect(formatAmount(10, { decimals: 0 })).toBe('10 €');
    expect(formatAmount('3.14159', { decimals: 4 })).toBe('3,1416 €');
    expect(formatAmount('12345.6789', { decimals: 4 })).toBe('12.345,6789 €');
    expect(formatAmount(5, { currency: '' })).toBe('5,00');
    expect(formatAmount(5, { currency: '$' })).toBe('5,00 $');
    expect(formatNumber(2.5, 1)).toBe('2,5');
    expect(roundDecimal(9.995, 2)).toBe('10.00');
  });
  it('parses Spanish input, grouped or not', () => {
    expect(parseAmount('1234,50 €')).toBe('1234.50');
    expect(parseAmount('1.234,50 €')).toBe('1234.50');
    expect(parseAmount('-27.059,64')).toBe('-27059.64');
    expect(parseAmount('1234.50')).toBe('1234.50');
    expect(parseAmount('12')).toBe('12');
    expect(parseAmount('x')).toBeNull();
  });
});

describe('dates dd/mm/yyyy ↔ yyyy-mm-dd', () => {
  casos('format %s → %s', formatDate, [
    ['2024-03-05', '05/03/2024'],
    ['2024-02-29', '29/02/2024'],
    ['2023-02-29', ''],
    ['2024-03-05T10:00:00Z', '05/03/2024'],
    ['', ''],
    [null, ''],
    ['05/03/2024', ''],
  ]);
  casos('parse %s → %s', parseDate, [
    ['05/03/2024', '2024-03-05'],
    ['5/3/2024', '2024-03-05'],
    ['31/02/2024', null],
    ['2024-03-05', null],
    ['', null],
  ]);
  it('date-times in local time, ISO dates, Monday-first weekdays', () => {
    const d = new Date(2024, 0, 7, 9, 5);
    expect(formatDateTime(d)).toBe('07/01/2024 09:05');
    expect(formatDateTime('nope')).toBe('');
    expect(toIsoDate(d)).toBe('2024-01-07');
    expect(webWeekday(d)).toBe(7);
    expect(webWeekday(new Date(2024, 0, 8))).toBe(1);
  });
});

describe("instants in Spain's mainland time", () => {
  it('shows winter (+01:00) and summer (+02:00) instants at the Spanish wall clock', () => {
    expect(fechaHoraEspana('2026-01-15T08:05:09Z')).toBe('15/01/2026, 09:05:09');
    expect(fechaHoraEspana(new Date('2026-07-31T22:30:00Z'))).toBe('01/08/2026, 00:30:00');
    expect(horaEspana('2026-07-01T06:00:00Z')).toBe('08:00');
    expect(horaEspana(null)).toBe('');
  });
});

describe('minutes "HHh:MMm"', () => {
  casos('%s → %s', formatMinutes, [
    [90, '01h:30m'],
    [0, '00h:00m'],
    ['125', '02h:05m'],
    [6000, '100h:00m'],
    [-45, '-00h:45m'],
    [null, '00:00'],
    [undefined, '00:00'],
    ['', '00:00'],
    ['abc', '00:00'],
    [Number.NaN, '00:00'],
  ]);
});
