/** A minimal XML writer: element trees with escaped text, serialised with two-space indentation. */

// XML 1.0 allows tab, LF, CR and everything from U+0020 except the surrogate block and U+FFFE/U+FFFF.
const NO_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function escaparXml(valor: string): string {
  if (NO_XML.test(valor)) throw new Error(`Carácter no representable en XML en "${valor}"`);
  return valor
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An element: a name with either a text value or child elements; attributes only for namespace declarations. */
export interface Elemento {
  nombre: string;
  atributos?: Record<string, string>;
  valor?: string;
  hijos?: Elemento[];
}

type Hijo = Elemento | undefined | null | false;

/** A leaf element, or nothing when the value is absent. */
export function hoja(nombre: string, valor: string | undefined | null): Elemento | undefined {
  return valor === undefined || valor === null ? undefined : { nombre, valor };
}

/** An element with children, or nothing when every child is absent. */
export function rama(nombre: string, hijos: Hijo[], atributos?: Record<string, string>): Elemento | undefined {
  const presentes = hijos.filter((h): h is Elemento => !!h);
  return presentes.length ? { nombre, hijos: presentes, ...(atributos ? { atributos } : {}) } : undefined;
}

export function serializar(e: Elemento, nivel = 0): string {
  const sangria = '  '.repeat(nivel);
  const atributos = Object.entries(e.atributos ?? {})
    .map(([k, v]) => ` ${k}="${escaparXml(v)}"`)
    .join('');
  if (e.hijos?.length) {
    const dentro = e.hijos.map((h) => serializar(h, nivel + 1)).join('\n');
    return `${sangria}<${e.nombre}${atributos}>\n${dentro}\n${sangria}</${e.nombre}>`;
  }
  if (e.valor === undefined || e.valor === '') return `${sangria}<${e.nombre}${atributos}/>`;
  return `${sangria}<${e.nombre}${atributos}>${escaparXml(e.valor)}</${e.nombre}>`;
}
