/**
 * A text that starts with one of these is read as a formula by spreadsheets (OWASP "CSV injection"): `=`, `+`,
 * `-`, `@`, a tab or a carriage return.
 */
const FORMULA = /^[=+\-@\t\r]/;
/** A signed plain number (`-12.50`, `+34600000000`) is read as a number, never as a formula. */
const NUMERO = /^[+-]\d[\d.,]*$/;

/** Whether a text, put in a spreadsheet cell, would be read as a formula (what `celdaTexto` neutralises). */
export const esFormula = (texto: string) => FORMULA.test(texto) && !NUMERO.test(texto);

/**
 * The one rule for a text cell of any export (CSV, XLSX, ODS): a text that a spreadsheet would read as a formula
 * gets a leading single quote, so `=HYPERLINK(…)` arrives as the text it was typed as. XLSX and ODS already store
 * it as a string cell (never a formula) and are prefixed too, so that re-saving them as CSV stays safe. Amounts are
 * number cells and never come here.
 */
export const celdaTexto = (texto: string) => (esFormula(texto) ? `'${texto}` : texto);

/** One CSV field (`;` by default): text neutralised, then quoted when it holds the separator, a quote or a line break. */
export function celdaCsv(valor: string | number | null | undefined, separador = ';'): string {
  if (valor === null || valor === undefined) return '';
  const texto = typeof valor === 'number' ? String(valor) : celdaTexto(valor);
  return texto.includes(separador) || /["\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/** A CSV line of fields. */
export const lineaCsv = (valores: readonly (string | number | null | undefined)[], separador = ';') =>
  valores.map((v) => celdaCsv(v, separador)).join(separador);
