/** Plain-text aligned tables and number formatting for the benchmark report. */
import { loadavg } from 'node:os';

export type Cell = string | number | undefined;

export function num(value: number | undefined, digits = 1): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const ms = (value: number | undefined) => (value === undefined ? '-' : `${num(value, value < 10 ? 2 : 1)} ms`);
export const perSecond = (value: number | undefined) => (value === undefined ? '-' : `${num(value, 0)} req/s`);
export const mib = (bytes: number | undefined) => (bytes === undefined ? '-' : `${num(bytes / 1024 / 1024, 0)} MiB`);

/**
 * A report's column maker over the engines measured: one cell per engine, 'skipped' for an engine not run, 'failed'
 * for a figure its failure left out, '-' for one it does not have.
 */
export const columnaDe =
  <E extends { skipped?: string; error?: string }>(engines: readonly E[]) =>
  (pick: (e: E) => Cell): Cell[] =>
    engines.map((e) => (e.skipped ? 'skipped' : (pick(e) ?? (e.error ? 'failed' : '-'))));

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

/**
 * A figure with its ratios to the references of the same run, e.g. "253 req/s (0.31× ref, 0.12× SQL)": for a time
 * above 1 is slower than the reference, for a rate below 1 is. A missing or zero reference prints no ratio.
 */
export function withRatios(
  text: string | undefined,
  value: number | undefined,
  references: [label: string, value: number | undefined][],
): string | undefined {
  if (text === undefined || value === undefined) return text;
  const ratios = references
    .filter((r): r is [string, number] => r[1] !== undefined && r[1] > 0 && Number.isFinite(r[1]))
    .map(([label, r]) => `${num(value / r, 2)}× ${label}`);
  return ratios.length ? `${text} (${ratios.join(', ')})` : text;
}

/** An error's message, whatever was thrown. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Records why an engine's measurement stopped in its figures and says it: the report shows what it did measure. */
export function anotarFallo(figuras: { error?: string }, nombre: string, error: unknown): void {
  figuras.error = errorText(error);
  console.log(`!!! ${nombre} failed: ${figuras.error}`);
}

/** Closes what a measurement opened (the app, then its database), in order; a close that fails stops no other. */
export async function cerrarEnOrden(...abiertos: ({ close(): unknown } | undefined)[]): Promise<void> {
  for (const abierto of abiertos) {
    try {
      await abierto?.close();
    } catch {
      // Closing after a failure: what matters is the figure already recorded.
    }
  }
}

/** The machine's load averages (1, 5, 15 min), printed beside figures measured on shared cores. */
export const loadAverage = () =>
  loadavg()
    .map((l) => num(l, 1))
    .join(' ');
