// `npm start` runs this first: it builds the web app and the server bundle only when their sources changed since the
// last build (a content hash of the inputs kept beside the server bundle), so a restart of an installed copy does
// not spend 30–40 s rebuilding what is already built (issue 22). `FARO_RECOMPILAR=1` forces the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const INPUTS = [
  'package-lock.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.mjs'];
const STAMP = join(root, 'apps/server/dist/.fuentes');

/** Every file under the inputs, sorted, tests excluded (they are not in the build). */
function files(path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [abs];
  return readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => (e.name === 'node_modules' || e.name === 'dist' ? [] : files(join(path, e.name))))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const built = OUTPUTS.every((f) => existsSync(join(root, f)));
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (built && previous === current && process.env.FARO_RECOMPILAR !== '1') {
  console.log('Compilación al día: se arranca sin recompilar.');
} else {
  console.log(built ? 'Las fuentes han cambiado: se recompila…' : 'Primera compilación de la web y del servidor…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(STAMP, `${current}\n`);
}
