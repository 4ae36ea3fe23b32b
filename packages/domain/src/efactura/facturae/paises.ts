import ALFA3 from './paises.json' with { type: 'json' };

/**
 * ISO 3166-1 alpha-2 → alpha-3 for every country Facturae 3.2.2's `CountryType` lists (`paises.json`: its own
 * enumeration, so ANT and ZAR are there and newer codes are not).
 */
const CODIGOS = new Map(Object.entries(ALFA3));

/** The Facturae country code of an ISO alpha-2 code (Greece's VAT prefix EL too), or null when Facturae has none. */
export function paisFacturae(alfa2: string): string | null {
  const c = alfa2.trim().toUpperCase();
  return CODIGOS.get(c === 'EL' ? 'GR' : c) ?? null;
}
