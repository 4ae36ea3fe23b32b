import { fromUnits, toUnits } from '../pricing/decimal.ts';

export type AdjustMode = 'diferencia' | 'recuento';

export interface StockChange {
  /** Signed change of the movement. */
  Cantidad: string;
  /** Stock after it. */
  StockResultante: string;
  /** False when it would leave the stock below zero in a warehouse that does not allow it. */
  ok: boolean;
}

/**
 * One stock movement on a product in a warehouse, at 3 decimals: a difference (+/-) or a count (the stock
 * becomes the counted quantity). Negative stock only where the warehouse allows it.
 */
export function stockChange(current: string, quantity: string, mode: AdjustMode, allowNegative: boolean): StockChange {
  const now = toUnits(current);
  const delta = mode === 'recuento' ? toUnits(quantity) - now : toUnits(quantity);
  const next = now + delta;
  return {
    Cantidad: fromUnits(delta, 3),
    StockResultante: fromUnits(next, 3),
    ok: allowNegative || next >= 0n || delta >= 0n,
  };
}
