// Bundles the server into dist/main.mjs for `npm start`: no TypeScript compilation at start-up (the start-up target
// is ≤ 1 s). Dependencies stay external; the workspace's own TypeScript packages (@faro/domain) are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@faro/'));

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist/main.mjs',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
