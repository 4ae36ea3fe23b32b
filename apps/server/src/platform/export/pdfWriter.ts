import type { Writable } from 'node:stream';
import { type Cell, type Column, cellText } from './cells.ts';
import { drained, type SheetWriter } from './writers.ts';

const MARGIN = 28;
const FONT_SIZE = 7.5;
const ROW = 12;

/**
 * A printable list (A4 landscape, Helvetica) with pdfkit: pages are written out as they fill, the header row is
 * repeated on each page, long texts are cut to their column.
 */
export function pdfWriter(): SheetWriter {
  let doc: PDFKit.PDFDocument;
  let out: Writable;
  let columns: Column[];
  let widths: number[];
  let y = 0;
  let page = 0;
  let title = '';
  let finished: Promise<void>;

  const clip = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${text.slice(0, lo)}…`;
  };

  const line = (texts: string[], numeric: boolean[]) => {
    let x = MARGIN;
    texts.forEach((t, i) => {
      const w = widths[i] as number;
      const s = clip(t, w - 4);
      const dx = numeric[i] ? w - 2 - doc.widthOfString(s) : 2;
      doc.text(s, x + dx, y, { lineBreak: false });
      x += w;
    });
    y += ROW;
  };

  const header = () => {
    page += 1;
    y = MARGIN;
    doc.font('Helvetica-Bold').fontSize(11).text(title, MARGIN, y, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .text(`Página ${page}`, doc.page.width - MARGIN - 60, y + 2, { width: 60, align: 'right', lineBreak: false });
    y += 20;
    doc.font('Helvetica-Bold');
    line(
      columns.map((c) => c.label),
      columns.map(() => false),
    );
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(doc.page.width - MARGIN, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica');
  };

  return {
    contentType: 'application/pdf',
    extension: 'pdf',
    async begin(target, t, cols) {
      out = target;
      title = t;
      columns = cols;
      // Loaded on first use, like exceljs: keeps the server's start-up short.
      const { default: PDFDocument } = await import('pdfkit');
      doc = new PDFDocument({
        size: 'A4',
        layout: 'landscape',
        margin: MARGIN,
        autoFirstPage: true,
        info: { Title: t },
      });
      finished = new Promise((resolve, reject) => {
        doc.on('end', resolve);
        doc.on('error', reject);
      });
      doc.pipe(target, { end: false });
      doc.fontSize(FONT_SIZE);
      const usable = doc.page.width - 2 * MARGIN;
      const weight = (c: Column) =>
        c.def.kind === 'text' || c.def.kind === 'email' ? 3 : c.def.kind === 'reference' ? 2 : 1.2;
      const total = cols.reduce((a, c) => a + weight(c), 0);
      widths = cols.map((c) => (usable * weight(c)) / total);
      header();
    },
    async rows(cells: Cell[][]) {
      for (const r of cells) {
        if (y + ROW > doc.page.height - MARGIN) {
          doc.addPage();
          header();
        }
        line(
          r.map(cellText),
          r.map((c) => c?.t === 'n'),
        );
      }
      await drained(out);
    },
    async end() {
      doc.end();
      await finished;
    },
  };
}
