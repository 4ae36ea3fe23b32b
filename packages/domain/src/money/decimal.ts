/**
 * Exact decimal arithmetic for money: a value is an integer number of units at a scale (1234.50 = 123450 at
 * scale 2). No binary floating point ever touches an amount; rounding is half away from zero, as Spanish
 * invoicing practice and the AEAT expect.
 */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/** Parses '1234.5', '1234,5', '-0.005', 7 or 12n exactly; throws on anything else. */
export function dec(value: string | number | bigint | Dec): Dec {
  if (typeof value === 'object') return value;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  const text = typeof value === 'number' ? plain(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) throw new Error(`Importe no válido: ${String(value)}`);
  const [, sign, whole = '', fraction = ''] = m;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

export function isDecimalText(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  const m = DECIMAL.exec(value.trim());
  return !!m && !!(m[2] || m[3]);
}

function plain(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Importe no válido: ${n}`);
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : s;
}

const pow10 = (n: number) => 10n ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function mul(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function neg(a: Dec): Dec {
  return { units: -a.units, scale: a.scale };
}

export function sum(values: Dec[]): Dec {
  return values.reduce(add, ZERO);
}

/** Divides by 10^n exactly (a percentage is `shift(x, 2)`). */
export function shift(a: Dec, n: number): Dec {
  return { units: a.units, scale: a.scale + n };
}

/** Rounds half away from zero to `scale` decimals. */
export function round(a: Dec, scale: number): Dec {
  if (a.scale <= scale) return { units: a.units * pow10(scale - a.scale), scale };
  const divisor = pow10(a.scale - scale);
  const negative = a.units < 0n;
  const abs = negative ? -a.units : a.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale };
}

export function compare(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(a: Dec): boolean {
  return a.units === 0n;
}

/** '1234.50' at the given scale (rounded), '-0.00' never: zero has no sign. */
export function toFixed(a: Dec, scale = a.scale): string {
  const r = round(a, scale);
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

export function toNumber(a: Dec): number {
  return Number(toFixed(a));
}

export const ZERO: Dec = { units: 0n, scale: 0 };
