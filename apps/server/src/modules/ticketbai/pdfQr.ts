import { LEYENDA_TBAI } from '@faro/domain';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { CAJA_QR, dibujarQr, type Lienzo } from '../registrosFiscales/pdfQr.ts';
import { qrTbaiFactura } from './emision.ts';

/**
 * The TicketBAI QR of an issued invoice in the box the invoice PDF leaves free (like VeriFactu's): the TBAI
 * identifier on one line above the symbol (TBAI-SPEC §4), the "TicketBAI" legend below. Returns false when the
 * invoice has no TicketBAI file.
 */
export async function dibujarQrTicketBai(doc: Lienzo, s: Scope, idDocumento: number, caja = CAJA_QR): Promise<boolean> {
  const qr = await qrTbaiFactura(s, idDocumento);
  if (!qr) return false;
  dibujarQr(doc, qr.url, caja, {
    superior: { texto: qr.identificador, tamano: 4.6, desborde: 10, alto: 5, sinSaltos: true },
    inferior: LEYENDA_TBAI,
  });
  return true;
}
