/**
 * `npm run health`: the figures, each beside its target. Reads the sources as text; fast (a few seconds,
 * most of it the `duplicates` command when it is on the PATH). Never fails: the test `scripts/importGraph.test.ts`
 * is what fails on cycles and layer violations.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildImportGraph, cycleTree, importCycles, layerViolations, REPO_ROOT, shortestLoop } from './importGraph.ts';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    // Tests and their kits (`*.testkit.ts`, data generators for tests) are not code a request runs.
    else if (/\.tsx?$/.test(name) && !/\.test(kit)?\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function countMatches(files: string[], pattern: RegExp): { total: number; perFile: Array<[string, number]> } {
  const perFile: Array<[string, number]> = [];
  for (const file of files) {
    const n = readFileSync(file, 'utf8').match(pattern)?.length ?? 0;
    if (n > 0) perFile.push([relative(REPO_ROOT, file), n]);
  }
  perFile.sort((a, b) => b[1] - a[1]);
  return { total: perFile.reduce((sum, [, n]) => sum + n, 0), perFile };
}

/** Hand-written tenant predicates in the area modules: `eq(… empresaId …)` or a raw `empresa_id`. */
export const TENANT_PREDICATE = /\beq\(\s*(?:[^()]|\([^()]*\))*?[eE]mpresaId|empresa_id/g;
/** Casts over the database / transaction type. */
export const DB_CAST = /as unknown as (?:Db|Tx|Transaction|Database|PgTransaction)\b/g;

function duplicatePairs(): string {
  const run = spawnSync('duplicates', ['--seconds', '8'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 10_000 });
  if (run.error || run.status !== 0) return 'n/a';
  const first = run.stdout.split('\n')[0] ?? '';
  if (first.startsWith('no duplicates')) return '0';
  return /^(\d+) pairs?/.exec(first)?.[1] ?? 'n/a';
}

function main(): void {
  const verbose = process.argv.includes('--verbose');
  // A module's table declarations (`tablas*.ts`) name the company column; they declare it, they do not filter by it.
  const modules = sourceFiles(join(REPO_ROOT, 'apps/server/src/modules')).filter((f) => !/\/tablas\w*\.ts$/.test(f));
  const server = sourceFiles(join(REPO_ROOT, 'apps/server/src'));
  const predicates = countMatches(modules, TENANT_PREDICATE);
  const casts = countMatches(server, DB_CAST);
  const graph = buildImportGraph();
  const cycles = importCycles(graph);
  const violations = layerViolations(graph);
  const duplicates = duplicatePairs();

  const row = (label: string, value: number | string, target: string, ok: boolean | undefined) =>
    console.log(
      `${ok === undefined ? ' ' : ok ? '✓' : '✗'} ${label.padEnd(64)} ${String(value).padStart(5)}   target ${target}`,
    );
  console.log('Faro health');
  row('hand-written tenant predicates in apps/server/src/modules', predicates.total, '≤ 10', predicates.total <= 10);
  row('`as unknown as` casts over the db / transaction type', casts.total, '0', casts.total === 0);
  const cycleFiles = cycles.reduce((n, c) => n + c.length, 0);
  row(`import cycles (${cycleFiles} files in them)`, cycles.length, '0', cycles.length === 0);
  row(
    'web layer violations (domain ← platform ← ui ← features ← app)',
    violations.length,
    '0',
    violations.length === 0,
  );
  row('duplicates pairs (`duplicates`)', duplicates, 'lower', undefined);

  for (const cycle of cycles) {
    console.log(`  cycle in ${cycleTree(cycle)} (${cycle.length} files): ${shortestLoop(graph, cycle).join(' → ')}`);
  }
  for (const v of violations) console.log(`  layer ${v.rule}: ${v.from} → ${v.to}`);
  if (verbose) {
    for (const [file, n] of predicates.perFile) console.log(`  predicates ${String(n).padStart(3)} ${file}`);
    for (const [file, n] of casts.perFile) console.log(`  casts      ${String(n).padStart(3)} ${file}`);
  } else if (predicates.total > 0 || casts.total > 0) {
    console.log('  (--verbose lists predicates and casts per file: npm run -s health -- --verbose)');
  }
}

main();
