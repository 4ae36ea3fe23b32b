/** IBAN (ISO 13616, mod 97) with the Spanish CCC control digits on top (compliance-es §6.3). */
const IBAN_LENGTHS: Record<string, number> = {
  ES: 24,
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function mod97(numeric: string): number {
  let rest = 0;
  for (let i = 0; i < numeric.length; i += 7) rest = Number(String(rest) + numeric.slice(i, i + 7)) % 97;
  return rest;
}

function toNumeric(s: string): string {
  return s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
}

export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined && iban.length !== expected) return false;
  if (mod97(toNumeric(iban.slice(4) + iban.slice(0, 4))) !== 1) return false;
  return country !== 'ES' || isValidCcc(iban.slice(4));
}

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
function cccDigit(ten: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(ten[i]) * (CCC_WEIGHTS[i] as number);
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** The two CCC control digits of entidad(4) + oficina(4) and of cuenta(10). */
const controlCcc = (entidadOficina: string, cuenta: string) => `${cccDigit(`00${entidadOficina}`)}${cccDigit(cuenta)}`;

/** The 20-digit Spanish CCC: entidad(4) oficina(4) DC(2) cuenta(10). */
export function isValidCcc(ccc: string): boolean {
  if (!/^\d{20}$/.test(ccc)) return false;
  return controlCcc(ccc.slice(0, 8), ccc.slice(10)) === ccc.slice(8, 10);
}

/** Builds the Spanish IBAN for a CCC (demo data, imports of old account numbers). */
export function ibanFromCcc(ccc: string): string {
  const check = 98 - mod97(toNumeric(`${ccc}ES00`));
  return `ES${String(check).padStart(2, '0')}${ccc}`;
}

/** The Spanish IBAN of entidad (4 digits), oficina (4) and cuenta (10), with both CCC control digits. */
export function ibanDeCuenta(entidad: string, oficina: string, cuenta: string): string {
  return ibanFromCcc(`${entidad}${oficina}${controlCcc(`${entidad}${oficina}`, cuenta)}${cuenta}`);
}
