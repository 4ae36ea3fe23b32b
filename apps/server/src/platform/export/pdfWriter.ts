import type { Writable } from 'node:stream';
import { type Cell, type Column, cellText, NUMERIC } from './cells.ts';
import { drained, type SheetWriter } from './writers.ts';

const MARGIN = 28;
const FONT_SIZE = 7.5;
/** Below this the printed list is no longer readable: wide layouts shrink the type to it at most. */
const MIN_FONT_SIZE = 5.5;
/** The share of the width that fixed (number and date) columns may take before the type shrinks. */
const FIXED_SHARE = 0.62;
const PAD = 2;
/** The narrowest text column: a tax id on one line. */
const MIN_TEXTO = 'A28111110';

/** How wide a column's widest plausible value is: amounts up to millions, dates, date-times. */
const MUESTRA: Partial<Record<string, (scale: number) => string>> = {
  d: () => '00/00/0000',
  dt: () => '00/00/0000 00:00',
  n: (scale) => `-9.999.999${scale > 0 ? `,${'9'.repeat(scale)}` : ''}`,
};
type Tipo = 'n' | 'd' | 'dt' | 's';
const tipoDe = (c: Column): Tipo =>
  NUMERIC.has(c.def.kind) ? 'n' : c.def.kind === 'date' ? 'd' : c.def.kind === 'datetime' ? 'dt' : 's';

/**
 * A printable list (A4 landscape, Helvetica) with pdfkit: pages are written out as they fill, the header row is
 * repeated on each page. Nothing is cut: number and date columns are as wide as their widest plausible value (an
 * amount that still does not fit is set smaller, never clipped nor wrapped), text columns share the rest and wrap
 * their text (and headers) over as many lines as it takes; a layout too wide for the page sets smaller type.
 */
export function pdfWriter(): SheetWriter {
  let doc: PDFKit.PDFDocument;
  let out: Writable;
  let columns: Column[];
  let widths: number[];
  let fontSize = FONT_SIZE;
  let y = 0;
  let page = 0;
  let title = '';
  let finished: Promise<void>;

  const lineHeight = () => fontSize * 1.3;
  const heightOf = (text: string, width: number) =>
    text ? Math.max(lineHeight(), doc.heightOfString(text, { width: width - 2 * PAD, lineGap: 0 })) : lineHeight();

  /** A row's height: text wraps in its column, numbers and dates stay on one line. */
  const rowHeight = (texts: string[], tipos: Tipo[]) =>
    Math.max(...texts.map((t, i) => (tipos[i] === 's' ? heightOf(t, widths[i] as number) : lineHeight())));

  /** One row: amounts right-aligned on one line (set smaller if they must), dates on one line, text wrapped. */
  const line = (texts: string[], tipos: Tipo[]) => {
    const height = Math.min(doc.page.height - MARGIN - y, rowHeight(texts, tipos));
    let x = MARGIN;
    texts.forEach((t, i) => {
      const w = widths[i] as number;
      if (tipos[i] === 's') {
        if (t) doc.text(t, x + PAD, y, { width: w - 2 * PAD, height, lineGap: 0, ellipsis: true });
      } else {
        const natural = doc.widthOfString(t);
        if (natural > w - 2 * PAD) doc.fontSize((fontSize * (w - 2 * PAD)) / natural);
        const dx = tipos[i] === 'n' ? w - PAD - doc.widthOfString(t) : PAD;
        doc.text(t, x + dx, y, { lineBreak: false });
        doc.fontSize(fontSize);
      }
      x += w;
    });
    y += height + 2;
  };

  const header = () => {
    page += 1;
    y = MARGIN;
    doc.font('Helvetica-Bold').fontSize(11).text(title, MARGIN, y, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(fontSize)
      .text(`Página ${page}`, doc.page.width - MARGIN - 60, y + 2, { width: 60, align: 'right', lineBreak: false });
    y += 20;
    doc.font('Helvetica-Bold');
    line(
      columns.map((c) => c.label),
      columns.map(() => 's'),
    );
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(doc.page.width - MARGIN, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica');
  };

  /**
   * Every column is at least as wide as its header's longest word (headers wrap between words); number and date
   * columns are exactly as wide as their widest value, text columns at least a tax id wide and share the rest by
   * weight. When the minimums pass the page (or fixed columns take most of it) the type gets smaller.
   */
  const layout = (cols: Column[]) => {
    const usable = doc.page.width - 2 * MARGIN;
    const palabraMasLarga = (label: string) => {
      doc.font('Helvetica-Bold');
      const w = Math.max(...label.split(/\s+/).map((p) => doc.widthOfString(p)));
      doc.font('Helvetica');
      return w;
    };
    const minimos = () =>
      cols.map((c) => {
        const muestra = MUESTRA[tipoDe(c)];
        const valor = doc.widthOfString(muestra ? muestra(c.def.scale ?? 2) : MIN_TEXTO);
        return { fijo: !!muestra, ancho: Math.max(valor, palabraMasLarga(c.label)) + 2 * PAD + 2 };
      });
    doc.fontSize(fontSize);
    let m = minimos();
    const suma = (xs: typeof m, soloFijos: boolean) => xs.reduce((a, x) => a + (x.fijo || !soloFijos ? x.ancho : 0), 0);
    const escala = Math.min(usable / suma(m, false), (usable * FIXED_SHARE) / suma(m, true), 1);
    if (escala < 1) {
      fontSize = Math.max(MIN_FONT_SIZE, fontSize * escala);
      doc.fontSize(fontSize);
      m = minimos();
    }
    const weight = (c: Column) =>
      c.def.kind === 'text' || c.def.kind === 'email' ? 3 : c.def.kind === 'reference' ? 2 : 1.2;
    const resto = Math.max(usable - suma(m, false), 0);
    const total = cols.reduce((a, c, i) => a + (m[i]?.fijo ? 0 : weight(c)), 0);
    return cols.map((c, i) => {
      const x = m[i] as { fijo: boolean; ancho: number };
      return x.fijo ? x.ancho : x.ancho + (resto * weight(c)) / (total || 1);
    });
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
      widths = layout(cols);
      header();
    },
    async rows(cells: Cell[][]) {
      for (const r of cells) {
        const texts = r.map(cellText);
        const tipos = r.map((c, i): Tipo => c?.t ?? tipoDe(columns[i] as Column));
        if (y + rowHeight(texts, tipos) > doc.page.height - MARGIN) {
          doc.addPage();
          header();
        }
        line(texts, tipos);
      }
      await drained(out);
    },
    async end() {
      doc.end();
      await finished;
    },
  };
}
