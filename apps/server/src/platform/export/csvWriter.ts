import { celdaCsv, lineaCsv } from '@faro/domain';
import type { Cell, Column } from './cells.ts';

/** A typed cell as a CSV field: numbers as numbers (a negative amount is not text), text neutralised by `celdaCsv`. */
export const csvCell = (cell: Cell): string => (cell ? celdaCsv(cell.t === 'n' ? cell.v : String(cell.v)) : '');

/**
 * The CSV text of one or more tables, one after the other with a blank line between them (`;` separated, CRLF,
 * UTF-8 with a BOM: Spanish spreadsheets open it as is). Every CSV the server writes goes through `celdaCsv`.
 */
export function csvTexto(bloques: readonly { columnas: readonly Column[]; filas: readonly Cell[][] }[]): string {
  const lineas = bloques.flatMap((b) => [
    lineaCsv(b.columnas.map((c) => c.label)),
    ...b.filas.map((r) => r.map(csvCell).join(';')),
    '',
  ]);
  return `\uFEFF${lineas.join('\r\n')}`;
}
