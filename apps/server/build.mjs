// Bundles the server into dist/main.mjs for `npm start`: no TypeScript compilation at start-up (the start-up target
// is ≤ 1 s). Dependencies stay external; the workspace's own TypeScript packages (@faro/domain) are bundled in.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@faro/'));

// Start time (issue 22): the entry is src/inicio.ts (it spawns a restart's PostgreSQL, then imports main.ts); with
// code splitting, main.ts and the dependencies it imports load in a chunk after that first step. The chunks sit
// beside main.mjs (dist/c-*.mjs), so paths a module finds from its own import.meta.url stay the same.
const dist = new URL('./dist/', import.meta.url);
rmSync(new URL('./chunks', dist), { recursive: true, force: true });
if (existsSync(dist)) {
  for (const f of readdirSync(dist)) if (/^c-.*\.mjs(\.map)?$/.test(f)) rmSync(new URL(f, dist));
}
await build({
  entryPoints: [{ in: 'src/inicio.ts', out: 'main' }],
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'c-[name]-[hash]',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
