import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * XSD validation of TicketBAI files (1.2.2 alta and anulación) with libxml2 as WebAssembly (`xmllint-wasm`). The
 * official schemas are read from ../shared/schemas/ticketbai beside the repository (FARO_TICKETBAI_SCHEMAS
 * overrides); their xmldsig import is pointed at the local copy in memory, so nothing is fetched.
 */
export const DIRECTORIO_ESQUEMAS_TBAI =
  process.env.FARO_TICKETBAI_SCHEMAS ??
  fileURLToPath(new URL('../../../../../shared/schemas/ticketbai/', import.meta.url));

const leer = (f: string) => readFileSync(`${DIRECTORIO_ESQUEMAS_TBAI}/${f}`, 'utf8').replace(/^\uFEFF/, '');
const local = (s: string) =>
  s.replace(
    'schemaLocation="http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd"',
    'schemaLocation="xmldsig-core-schema.xsd"',
  );

let precarga: { fileName: string; contents: string }[] | null = null;
function esquemas() {
  precarga ??= [{ fileName: 'xmldsig-core-schema.xsd', contents: leer('xmldsig-core-schema.xsd') }];
  return precarga;
}

/** The schema's error messages (empty when valid). Several files are validated in one pass (one libxml2 start). */
export async function validarTbai(xml: string | string[], clase: 'alta' | 'anulacion'): Promise<string[]> {
  const fichero = clase === 'alta' ? 'ticketbaiv1-2-2.xsd' : 'anula_ticketbaiv1-2-2.xsd';
  const lista = Array.isArray(xml) ? xml : [xml];
  const r = await validateXML({
    xml: lista.map((contents, i) => ({ fileName: `ticketbai-${i + 1}.xml`, contents })),
    schema: [{ fileName: fichero, contents: local(leer(fichero)) }],
    preload: esquemas(),
    maxMemoryPages: 1024,
  });
  return r.valid ? [] : r.errors.map((e) => `${e.loc?.fileName ?? ''} ${e.message}`.trim());
}
