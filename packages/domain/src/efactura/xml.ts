/**
 * The few XML pieces the e-invoice writers need, as strings: a leaf with escaped text and attributes, a group
 * that disappears when all its children are absent. Characters XML 1.0 cannot carry are dropped (the input guard
 * already refuses control characters, so this only protects against old rows).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids
const NO_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escaparTexto(v: string): string {
  return v
    .replace(NO_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export type Pieza = string | false | null | undefined;

/** `<nombre a="…">texto</nombre>`, or '' when the text is absent or blank. */
export function hojaXml(nombre: string, texto: string | null | undefined, atributos?: Record<string, string>): string {
  if (texto === null || texto === undefined || texto.trim() === '') return '';
  const a = Object.entries(atributos ?? {})
    .map(([k, v]) => ` ${k}="${escaparTexto(v)}"`)
    .join('');
  return `<${nombre}${a}>${escaparTexto(texto)}</${nombre}>`;
}

/** `<nombre>…children…</nombre>`, or '' when every child is absent. */
export function grupoXml(nombre: string, ...hijos: Pieza[]): string {
  const dentro = hijos.filter((h): h is string => !!h).join('');
  return dentro ? `<${nombre}>${dentro}</${nombre}>` : '';
}
