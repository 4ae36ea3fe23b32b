/**
 * A small XML reader for received e-invoices: elements, attributes, text, CDATA and the predefined and numeric
 * entities, into a tree addressed by local names (the UBL and CII prefixes vary between issuers). A DOCTYPE is
 * refused (an e-invoice never needs one, and entity expansion is how XML bombs work); anything that is not
 * well-formed is an `ErrorXml` with a Spanish message.
 */
export interface NodoXml {
  /** The local name, without prefix. */
  nombre: string;
  /** The namespace-declaring attributes included, as written. */
  atributos: Record<string, string>;
  hijos: NodoXml[];
  /** The element's own text (its children's text not included), trimmed. */
  texto: string;
}

export class ErrorXml extends Error {}

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodificar(v: string): string {
  return v.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (todo, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    const c = ENTIDADES[e];
    if (c === undefined) throw new ErrorXml(`El XML usa una entidad desconocida: ${todo}`);
    return c;
  });
}

const local = (nombre: string) => nombre.slice(nombre.indexOf(':') + 1);

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!([A-Za-z][^>]*)>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATRIBUTO = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The document's root element; throws `ErrorXml` when the text is not one well-formed XML document. */
export function leerXml(texto: string): NodoXml {
  const fuente = texto.replace(/^\uFEFF/, '');
  const pila: NodoXml[] = [];
  let raiz: NodoXml | null = null;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < fuente.length) {
    const desde = TOKEN.lastIndex;
    const m = TOKEN.exec(fuente);
    if (!m) throw new ErrorXml(`El fichero no es un XML bien formado (posición ${desde})`);
    const [, cdata, declaracion, cierre, apertura, atributos, vacio, textoLibre] = m;
    const actual = pila.at(-1);
    if (declaracion !== undefined) throw new ErrorXml('El XML no puede llevar declaraciones DOCTYPE ni entidades');
    if (cdata !== undefined || textoLibre !== undefined) {
      const t = cdata ?? decodificar(textoLibre!);
      if (actual) actual.texto += t;
      else if (t.trim()) throw new ErrorXml('El fichero no es un XML bien formado: hay texto fuera del elemento raíz');
    } else if (cierre !== undefined) {
      const abierto = pila.pop();
      if (!abierto || abierto.nombre !== local(cierre))
        throw new ErrorXml(`El fichero no es un XML bien formado: cierre inesperado de ${cierre}`);
      abierto.texto = abierto.texto.trim();
    } else if (apertura !== undefined) {
      const nodo: NodoXml = { nombre: local(apertura), atributos: {}, hijos: [], texto: '' };
      for (const a of (atributos ?? '').matchAll(ATRIBUTO)) nodo.atributos[a[1]!] = decodificar(a[2] ?? a[3] ?? '');
      if (actual) actual.hijos.push(nodo);
      else if (raiz) throw new ErrorXml('El fichero no es un XML bien formado: tiene más de un elemento raíz');
      else raiz = nodo;
      if (!vacio) pila.push(nodo);
    }
  }
  if (!raiz || pila.length) throw new ErrorXml('El fichero no es un XML completo');
  return raiz;
}

/** The first descendant along a path of local names ('Party/PartyLegalEntity/RegistrationName'). */
export function nodo(n: NodoXml | undefined, ruta: string): NodoXml | undefined {
  let actual = n;
  for (const paso of ruta.split('/')) actual = actual?.hijos.find((h) => h.nombre === paso);
  return actual;
}

/** Every child of `n` along the path whose last step names them ('TaxTotal/TaxSubtotal'). */
export function nodos(n: NodoXml | undefined, ruta: string): NodoXml[] {
  const pasos = ruta.split('/');
  const ultimo = pasos.pop()!;
  const padre = pasos.length ? nodo(n, pasos.join('/')) : n;
  return padre?.hijos.filter((h) => h.nombre === ultimo) ?? [];
}

/** The text at a path, or null when absent or blank. */
export function textoEn(n: NodoXml | undefined, ruta: string): string | null {
  return nodo(n, ruta)?.texto || null;
}
