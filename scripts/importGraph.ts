/**
 * The repository's import graph, read from the sources as text (no compiler needed: every relative import names its
 * file with its extension, and `@faro/domain` is the domain's `src/index.ts`). Used by `scripts/health.ts` and by
 * `scripts/importGraph.test.ts` (vitest project `health`), which fails on any import cycle or web layer violation.
 *
 * Web layers, lowest first: `domain` (packages/domain) ← `platform` ← `ui` ← `features` ← `app` (and `main.tsx`).
 * A file may import its own layer or a lower one, never a higher one. The domain imports nothing of the apps.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The source trees whose imports are checked. */
export const SOURCE_ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/web/src'] as const;

const DOMAIN_ENTRY = 'packages/domain/src/index.ts';
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

export interface ImportGraph {
  /** Repository-relative file → the repository-relative files it imports (static, type-only and `import()`). */
  edges: Map<string, Set<string>>;
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
}

/** Comments out, strings kept: `//` only counts after white space or at the start of a line (not in `http://`). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[\s;{}])\/\/[^\n]*/g, '$1');
}

const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module specifiers a source text imports (static, re-exports, side-effect and dynamic imports). */
export function importSpecifiers(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.push(match[1]!);
  }
  return found;
}

function resolveSpecifier(fromFile: string, specifier: string, root: string): string | undefined {
  if (specifier === '@faro/domain') return DOMAIN_ENTRY;
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(root, dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`];
  candidates.push(join(base, 'index.ts'), join(base, 'index.tsx'));
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return undefined;
}

/** Reads every source file under `SOURCE_ROOTS` (tests included) and resolves its imports to files. */
export function buildImportGraph(root: string = REPO_ROOT): ImportGraph {
  const files: string[] = [];
  for (const sourceRoot of SOURCE_ROOTS) walk(join(root, sourceRoot), files);
  const edges = new Map<string, Set<string>>();
  for (const full of files) {
    const file = relative(root, full);
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(readFileSync(full, 'utf8'))) {
      const target = resolveSpecifier(file, specifier, root);
      if (target && target !== file && SOURCE_FILE.test(target)) targets.add(target);
    }
    edges.set(file, targets);
  }
  return { edges };
}

/** Strongly connected components of two or more files (each is one or more import loops), largest first. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  // Iterative Tarjan: a 500-file graph is fine either way, but recursion depth should not depend on the tree.
  for (const start of graph.edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; targets: string[]; next: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(graph.edges.get(node) ?? [])], next: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++]!;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** One shortest loop through `file` inside its component, for messages (`a → b → a`). */
export function shortestLoop(graph: ImportGraph, component: string[], file: string = component[0]!): string[] {
  const inside = new Set(component);
  const previous = new Map<string, string>();
  const queue = [file];
  const seen = new Set([file]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.edges.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === file) {
        const path = [node];
        while (path[0] !== file) path.unshift(previous.get(path[0]!)!);
        return [...path, file];
      }
      if (!seen.has(target)) {
        seen.add(target);
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [file];
}

export const WEB_LAYERS = ['domain', 'platform', 'ui', 'features', 'app'] as const;
export type WebLayer = (typeof WEB_LAYERS)[number];

/** The web layer of a file, or undefined for files outside the layers (tests and the test harness). */
export function webLayer(file: string): WebLayer | undefined {
  if (file.startsWith('packages/domain/')) return 'domain';
  if (!file.startsWith('apps/web/src/')) return undefined;
  if (/\.test\.tsx?$/.test(file) || file.startsWith('apps/web/src/test/')) return undefined;
  const rest = file.slice('apps/web/src/'.length);
  if (rest === 'main.tsx') return 'app';
  const top = rest.split('/')[0];
  return (WEB_LAYERS as readonly string[]).includes(top ?? '') ? (top as WebLayer) : 'app';
}

export interface LayerViolation {
  from: string;
  to: string;
  rule: string;
}

/** Imports from a lower web layer to a higher one, and imports of the apps from the domain. */
export function layerViolations(graph: ImportGraph): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const [from, targets] of graph.edges) {
    for (const to of targets) {
      if (from.startsWith('packages/domain/') && !to.startsWith('packages/domain/')) {
        violations.push({ from, to, rule: 'domain → apps' });
        continue;
      }
      const fromLayer = webLayer(from);
      const toLayer = webLayer(to);
      if (!fromLayer || !toLayer) continue;
      if (WEB_LAYERS.indexOf(toLayer) > WEB_LAYERS.indexOf(fromLayer)) {
        violations.push({ from, to, rule: `${fromLayer} → ${toLayer}` });
      }
    }
  }
  return violations.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Which tree a cycle lives in (its first file's). */
export function cycleTree(component: string[]): (typeof SOURCE_ROOTS)[number] {
  return SOURCE_ROOTS.find((root) => component[0]!.startsWith(`${root}/`))!;
}
