import { textoPlano } from '@faro/domain';
import { documentoPdf } from '../export/documentoPdf.ts';

export interface Evidencias {
  Firmante: string;
  Email: string;
  Firmado: Date;
  Ip: string;
  AgenteUsuario: string;
  /** SHA-256 of the contract's text as signed. */
  HuellaTexto: string;
  Referencia: string;
  /** The signature drawn on screen (PNG), if any. */
  Trazo?: Buffer | null;
}

/**
 * A contract as PDF (A4, Helvetica): its title, the filled text, and, once signed, the evidence sheet (who, when in
 * UTC, from which IP and browser, the e-mail the one-time code went to, the text's SHA-256). pdfkit is loaded lazily.
 */
export async function contratoPdf(o: {
  titulo: string;
  html: string;
  marca?: string;
  evidencias?: Evidencias;
  soloEvidencias?: boolean;
}): Promise<Buffer> {
  const { doc, terminar } = await documentoPdf({ Title: o.titulo, Author: 'Faro' });
  if (o.marca) doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555').text(o.marca, { align: 'right' });
  if (!o.soloEvidencias) {
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(15).text(o.titulo, { align: 'center' }).moveDown();
    doc.font('Helvetica').fontSize(10);
    for (const p of textoPlano(o.html)) doc.text(p, { align: 'justify' }).moveDown(0.5);
  }
  if (o.evidencias) {
    const e = o.evidencias;
    if (!o.soloEvidencias) doc.addPage();
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14).text('Hoja de evidencias de la firma').moveDown();
    doc.font('Helvetica').fontSize(10);
    const fila = (k: string, v: string) => {
      doc.font('Helvetica-Bold').text(`${k}: `, { continued: true }).font('Helvetica').text(v);
    };
    fila('Contrato', o.titulo);
    fila('Referencia', e.Referencia);
    fila('Firmante (nombre escrito)', e.Firmante);
    fila('Código de un solo uso enviado a', e.Email);
    fila('Fecha y hora (UTC)', e.Firmado.toISOString());
    fila('Dirección IP', e.Ip);
    fila('Navegador', e.AgenteUsuario.slice(0, 300));
    fila('Huella SHA-256 del texto firmado', e.HuellaTexto);
    if (e.Trazo) {
      doc.moveDown(0.5).font('Helvetica-Bold').text('Firma dibujada en pantalla:');
      const y = doc.y + 4;
      doc.image(e.Trazo, doc.page.margins.left, y, { fit: [240, 90] });
      doc.rect(doc.page.margins.left, y, 240, 90).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.text('', doc.page.margins.left, y + 96);
    }
    doc.moveDown().fontSize(8).fillColor('#444444');
    doc.text(
      'El firmante se identificó con el código de un solo uso enviado a su correo electrónico y escribió su nombre ' +
        `como firma${e.Trazo ? ', además de dibujarla en la pantalla' : ''}. La huella SHA-256 de este documento PDF ` +
        'se guarda con el contrato y permite comprobar que no se ha modificado.',
    );
  }
  return terminar();
}
