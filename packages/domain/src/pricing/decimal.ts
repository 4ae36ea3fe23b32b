/**
 * Exact decimal arithmetic on strings for prices, quantities and discounts (money never goes through binary
 * floating point). Values are held as BigInt units of 10^-SCALE.
 */
const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

export function toUnits(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? value.toFixed(SCALE) : value.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) throw new Error(`No es un número: ${value}`);
  const units = BigInt(`${m[2] || '0'}${(m[3] ?? '').padEnd(SCALE, '0').slice(0, SCALE)}`);
  return m[1] === '-' ? -units : units;
}

/** Units back to a string with `scale` decimals, rounding half away from zero. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  let abs = negative ? -units : units;
  const drop = 10n ** BigInt(SCALE - scale);
  abs = (abs + drop / 2n) / drop;
  let digits = abs.toString().padStart(scale + 1, '0');
  digits = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative && abs !== 0n ? `-${digits}` : digits;
}

export const addDec = (a: string, b: string, scale: number) => fromUnits(toUnits(a) + toUnits(b), scale);
export const subDec = (a: string, b: string, scale: number) => fromUnits(toUnits(a) - toUnits(b), scale);
export const compareDec = (a: string, b: string) => {
  const d = toUnits(a) - toUnits(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/** a × (100 − pct) / 100, at `scale` decimals. */
export function applyDiscount(amount: string, pct: string, scale: number): string {
  return fromUnits((toUnits(amount) * (100n * ONE - toUnits(pct))) / (100n * ONE), scale);
}
