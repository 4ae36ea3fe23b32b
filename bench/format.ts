/** Plain-text aligned tables and number formatting for the benchmark report. */

export type Cell = string | number | undefined;

export function num(value: number | undefined, digits = 1): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const ms = (value: number | undefined) => (value === undefined ? '-' : `${num(value, value < 10 ? 2 : 1)} ms`);
export const perSecond = (value: number | undefined) => (value === undefined ? '-' : `${num(value, 0)} req/s`);
export const mib = (bytes: number | undefined) => (bytes === undefined ? '-' : `${num(bytes / 1024 / 1024, 0)} MiB`);

const isNumeric = (text: string) => /^[-+]?[\d,.]+( [a-zA-Z/%]+)?$/.test(text);

export function printTable(title: string, head: string[], rows: Cell[][]): void {
  const text = rows.map((r) => head.map((_, i) => String(r[i] ?? '')));
  const widths = head.map((h, i) => Math.max(h.length, ...text.map((r) => r[i]!.length)));
  const line = (cells: string[], header = false) =>
    cells
      .map((c, i) => (i > 0 && !header && isNumeric(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(head, true));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of text) console.log(line(r));
}
