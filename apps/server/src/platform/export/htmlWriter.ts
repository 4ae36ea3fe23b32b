import type { Writable } from 'node:stream';
import { formatDate, formatNumber } from '@faro/domain';
import { type Cell, type Column, cellText } from './cells.ts';
import { drained, type SheetWriter, xmlEscape } from './writers.ts';

const STYLE =
  'body{font:12px system-ui,sans-serif;margin:16px}h1{font-size:16px}table{border-collapse:collapse;width:100%}' +
  'th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}th{background:#f1f3f5}td.n{text-align:right}' +
  '@media print{th{background:none}}';

/** A printable HTML table, streamed row by row; every value escaped. */
export function htmlWriter(): SheetWriter {
  let out: Writable;
  return {
    contentType: 'text/html; charset=utf-8',
    extension: 'html',
    begin(target, title, columns: Column[], total) {
      out = target;
      const t = xmlEscape(title);
      out.write(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${t}</title><style>${STYLE}</style></head><body>` +
          `<h1>${t}</h1><p>${formatNumber(total, 0)} registros · ${formatDate(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' }))}</p>` +
          `<table><thead><tr>${columns.map((c) => `<th>${xmlEscape(c.label)}</th>`).join('')}</tr></thead><tbody>`,
      );
    },
    async rows(cells: Cell[][]) {
      out.write(
        cells
          .map(
            (r) =>
              `<tr>${r.map((c: Cell) => `<td${c?.t === 'n' ? ' class="n"' : ''}>${xmlEscape(cellText(c))}</td>`).join('')}</tr>`,
          )
          .join(''),
      );
      await drained(out);
    },
    async end() {
      out.write('</tbody></table></body></html>');
    },
  };
}
