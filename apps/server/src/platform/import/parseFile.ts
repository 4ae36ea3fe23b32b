import { MSG_DATOS } from '@faro/domain';
import type ExcelJS from 'exceljs';
import { badRequest } from '../http/errors.ts';

export interface ParsedFile {
  columnas: string[];
  filas: string[][];
}

export const MAX_IMPORT_ROWS = 20_000;

/** CSV (UTF-8 or Windows-1252, separated by ; , or tab) or XLSX (first sheet), by content: an XLSX is a zip. */
export async function parseImportFile(bytes: Uint8Array): Promise<ParsedFile> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  const nonEmpty = table.filter((r) => r.some((c) => c.trim() !== ''));
  if (nonEmpty.length < 2) throw badRequest(MSG_DATOS.importNoRows);
  if (nonEmpty.length - 1 > MAX_IMPORT_ROWS) throw badRequest(MSG_DATOS.importTooManyRows(MAX_IMPORT_ROWS));
  const [head, ...rows] = nonEmpty as [string[], ...string[][]];
  const width = Math.max(head.length, ...rows.map((r) => r.length));
  const seen = new Map<string, number>();
  const columnas = Array.from({ length: width }, (_, i) => {
    const name = (head[i] ?? '').trim() || `Columna ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? `${name} (${n})` : name;
  });
  return { columnas, filas: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')) };
}

function decode(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw badRequest(MSG_DATOS.importUnreadable);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** RFC 4180 with the separator Spanish spreadsheets use (';' when the first line has more of them). */
export function readCsv(bytes: Uint8Array): string[][] {
  const text = decode(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((s) => [s, firstLine.split(s).length] as const);
  const sep = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    if (rows.length > MAX_IMPORT_ROWS + 1) break;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(MSG_DATOS.importUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(MSG_DATOS.importNoRows);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    if (n > MAX_IMPORT_ROWS + 1) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      cells[c - 1] = cellText(cell.value).trim();
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}
