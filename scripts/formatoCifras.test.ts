import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every figure a person reads (screens, PDFs, e-mails, printable exports) is written by the domain's one formatter
 * (`formatAmount`, `formatNumber`, `formatDecimal`: decimal comma, thousands grouped from four digits). This walks the
 * web's and the server's sources (tests excepted) and fails on a figure formatted by hand: `Intl.NumberFormat`, a
 * number's `toLocaleString` (es-ES leaves 27059,64 ungrouped), a decimal comma made with `replace('.', ',')`, or a
 * euro sign glued to a template value. Inputs a person edits use `decimalEditable`; machine formats (AEAT files,
 * XML, CSV/XLSX number cells, JSON) keep their '.' decimals and never pass through any of these.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['apps/web/src', 'apps/server/src'].map((d) => path.join(ROOT, d));

/** Reviewed exceptions: a console line of the start, durations under a minute. */
const PERMITIDOS = new Set(['apps/server/src/seed/mensajesArranque.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'dist' || e.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The hand-made figure formats a source uses, by rule. */
function cifrasAMano(source: string): string[] {
  const s = stripComments(source);
  const found: string[] = [];
  if (/\bIntl\.NumberFormat\b/.test(s)) found.push('Intl.NumberFormat');
  if (/\.toLocaleString\(\s*(['"]es-ES['"]\s*)?\)|\.toLocaleString\([^)]*(FractionDigits|useGrouping)/.test(s)) {
    found.push('toLocaleString of a number');
  }
  if (/\.replace\(\s*(['"]\.['"]|\/\\\.\/g?)\s*,\s*['"],['"]\s*\)/.test(s)) found.push("replace('.', ',')");
  if (/(?<!\})\}\s?€/.test(s)) found.push('€ after a template value');
  return found;
}

describe('the checker', () => {
  it('finds figures formatted by hand and leaves the formatter, dates and machine values alone', () => {
    expect(cifrasAMano(`const t = \`\${n.toFixed(2).replace('.', ',')} €\`;`)).toEqual([
      "replace('.', ',')",
      '€ after a template value',
    ]);
    expect(cifrasAMano("new Intl.NumberFormat('es-ES').format(n)")).toEqual(['Intl.NumberFormat']);
    expect(cifrasAMano("q.toLocaleString('es-ES', { maximumFractionDigits: 3 })")).toHaveLength(1);
    expect(cifrasAMano("total.toLocaleString('es-ES')")).toHaveLength(1);
    expect(cifrasAMano("d.toLocaleString('es-ES', { dateStyle: 'short' })")).toEqual([]);
    expect(cifrasAMano('const t = formatAmount(v); const x = (c / 100).toFixed(2);')).toEqual([]);
    expect(cifrasAMano(`<Td>{p.Total} €</Td>`)).toEqual(['€ after a template value']);
    expect(cifrasAMano(`// a comment: \`\${n} €\``)).toEqual([]);
    // A mail template's own placeholder is filled elsewhere.
    expect(cifrasAMano(`'por {{PrecioMes}} € al mes'`)).toEqual([]);
  });
});

describe('figures a person reads come from the one formatter', () => {
  it('no source formats a number on its own', () => {
    const hallazgos = DIRS.flatMap(sources).flatMap((file) => {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (PERMITIDOS.has(rel)) return [];
      return cifrasAMano(readFileSync(file, 'utf8')).map((r) => `${rel}: ${r}`);
    });
    expect(hallazgos).toEqual([]);
  });

  it('the reviewed exceptions still exist and still need it', () => {
    for (const rel of PERMITIDOS) expect(cifrasAMano(readFileSync(path.join(ROOT, rel), 'utf8'))).not.toEqual([]);
  });
});
