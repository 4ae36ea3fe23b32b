import { IMPRESION_QR } from '@faro/domain';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { CAJA_QR, dibujarQr, type Lienzo } from '../../registrosFiscales/pdfQr.ts';
import { urlQrFactura } from './registros.ts';

/**
 * The VeriFactu QR of an issued invoice in the box the invoice PDF leaves free: "QR tributario:" above,
 * "VERI*FACTU" below. Returns false when the invoice has no record (draft, not a VeriFactu company).
 */
export async function dibujarQrVerifactu(doc: Lienzo, s: Scope, idDocumento: number, caja = CAJA_QR): Promise<boolean> {
  const url = await urlQrFactura(s, idDocumento);
  if (!url) return false;
  dibujarQr(doc, url, caja, {
    superior: { texto: IMPRESION_QR.leyendaSuperior, tamano: 7, desborde: 0, alto: 6 },
    inferior: IMPRESION_QR.leyendaInferior,
  });
  return true;
}
