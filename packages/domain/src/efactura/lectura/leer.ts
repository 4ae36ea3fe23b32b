import { leerCii } from './cii.ts';
import { leerFacturae } from './facturae.ts';
import { ErrorFormato, type FacturaLeida, MSG_LECTURA } from './modelo.ts';
import { leerUbl } from './ubl.ts';
import { ErrorXml, leerXml, type NodoXml } from './xml.ts';

/** The reader of each root element a structured e-invoice starts with. */
const LECTORES: ReadonlyMap<string, (raiz: NodoXml) => FacturaLeida> = new Map([
  ['Invoice', leerUbl],
  ['CreditNote', leerUbl],
  ['CrossIndustryInvoice', leerCii],
  ['Facturae', leerFacturae],
]);

/**
 * Reads an e-invoice file (bytes or text): UBL 2.1 / 2.5, CII (D16B) or Facturae 3.2.x into one model. Throws
 * `ErrorFormato` (Spanish) when it is none of them or lacks what a draft received invoice needs.
 */
export function leerFacturaElectronica(entrada: string | Uint8Array): FacturaLeida {
  const texto = typeof entrada === 'string' ? entrada : new TextDecoder('utf-8', { fatal: false }).decode(entrada);
  if (
    !texto
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('<')
  )
    throw new ErrorFormato(MSG_LECTURA.noXml);
  let raiz: NodoXml;
  try {
    raiz = leerXml(texto);
  } catch (e) {
    throw new ErrorFormato(e instanceof ErrorXml ? e.message : MSG_LECTURA.noXml);
  }
  const lector = LECTORES.get(raiz.nombre);
  if (!lector) throw new ErrorFormato(MSG_LECTURA.desconocido(raiz.nombre));
  return lector(raiz);
}
