/**
 * A small, strict XML reader for the AEAT's SOAP messages (responses in the client, requests in the simulator).
 * Namespace-aware (each element knows its namespace URI and local name), entity-decoding, CDATA-aware. DOCTYPE
 * declarations are refused outright: no external entities, no entity expansion attacks.
 */

export interface NodoXml {
  /** Qualified name as written ('tikR:EstadoEnvio'). */
  nombre: string;
  /** Local name ('EstadoEnvio'). */
  local: string;
  /** Namespace URI ('' when none). */
  ns: string;
  atributos: Record<string, string>;
  hijos: NodoXml[];
  /** The element's own text (its direct text and CDATA children, concatenated, untrimmed). */
  texto: string;
}

export class XmlMalFormado extends Error {
  constructor(mensaje: string, posicion: number) {
    super(`XML mal formado (posición ${posicion}): ${mensaje}`);
    this.name = 'XmlMalFormado';
  }
}

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodificar(texto: string, posicion: number): string {
  return texto.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);|&/g, (entera, ref: string | undefined) => {
    if (!ref) throw new XmlMalFormado('"&" sin escapar', posicion);
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    const valor = ENTIDADES[ref];
    if (valor === undefined) throw new XmlMalFormado(`entidad desconocida ${entera}`, posicion);
    return valor;
  });
}

// Sticky expressions read at a position without copying the rest of the document.
const NOMBRE = /[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/y;
const ATRIBUTO = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;

/** Parses a whole document and returns its root element. */
export function leerXml(xml: string): NodoXml {
  let i = 0;
  const pila: { nodo: NodoXml; espacios: Map<string, string> }[] = [];
  let raiz: NodoXml | null = null;
  const texto = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;

  const resolver = (prefijo: string, espacios: Map<string, string>, pos: number) => {
    const uri = espacios.get(prefijo);
    if (uri === undefined && prefijo !== '')
      throw new XmlMalFormado(`prefijo de espacio de nombres no declarado "${prefijo}"`, pos);
    return uri ?? '';
  };

  while (i < texto.length) {
    const lt = texto.indexOf('<', i);
    const trozo = lt === -1 ? texto.slice(i) : texto.slice(i, lt);
    if (trozo.length) {
      const actual = pila.at(-1);
      if (actual) actual.nodo.texto += decodificar(trozo, i);
      else if (trozo.trim()) throw new XmlMalFormado('texto fuera del elemento raíz', i);
    }
    if (lt === -1) break;
    i = lt;
    if (texto.startsWith('<?', i)) {
      const fin = texto.indexOf('?>', i);
      if (fin === -1) throw new XmlMalFormado('instrucción de proceso sin cerrar', i);
      i = fin + 2;
    } else if (texto.startsWith('<!--', i)) {
      const fin = texto.indexOf('-->', i);
      if (fin === -1) throw new XmlMalFormado('comentario sin cerrar', i);
      i = fin + 3;
    } else if (texto.startsWith('<![CDATA[', i)) {
      const fin = texto.indexOf(']]>', i);
      const actual = pila.at(-1);
      if (fin === -1 || !actual) throw new XmlMalFormado('CDATA fuera de lugar', i);
      actual.nodo.texto += texto.slice(i + 9, fin);
      i = fin + 3;
    } else if (texto.startsWith('<!', i)) {
      throw new XmlMalFormado('no se admiten declaraciones DOCTYPE', i);
    } else if (texto.startsWith('</', i)) {
      const fin = texto.indexOf('>', i);
      const nombre = texto.slice(i + 2, fin).trim();
      const abierto = pila.pop();
      if (!abierto || abierto.nodo.nombre !== nombre) throw new XmlMalFormado(`cierre inesperado </${nombre}>`, i);
      i = fin + 1;
    } else {
      NOMBRE.lastIndex = i + 1;
      const m = NOMBRE.exec(texto);
      if (!m) throw new XmlMalFormado('nombre de elemento no válido', i);
      const nombre = m[0];
      let j = i + 1 + nombre.length;
      const crudos: [string, string][] = [];
      for (;;) {
        ATRIBUTO.lastIndex = j;
        const a = ATRIBUTO.exec(texto);
        if (!a) break;
        crudos.push([a[1]!, decodificar(a[3] ?? a[4] ?? '', j)]);
        j += a[0].length;
      }
      while (/\s/.test(texto[j] ?? '')) j++;
      const autocierre = texto.startsWith('/>', j);
      if (!autocierre && texto[j] !== '>') throw new XmlMalFormado(`etiqueta <${nombre}> mal formada`, j);
      i = j + (autocierre ? 2 : 1);

      const padre = pila.at(-1);
      const espacios = new Map(padre?.espacios ?? [['xml', 'http://www.w3.org/XML/1998/namespace']]);
      const atributos: Record<string, string> = {};
      for (const [k, v] of crudos) {
        if (k === 'xmlns') espacios.set('', v);
        else if (k.startsWith('xmlns:')) espacios.set(k.slice(6), v);
        else atributos[k] = v;
      }
      const dos = nombre.indexOf(':');
      const prefijo = dos === -1 ? '' : nombre.slice(0, dos);
      const nodo: NodoXml = {
        nombre,
        local: dos === -1 ? nombre : nombre.slice(dos + 1),
        ns: resolver(prefijo, espacios, i),
        atributos,
        hijos: [],
        texto: '',
      };
      if (padre) padre.nodo.hijos.push(nodo);
      else if (raiz) throw new XmlMalFormado('más de un elemento raíz', i);
      else raiz = nodo;
      if (!autocierre) pila.push({ nodo, espacios });
    }
  }
  if (pila.length) throw new XmlMalFormado(`elemento <${pila.at(-1)!.nodo.nombre}> sin cerrar`, texto.length);
  if (!raiz) throw new XmlMalFormado('documento vacío', 0);
  return raiz;
}

/** The first child element with this local name (any namespace). */
export function hijo(nodo: NodoXml | undefined, local: string): NodoXml | undefined {
  return nodo?.hijos.find((h) => h.local === local);
}

export function hijos(nodo: NodoXml | undefined, local: string): NodoXml[] {
  return nodo?.hijos.filter((h) => h.local === local) ?? [];
}

/** The trimmed text of a child by local-name path ('IDFactura', 'NumSerieFactura'); undefined when absent. */
export function textoDe(nodo: NodoXml | undefined, ...ruta: string[]): string | undefined {
  let actual = nodo;
  for (const paso of ruta) actual = hijo(actual, paso);
  return actual ? actual.texto.trim() : undefined;
}

/** SOAP 1.1 envelope namespace. */
export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The first element inside soapenv:Body of an envelope. Throws when the document is not a SOAP envelope. */
export function contenidoBody(xml: string): NodoXml {
  const sobre = leerXml(xml);
  if (sobre.local !== 'Envelope' || sobre.ns !== NS_SOAP) throw new XmlMalFormado('no es un sobre SOAP 1.1', 0);
  const cuerpo = hijos(sobre, 'Body').find((b) => b.ns === NS_SOAP);
  const primero = cuerpo?.hijos[0];
  if (!primero) throw new XmlMalFormado('el sobre SOAP no tiene contenido en Body', 0);
  return primero;
}
