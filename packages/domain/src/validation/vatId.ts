import { checkTaxId } from './taxId.ts';

/**
 * EU VAT identification numbers (NIF-IVA) by country prefix, format only (the VIES census check needs the
 * network). Greece uses EL; XI is Northern Ireland. A Spanish one (ES…) also passes the NIF/CIF control check.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export const VAT_COUNTRIES = Object.keys(FORMATS);

export type VatIdCheck = { ok: true; country: string } | { ok: false; reason: 'formato' | 'letra' };

export function checkVatId(raw: string): VatIdCheck {
  const value = raw.replace(/[\s.-]/g, '').toUpperCase();
  const country = value.slice(0, 2);
  const format = FORMATS[country];
  const rest = value.slice(2);
  if (!format?.test(rest)) return { ok: false, reason: 'formato' };
  if (country === 'ES') {
    const spanish = checkTaxId(rest);
    if (!spanish.ok) return { ok: false, reason: spanish.reason };
  }
  return { ok: true, country };
}
