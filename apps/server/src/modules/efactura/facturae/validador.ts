import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * Facturae 3.2.2's official schema (`xsd/Facturaev3_2_2.xsd`, facturae.gob.es's Facturaev3_2_2.xml kept as a
 * fixture, with the W3C xmldsig schema it imports) through libxml2 as WebAssembly: the signed file's ds:Signature
 * is checked against xmldsig too. The import's http location is pointed at the local copy, so nothing is fetched.
 */
const DIRECTORIO = fileURLToPath(new URL('./xsd/', import.meta.url));
const leer = (f: string) => readFileSync(`${DIRECTORIO}${f}`, 'utf8').replace(/^\uFEFF/, '');

let esquemas: { principal: string; xmldsig: string } | null = null;
function cargar() {
  esquemas ??= {
    principal: leer('Facturaev3_2_2.xsd').replace(
      'schemaLocation="http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd"',
      'schemaLocation="xmldsig-core-schema.xsd"',
    ),
    xmldsig: leer('xmldsig-core-schema.xsd'),
  };
  return esquemas;
}

/** The schema's error messages (empty when every file is valid); several files go through one libxml2 start. */
export async function validarXsdFacturae(xml: string | readonly string[]): Promise<string[]> {
  const { principal, xmldsig } = cargar();
  const lista = typeof xml === 'string' ? [xml] : xml;
  const r = await validateXML({
    xml: lista.map((contents, i) => ({ fileName: `facturae-${i + 1}.xml`, contents })),
    schema: [{ fileName: 'Facturaev3_2_2.xsd', contents: principal }],
    preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: xmldsig }],
    maxMemoryPages: 1024,
  });
  return r.valid ? [] : r.errors.map((e) => `${e.loc?.fileName ?? ''} ${e.message}`.trim());
}
