import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  cycleTree,
  type ImportGraph,
  importCycles,
  importSpecifiers,
  layerViolations,
  shortestLoop,
  webLayer,
} from './importGraph.ts';

/**
 * Server import loops allowed to stay, as the import that closes each loop (`from` file pattern → `to` file).
 * Empty since the document engine removed the last three (AreaModule type, rowStream ↔ entityRepository, cantidades ↔
 * documentosRepository); any loop now fails the test. Add an entry only with the reason and who removes it.
 */
const ALLOWED_SERVER_BACK_EDGES: Array<{ from: RegExp; to: string; owner: string }> = [];

const graphOf = (edges: Record<string, string[]>): ImportGraph => ({
  edges: new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)])),
});

const describeLoops = (graph: ImportGraph, cycles: string[][]) =>
  cycles.map((c) => `${cycleTree(c)} (${c.length} files): ${shortestLoop(graph, c).join(' → ')}`);

describe('the checker', () => {
  it('reads static, type-only, re-export, side-effect and dynamic imports, not comments', () => {
    const source = [
      "import { a, b } from './a.ts';",
      "import type {\n  C,\n  D,\n} from '../c.ts';",
      "export { e } from './e.ts';",
      "export * from './f.ts';",
      "import './g.css';",
      "const H = lazy(() => import('./h.tsx'));",
      "// import { x } from './commented.ts';",
      "/* import('./block.ts') */",
      "const url = 'http://example.com'; import Z from 'zod';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./a.ts', '../c.ts', './e.ts', './f.ts', './g.css', 'zod', './h.tsx']);
  });

  it('finds loops (as strongly connected components) and one shortest loop through them', () => {
    const graph = graphOf({ a: ['b'], b: ['c', 'd'], c: ['a'], d: ['e'], e: ['d'], f: ['a'] });
    const cycles = importCycles(graph);
    expect(cycles).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(shortestLoop(graph, cycles[0]!, 'a')).toEqual(['a', 'b', 'c', 'a']);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('places files in the web layers and flags an import from a lower layer to a higher one', () => {
    expect(webLayer('packages/domain/src/index.ts')).toBe('domain');
    expect(webLayer('apps/web/src/platform/api/client.ts')).toBe('platform');
    expect(webLayer('apps/web/src/ui/list/EntityListPage.tsx')).toBe('ui');
    expect(webLayer('apps/web/src/features/ventas/DocumentoEditor.tsx')).toBe('features');
    expect(webLayer('apps/web/src/app/Gate.tsx')).toBe('app');
    expect(webLayer('apps/web/src/main.tsx')).toBe('app');
    expect(webLayer('apps/web/src/ui/edit/EntityEditPage.test.tsx')).toBeUndefined();
    expect(webLayer('apps/server/src/app.ts')).toBeUndefined();
    const graph = graphOf({
      'apps/web/src/ui/a.tsx': ['apps/web/src/features/x/b.tsx', 'apps/web/src/platform/c.ts'],
      'apps/web/src/features/x/b.tsx': ['apps/web/src/app/d.ts', 'packages/domain/src/index.ts'],
      'apps/web/src/app/d.ts': ['apps/web/src/features/x/b.tsx'],
      'packages/domain/src/index.ts': ['apps/server/src/app.ts'],
    });
    expect(layerViolations(graph).map((v) => v.rule)).toEqual(['features → app', 'ui → features', 'domain → apps']);
  });
});

describe('the repository', () => {
  const graph = buildImportGraph();

  it('reads the three source trees', () => {
    const files = [...graph.edges.keys()];
    expect(files.some((f) => f.startsWith('packages/domain/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('apps/server/src/'))).toBe(true);
    expect(graph.edges.get('apps/web/src/main.tsx')).toContain('apps/web/src/app/App.tsx');
  });

  it('has no import cycle in the web app nor in the domain', () => {
    const cycles = importCycles(graph).filter((c) => !c[0]!.startsWith('apps/server/'));
    expect(describeLoops(graph, cycles)).toEqual([]);
  });

  it('has no import cycle in the server besides the allow-listed ones still being removed', () => {
    const allowed = (from: string, to: string) =>
      ALLOWED_SERVER_BACK_EDGES.some((e) => e.from.test(from) && e.to === to);
    const pruned: ImportGraph = {
      edges: new Map([...graph.edges].map(([from, to]) => [from, new Set([...to].filter((t) => !allowed(from, t)))])),
    };
    const cycles = importCycles(pruned).filter((c) => c[0]!.startsWith('apps/server/'));
    expect(describeLoops(pruned, cycles)).toEqual([]);
  });

  it('keeps the web layers one way: domain ← platform ← ui ← features ← app (and the domain imports no app)', () => {
    expect(layerViolations(graph).map((v) => `${v.rule}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});
