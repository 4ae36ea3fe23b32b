import { codificarQr, IMPRESION_QR } from '@faro/domain';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { urlQrFactura } from './registros.ts';

/** The part of a pdfkit document this needs (pdfkit is imported lazily by the caller). */
interface Lienzo {
  rect(x: number, y: number, w: number, h: number): Lienzo;
  fill(color: string): Lienzo;
  stroke(color: string): Lienzo;
  font(name: string): Lienzo;
  fontSize(n: number): Lienzo;
  text(t: string, x: number, y: number, o?: Record<string, unknown>): Lienzo;
}

const MM = 72 / 25.4;

/**
 * The VeriFactu QR of an issued invoice in the box the invoice PDF leaves free (x, y, 100 × 100 pt at the top
 * right): "QR tributario:" above, the symbol 30.5 mm wide (AEAT: 30–40 mm, level M), "VERI*FACTU" below, each
 * at least 2 mm from the symbol. Returns false when the invoice has no record (draft, not a VeriFactu company).
 */
export async function dibujarQrVerifactu(
  doc: Lienzo,
  s: Scope,
  idDocumento: number,
  caja = { x: 455, y: 40, ancho: 100 },
): Promise<boolean> {
  const url = await urlQrFactura(s, idDocumento);
  if (!url) return false;
  const { modulos } = codificarQr(url);
  const lado = 30.5 * MM;
  const modulo = lado / modulos.length;
  const x0 = caja.x + (caja.ancho - lado) / 2;
  const y0 = caja.y + 8;
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(IMPRESION_QR.leyendaSuperior, caja.x, caja.y - 6, { width: caja.ancho, align: 'center' });
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) doc.rect(x0 + x * modulo, y0 + y * modulo, modulo + 0.01, modulo + 0.01);
    });
  });
  doc.fill('#000000');
  doc
    .font('Helvetica-Bold')
    .fontSize(7)
    .text(IMPRESION_QR.leyendaInferior, caja.x, y0 + lado + 2 * MM, { width: caja.ancho, align: 'center' });
  doc.font('Helvetica').fontSize(9);
  return true;
}
