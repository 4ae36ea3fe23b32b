import { describe, expect, it } from 'vitest';
import { type AdjustMode, stockChange } from './stockRules.ts';

describe('stock movements', () => {
  it.each<[string, string, AdjustMode, boolean, string, string, boolean]>([
    ['10', '5', 'diferencia', false, '5.000', '15.000', true],
    ['10', '-4', 'diferencia', false, '-4.000', '6.000', true],
    ['10', '-10', 'diferencia', false, '-10.000', '0.000', true],
    ['10', '-10.001', 'diferencia', false, '-10.001', '-0.001', false],
    ['10', '-12', 'diferencia', true, '-12.000', '-2.000', true],
    ['10', '3', 'recuento', false, '-7.000', '3.000', true],
    ['0', '0', 'recuento', false, '0.000', '0.000', true],
    ['-2', '1', 'diferencia', false, '1.000', '-1.000', true],
    ['0.1', '0.2', 'diferencia', false, '0.200', '0.300', true],
  ])('%s %s (%s, negative allowed: %s) → %s, %s, %s', (current, q, mode, allow, cantidad, resultante, ok) => {
    expect(stockChange(current, q, mode, allow)).toEqual({ Cantidad: cantidad, StockResultante: resultante, ok });
  });
});
