import { codificarQr, LEYENDA_TBAI } from '@faro/domain';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { qrTbaiFactura } from './emision.ts';

/** The part of a pdfkit document this needs. */
interface Lienzo {
  rect(x: number, y: number, w: number, h: number): Lienzo;
  fill(color: string): Lienzo;
  font(name: string): Lienzo;
  fontSize(n: number): Lienzo;
  text(t: string, x: number, y: number, o?: Record<string, unknown>): Lienzo;
}

const MM = 72 / 25.4;

/**
 * The TicketBAI QR of an issued invoice in the box the invoice PDF leaves free (like VeriFactu's): the TBAI
 * identifier on one line above the symbol (TBAI-SPEC §4), the symbol 30.5 mm wide (30–40 mm, level M), the
 * "TicketBAI" legend below. Returns false when the invoice has no TicketBAI file.
 */
export async function dibujarQrTicketBai(
  doc: Lienzo,
  s: Scope,
  idDocumento: number,
  caja = { x: 455, y: 40, ancho: 100 },
): Promise<boolean> {
  const qr = await qrTbaiFactura(s, idDocumento);
  if (!qr) return false;
  const { modulos } = codificarQr(qr.url);
  const lado = 30.5 * MM;
  const modulo = lado / modulos.length;
  const x0 = caja.x + (caja.ancho - lado) / 2;
  const y0 = caja.y + 8;
  doc
    .font('Helvetica')
    .fontSize(4.6)
    .text(qr.identificador, caja.x - 10, caja.y - 5, { width: caja.ancho + 20, align: 'center', lineBreak: false });
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) doc.rect(x0 + x * modulo, y0 + y * modulo, modulo + 0.01, modulo + 0.01);
    });
  });
  doc.fill('#000000');
  doc
    .font('Helvetica-Bold')
    .fontSize(7)
    .text(LEYENDA_TBAI, caja.x, y0 + lado + 2 * MM, { width: caja.ancho, align: 'center' });
  doc.font('Helvetica').fontSize(9);
  return true;
}
