import { describe, expect, it } from 'vitest';
import { type ClockRecord, formatWorked, workedTodayMs } from './workedToday.ts';

const at = (h: number, m = 0, day = 12) => new Date(2026, 10, day, h, m).toISOString();
const rec = (Estado: ClockRecord['Estado'], h: number, m = 0, day = 12): ClockRecord => ({
  Fecha: at(h, m, day),
  Estado,
});
const now = new Date(2026, 10, 12, 17, 30);
const H = 3_600_000;

describe('hours worked today (the confirmation of Terminar)', () => {
  it('counts entry to now, minus the pauses', () => {
    const records = [rec('e', 8), rec('p', 13), rec('r', 14), rec('s', 17)];
    expect(workedTodayMs(records, now)).toBe(8 * H);
    expect(workedTodayMs([rec('e', 8), rec('p', 13), rec('r', 14)], now)).toBe(8.5 * H);
    expect(workedTodayMs([rec('e', 8), rec('p', 13)], now)).toBe(5 * H);
  });

  it('ignores other days and counts a workday begun before midnight from midnight', () => {
    expect(workedTodayMs([rec('e', 8, 0, 11), rec('s', 15, 0, 11)], now)).toBe(0);
    expect(workedTodayMs([rec('e', 22, 0, 11), rec('s', 2)], now)).toBe(2 * H);
    expect(workedTodayMs([], now)).toBe(0);
    // An exit forgotten days ago is not today's work.
    expect(workedTodayMs([rec('e', 8, 0, 9)], now)).toBe(0);
  });

  it('reads in any order and writes hours and minutes', () => {
    expect(workedTodayMs([rec('r', 14), rec('e', 8), rec('p', 13)], now)).toBe(8.5 * H);
    expect(formatWorked(8.5 * H)).toBe('8 h 30 min');
    expect(formatWorked(7 * H + 5 * 60_000)).toBe('7 h 05 min');
    expect(formatWorked(45 * 60_000 + 59_000)).toBe('45 min');
  });
});
