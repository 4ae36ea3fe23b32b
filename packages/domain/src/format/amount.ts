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
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim().replace(',', '.');
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const negative = m[1] === '-';
  const int = m[2] || '0';
  const frac = m[3] ?? '';
  const digits = `${int}${frac.padEnd(decimals + 1, '0').slice(0, decimals + 1)}`;
  let kept = BigInt(digits.slice(0, -1) || '0');
  if (Number(digits.at(-1)) >= 5) kept += 1n;
  let s = kept.toString().padStart(decimals + 1, '0');
  s = decimals > 0 ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
  const zero = /^0+(\.0+)?$/.test(s);
  return negative && !zero ? `-${s}` : s;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
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
