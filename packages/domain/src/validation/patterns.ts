/** The spec's text patterns (section 5). */
export const PATTERNS = {
  /** Password strength: a lower-case letter, an upper-case letter and a digit. */
  password: /^(?=.*[a-zñ])(?=.*[A-ZÑ])(?=.*\d).*$/,
  /** Code-like text: digits, letters, dash, underscore, dot, at sign. */
  codigo: /^[0-9A-Za-zÑñ_.@-]*$/,
  digitos: /^\d*$/,
  alfanumerico: /^[0-9A-Za-zÑñ]*$/,
  /** Upper-case code alphabet without I, O, Ñ, U, W; allows dash, underscore and slash. */
  codigoRestringido: /^[0-9A-HJ-NP-TVXYZ_/-]*$/,
  /** Same alphabet, only underscore. */
  codigoRestringidoSimple: /^[0-9A-HJ-NP-TVXYZ_]*$/,
  /** A time of day HH:MM (24 h), or empty. */
  hora: /^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
} as const;

export const PASSWORD_RULES = { min: 8, max: 50 } as const;

/** A real calendar day 'yyyy-mm-dd' PostgreSQL can store (its calendar has no year 0). */
export function isIsoDate(value: string): boolean {
  if (!PATTERNS.date.test(value) || value.startsWith('0000')) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
