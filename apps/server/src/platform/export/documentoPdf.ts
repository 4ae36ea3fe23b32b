/**
 * An A4 printout being written (pdfkit, loaded on first use): `doc` to draw on; `terminar()` ends it and gives its
 * bytes. Every printable of the server (invoices, mandates, cash counts, exam sheets, report cards, contracts) starts
 * here.
 */
export async function documentoPdf(info: PDFKit.DocumentInfo & { Title: string }, margen = 50) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: margen, info });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(partes))));
  return {
    doc,
    terminar: () => {
      doc.end();
      return fin;
    },
  };
}

/** The company's name (bold, at `tamano` points) and its NIF (9 pt) heading a printout. */
export function cabeceraEmpresa(
  doc: PDFKit.PDFDocument,
  emp: { nombre: string | null; nif: string | null } | undefined,
  tamano: number,
) {
  doc
    .font('Helvetica-Bold')
    .fontSize(tamano)
    .text(emp?.nombre ?? '');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`NIF ${emp?.nif ?? ''}`);
}
