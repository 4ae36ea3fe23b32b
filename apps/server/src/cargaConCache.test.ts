import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cargarConCache, carpetaCache } from './cargaConCache.ts';

/** The production bundle's loader: dist/servidor.cjs through vm.Script with a V8 code cache. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'faro-carga-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Bundle {
  suma(a: number, b: number): number;
  plataforma(): Promise<string>;
  carpeta: string;
}

const bundle = path.join(dir, 'servidor.cjs');
writeFileSync(
  bundle,
  [
    '"use strict";',
    'exports.suma = (a, b) => a + b;',
    // An import() inside the bundle: build.mjs writes each one as __faroImport.
    'exports.plataforma = async () => (await __faroImport("node:os")).platform();',
    'exports.carpeta = __dirname;',
    // Enough code for V8 to keep a cache of it.
    ...Array.from({ length: 200 }, (_, i) => `exports.f${i} = (x) => x * ${i} + ${i};`),
  ].join('\n'),
);
const importar = (s: string) => import(s);
const cargar = (hash = 'h1') => cargarConCache<Bundle>(bundle, hash, importar);
const caches = () => readdirSync(carpetaCache(bundle));

describe('cargarConCache', () => {
  it('runs the bundle as CommonJS, without a cache the first time, and writes one', async () => {
    const first = cargar();
    expect(first.cache).toBe('sin caché');
    expect(first.exports.suma(2, 3)).toBe(5);
    expect(first.exports.carpeta).toBe(dir);
    expect(await first.exports.plataforma()).toBe(os.platform());
    first.guardarCache();
    expect(caches()).toEqual([`servidor.cjs-h1-${process.version}-${process.arch}.bin`]);
  });

  it('uses the cache the next time, and an import() in code compiled from it still works', async () => {
    const next = cargar();
    expect(next.cache).toBe('usada');
    expect(next.exports.suma(20, 22)).toBe(42);
    // In node 20 a plain import() here fails: "A dynamic import callback was not specified".
    expect(await next.exports.plataforma()).toBe(os.platform());
  });

  it('ignores a damaged cache (it would crash V8) and writes it again', () => {
    const file = path.join(carpetaCache(bundle), caches()[0]!);
    const data = readFileSync(file);
    data[data.length >> 1] = data[data.length >> 1]! ^ 0xff;
    writeFileSync(file, data);
    const damaged = cargar();
    expect(damaged.cache).toBe('sin caché');
    expect(damaged.exports.suma(1, 1)).toBe(2);
    damaged.guardarCache();
    expect(cargar().cache).toBe('usada');
  });

  it('keeps only the cache of the current bundle (another hash, another node)', () => {
    const rebuilt = cargar('h2');
    expect(rebuilt.cache).toBe('sin caché');
    rebuilt.guardarCache();
    expect(caches()).toEqual([`servidor.cjs-h2-${process.version}-${process.arch}.bin`]);
  });
});
