import { dec, isDecimalText, round, toFixed } from '../money/decimal.ts';

/**
 * Amounts in the Spanish format of spec sections 5 and 9: no thousands separator, decimal comma, two decimals by
 * default, followed by the currency symbol (euro by default): 1234.5 → "1234,50 €".
 */
export interface AmountOptions {
  decimals?: number;
  /** Currency symbol; '' for none. */
  currency?: string;
}

/** Rounds a decimal string or number half away from zero without binary floating-point surprises (1.005 → 1.01). */
export function roundDecimal(value: number | string, decimals: number): string | null {
  if (!isDecimalText(value)) return null;
  return toFixed(round(dec(value), decimals));
}

/** "1234,5" style number without currency (empty string for empty or non-numeric input). */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const rounded = roundDecimal(value, decimals);
  return rounded === null ? '' : rounded.replace('.', ',');
}

export function formatAmount(value: number | string | null | undefined, options: AmountOptions = {}): string {
  const { decimals = 2, currency = '€' } = options;
  const n = formatNumber(value, decimals);
  if (n === '') return '';
  return currency ? `${n} ${currency}` : n;
}

/** Parses "1234,50", "1234.50" or "1234,50 €" into a '.'-decimal string (null when not a number). */
export function parseAmount(text: string): string | null {
  const clean = text.replace(/[€\s]/g, '').replace(',', '.');
  return /^[+-]?\d+(\.\d+)?$/.test(clean) ? clean : null;
}
