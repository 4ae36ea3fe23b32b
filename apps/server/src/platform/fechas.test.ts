import { describe, expect, it } from 'vitest';
import { diaMas, esFinDeSemana, laborableDesde } from './fechas.ts';

describe('calendar days', () => {
  it('moves by days across months, years and the spring clock change', () => {
    expect(diaMas('2026-03-28', 2)).toBe('2026-03-30');
    expect(diaMas('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('knows the weekend and the next working day', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(esFinDeSemana)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(laborableDesde('2026-11-27')).toBe('2026-11-27');
    expect(laborableDesde('2026-11-28')).toBe('2026-11-30');
    expect(laborableDesde('2026-11-29')).toBe('2026-11-30');
  });
});
