/**
 * Start time: loads the server bundle (dist/servidor.cjs, one CommonJS file: build.mjs) through
 * vm.Script with a V8 code cache, the v8-compile-cache technique. Node 20 has no module.enableCompileCache, and ESM
 * modules cannot take cached data, so without this every start parses and compiles the 5.6 MB of the app and its
 * dependencies again (~0.15 s; ~0.05 s to deserialise the cache instead). The cache is written beside the bundle
 * (dist/.cache-v8/) after a start that had none (or whose cache V8 rejected: other V8 flags); its name carries the
 * bundle's content hash (build.mjs computes it and passes it to inicio.ts), node's version and the architecture, so a
 * rebuild or a node upgrade never runs stale code. A folder it cannot write (a read-only install) only means no
 * cache. Node built-ins only: this runs before anything else loads.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

export type EstadoCache = 'usada' | 'rechazada' | 'sin caché';

export interface BundleCargado<T> {
  exports: T;
  cache: EstadoCache;
  /** Writes the code cache now (once), unless the one read was used; the functions compiled so far go in it. */
  guardarCache(): void;
}

/** The folder of a bundle's code caches (build.mjs empties it on every build). */
export const carpetaCache = (bundle: string) => path.join(path.dirname(bundle), '.cache-v8');

/**
 * `importar` is the bundle's import() (build.mjs rewrites each one as __faroImport): an import() in code that V8
 * compiled from a code cache fails in node 20 ("A dynamic import callback was not specified"), so the caller's own
 * import() — an ES module's beside the bundle, resolving what it did before — does it.
 */
export function cargarConCache<T>(
  bundle: string,
  hash: string,
  importar: (especificador: string) => Promise<unknown>,
): BundleCargado<T> {
  const source = readFileSync(bundle, 'utf8');
  const nombre = path.basename(bundle);
  const dir = carpetaCache(bundle);
  const cacheFile = path.join(dir, `${nombre}-${hash}-${process.version}-${process.arch}.bin`);
  let cachedData: Buffer | undefined;
  try {
    // A CRC-32 of the data ahead of it: V8 (release builds) does not checksum a code cache, and damaged data crashes
    // the process (SIGSEGV) instead of being rejected. The file is written whole (rename), so this is for the disk.
    const file = readFileSync(cacheFile);
    const data = file.subarray(4);
    if (file.length > 4 && file.readUInt32LE(0) === crc32(data)) cachedData = data;
  } catch {
    // no cache yet
  }
  // The CommonJS wrapper on the bundle's first line: its line numbers (and source map) stay as built.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __faroImport) {${source}\n})`,
    { filename: bundle, cachedData },
  );
  const cache: EstadoCache = cachedData === undefined ? 'sin caché' : script.cachedDataRejected ? 'rechazada' : 'usada';
  const module = { exports: {} as T };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle), importar);
  let hecho = cache === 'usada';
  return {
    exports: module.exports,
    cache,
    guardarCache() {
      if (hecho) return;
      hecho = true;
      try {
        const data = script.createCachedData();
        mkdirSync(dir, { recursive: true });
        for (const f of readdirSync(dir)) if (f.startsWith(`${nombre}-`)) rmSync(path.join(dir, f), { force: true });
        const tmp = `${cacheFile}.${process.pid}`;
        const crc = Buffer.alloc(4);
        crc.writeUInt32LE(crc32(data));
        writeFileSync(tmp, Buffer.concat([crc, data]));
        renameSync(tmp, cacheFile); // whole or absent, also with several workers writing at once
      } catch {
        // a read-only install: it starts without a cache
      }
    },
  };
}
