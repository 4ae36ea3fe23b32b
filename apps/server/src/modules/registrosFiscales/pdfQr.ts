import { codificarQr } from '@faro/domain';

/** The part of a pdfkit document this needs (pdfkit is imported lazily by the caller). */
export interface Lienzo {
  rect(x: number, y: number, w: number, h: number): Lienzo;
  fill(color: string): Lienzo;
  font(name: string): Lienzo;
  fontSize(n: number): Lienzo;
  text(t: string, x: number, y: number, o?: Record<string, unknown>): Lienzo;
}

/** Where the invoice PDF leaves room for the QR: 100 pt wide at the top right. */
export interface CajaQr {
  x: number;
  y: number;
  ancho: number;
}
export const CAJA_QR: CajaQr = { x: 455, y: 40, ancho: 100 };

/** What a channel prints around its symbol: a line above (its size and how far it spills over the box) and below. */
export interface TextosQr {
  superior: { texto: string; tamano: number; desborde: number; alto: number; sinSaltos?: boolean };
  inferior: string;
}

const MM = 72 / 25.4;

/**
 * A fiscal channel's QR in the box the invoice PDF leaves free: the channel's line above, the symbol 30.5 mm wide
 * (AEAT and TicketBAI both ask for 30–40 mm, level M), the channel's legend below, at least 2 mm from the symbol.
 */
export function dibujarQr(doc: Lienzo, url: string, caja: CajaQr, textos: TextosQr): void {
  const { modulos } = codificarQr(url);
  const lado = 30.5 * MM;
  const modulo = lado / modulos.length;
  const x0 = caja.x + (caja.ancho - lado) / 2;
  const y0 = caja.y + 8;
  const { texto, tamano, desborde, alto, sinSaltos } = textos.superior;
  const opciones = { width: caja.ancho + 2 * desborde, align: 'center', ...(sinSaltos ? { lineBreak: false } : {}) };
  doc
    .font('Helvetica')
    .fontSize(tamano)
    .text(texto, caja.x - desborde, caja.y - alto, opciones);
  modulos.forEach((fila, y) => {
    fila.forEach((oscuro, x) => {
      if (oscuro) doc.rect(x0 + x * modulo, y0 + y * modulo, modulo + 0.01, modulo + 0.01);
    });
  });
  doc.fill('#000000');
  doc
    .font('Helvetica-Bold')
    .fontSize(7)
    .text(textos.inferior, caja.x, y0 + lado + 2 * MM, { width: caja.ancho, align: 'center' });
  doc.font('Helvetica').fontSize(9);
}
