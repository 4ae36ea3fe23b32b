import type { Writable } from 'node:stream';
import { celdaTexto } from '@faro/domain';
import type ExcelJS from 'exceljs';
import { type Cell, type Column, cellText } from './cells.ts';
import { drained, type SheetWriter } from './writers.ts';

const NUM_FMT = (scale: number) => (scale > 0 ? `0.${'0'.repeat(scale)}` : '0');

/** Beyond this many rows an XLSX is written without cell styles (exceljs's style table costs ~60 % of the time). */
export const XLSX_STYLED_MAX = 20_000;

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed (written out) as it comes. Styled (bold
 * header, date and number formats, real date cells) up to XLSX_STYLED_MAX rows; larger exports are written plain,
 * dates then as dd/mm/yyyy text, so 100k rows stay within the time target.
 */
export function xlsxWriter(options: { styled?: boolean } = {}): SheetWriter {
  const styled = options.styled !== false;
  let book: ExcelJS.stream.xlsx.WorkbookWriter;
  let sheet: ExcelJS.Worksheet;
  let out: Writable;
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    async begin(target, title, columns: Column[]) {
      out = target;
      // Loaded on first use: exceljs is heavy and start-up time matters more than the first export.
      const { default: Excel } = await import('exceljs');
      book = new Excel.stream.xlsx.WorkbookWriter({ stream: target, useStyles: styled, useSharedStrings: false });
      book.creator = 'Faro';
      sheet = book.addWorksheet(title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((c) => ({
        header: c.label,
        key: c.key,
        width: Math.min(40, Math.max(10, c.label.length + 2)),
        style: !styled
          ? {}
          : c.def.kind === 'date'
            ? { numFmt: 'dd/mm/yyyy' }
            : c.def.kind === 'datetime'
              ? { numFmt: 'dd/mm/yyyy hh:mm' }
              : ['decimal', 'money', 'percent'].includes(c.def.kind)
                ? { numFmt: NUM_FMT(c.def.scale ?? 2) }
                : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    async rows(cells: Cell[][]) {
      const convert = styled ? value : plainValue;
      for (const r of cells) sheet.addRow(r.map(convert)).commit();
      await drained(out);
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/** Without styles a date cell would show as a serial number: dates go as Spanish text. */
function plainValue(cell: Cell): string | number | null {
  if (!cell) return null;
  if (cell.t === 'n') return cell.v;
  if (cell.t === 'd' || cell.t === 'dt') return cellText(cell);
  return celdaTexto(cell.v);
}

function value(cell: Cell): string | number | Date | null {
  if (!cell) return null;
  if (cell.t === 'n') return cell.v;
  if (cell.t === 'd') return new Date(`${cell.v}T00:00:00Z`);
  if (cell.t === 'dt') return new Date(cell.v);
  // A string is a string cell for exceljs (a formula would need `{ formula }`); neutralised all the same.
  return celdaTexto(cell.v);
}
