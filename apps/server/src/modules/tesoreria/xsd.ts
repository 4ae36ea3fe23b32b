import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * XSD validation of the SEPA files Faro writes (and the pain.002 reports it reads) with libxml2 compiled to
 * WebAssembly (`xmllint-wasm`, imported on first use: it is heavy and only these routes need it). The official
 * schemas live in apps/server/schemas/sepa (copied from ../shared/schemas/sepa), found from the sources
 * (src/modules/tesoreria) and from the bundle (dist/main.mjs).
 */
export type EsquemaSepaXsd = 'pain.008.001.02' | 'pain.008.001.08' | 'pain.001.001.03' | 'pain.002.001.03';

const DIRECTORIO = [
  process.env.FARO_SEPA_SCHEMAS,
  fileURLToPath(new URL('../../../schemas/sepa/', import.meta.url)),
  fileURLToPath(new URL('../schemas/sepa/', import.meta.url)),
].find((d): d is string => !!d && existsSync(`${d}/pain.008.001.02.xsd`));

const cache = new Map<string, string>();
function esquema(nombre: EsquemaSepaXsd): string {
  if (!DIRECTORIO) throw new Error('No se encuentran los esquemas SEPA (apps/server/schemas/sepa)');
  let s = cache.get(nombre);
  if (!s) {
    s = readFileSync(`${DIRECTORIO}/${nombre}.xsd`, 'utf8');
    cache.set(nombre, s);
  }
  return s;
}

/** One schema fault in Spanish: where (line, element) and what, without libxml2's English text. */
export interface ErrorXsd {
  linea: number | null;
  mensaje: string;
}

function enEspanol(e: { message: string; loc: null | { lineNumber: number } }): ErrorXsd {
  const elemento = /Element '(?:\{[^}]*\})?([^']+)'/.exec(e.message)?.[1];
  const m = e.message;
  const que = /Missing child/.test(m)
    ? 'faltan elementos obligatorios'
    : /not expected/.test(m)
      ? 'elemento no esperado'
      : /not a valid value|pattern|facet|length/.test(m)
        ? 'valor no válido'
        : /parser error|Start tag|Document is empty|Extra content|Premature end/i.test(m)
          ? 'el XML está mal formado'
          : 'no cumple el esquema';
  const linea = e.loc?.lineNumber ?? null;
  return {
    linea,
    mensaje: [linea ? `línea ${linea}` : null, elemento ? `elemento ${elemento}` : null, que]
      .filter(Boolean)
      .join(', '),
  };
}

/** The schema's faults (in Spanish, with the line of the file), or [] when the file is valid. */
export async function validarXsd(xml: string, nombre: EsquemaSepaXsd): Promise<ErrorXsd[]> {
  const { validateXML } = await import('xmllint-wasm');
  const r = await validateXML({
    xml: [{ fileName: 'fichero.xml', contents: xml }],
    schema: [{ fileName: `${nombre}.xsd`, contents: esquema(nombre) }],
    maxMemoryPages: 4096,
  });
  return r.valid ? [] : r.errors.map(enEspanol);
}
