import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_SECRET } from '../../../test/testApp.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

let built: BuiltApp;
/** A chunk large enough to be worth compressing. */
const GRANDE = Array.from({ length: 400 }, (_, i) => `export const valor${i} = 'texto ${i}';`).join('\n');
let close: () => Promise<void>;
const dist = mkdtempSync(path.join(os.tmpdir(), 'faro-web-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Faro</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'grande-abc.js'), GRANDE);
  writeFileSync(path.join(dist, '.secreto'), 'no');
  const { database, drop } = await openTestDatabase();
  built = await buildApp({
    config: { ...loadConfig({}), webDist: dist },
    database,
    secret: TEST_SECRET,
    serveWeb: true,
  });
  close = async () => {
    await built.app.close();
    await database.close();
    await drop();
    rmSync(dist, { recursive: true, force: true });
  };
});
afterAll(() => close());

describe('serving the web app', () => {
  it('answers the app shell for client routes, files for assets and JSON 404 under /api', async () => {
    const get = (url: string) => built.app.inject({ method: 'GET', url });
    for (const url of ['/', '/clientes/lista', '/registro/DEMO']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // The PDF preview frames a blob: URL of the downloaded file (sales editor).
      expect(res.headers['content-security-policy']).toContain("frame-src 'self' blob:");
    }
    const asset = await get('/assets/app-123.js');
    expect(asset.headers['content-type']).toContain('javascript');
    const api = await get('/api/nada/de/nada');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ Mensaje: 'No existe el dato solicitado' });
    expect(String((await get('/')).headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it('serves each file with its type and validators, a 304 when unchanged, and the shell for anything else', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      built.app.inject({ method: 'GET', url, headers });
    const asset = await get('/assets/app-123.js?v=1');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['content-length']).toBe('14');
    expect(asset.headers.etag).toMatch(/^W\/"/);
    expect(asset.headers['last-modified']).toBeTruthy();
    const again = await get('/assets/app-123.js', { 'if-none-match': String(asset.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await get('/assets/app-123.js', { 'if-modified-since': String(asset.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const head = await built.app.inject({ method: 'HEAD', url: '/assets/app-123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // Only the health check and the web app answer HEAD (app.ts: exposeHeadRoutes off for the API's GET routes).
    expect((await built.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    expect((await built.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const list = '/api/ventas/clientes/list';
    expect((await built.app.inject({ method: 'GET', url: list })).statusCode).toBe(401);
    expect((await built.app.inject({ method: 'HEAD', url: list })).statusCode).toBe(404);
    // Outside the build, a dot file, a folder, a missing asset: the app shell, never the file.
    for (const url of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/.secreto', '/assets', '/assets/nada.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the hashed build files a year without asking again, and revalidates the shell and the other files', async () => {
    const get = (url: string) => built.app.inject({ method: 'GET', url });
    const asset = await get('/assets/app-123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Kept by every cache on the way: never a cookie on it (the shell sets the CSRF pair).
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=0');
    expect((await get('/fventa/lista')).headers['cache-control']).toBe('no-cache');
    // A missing chunk is the shell, which must never be kept as if it were the chunk.
    expect((await get('/assets/nada-123.js')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses text files with brotli or gzip as the browser accepts, the same bytes once decompressed', async () => {
    const get = (url: string, encoding?: string) =>
      built.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/assets/grande-abc.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(GRANDE.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(GRANDE);
    const gz = await get('/assets/grande-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(GRANDE);
    // Refused by q=0, not offered, or too small to gain anything: the bytes as they are.
    for (const [url, encoding] of [
      ['/assets/grande-abc.js', 'br;q=0, gzip;q=0'],
      ['/assets/grande-abc.js', undefined],
      ['/assets/app-123.js', 'br'],
    ] as const) {
      const res = await get(url, encoding);
      expect(res.headers['content-encoding'], `${url} ${encoding}`).toBeUndefined();
    }
    expect((await get('/assets/grande-abc.js', 'identity')).body).toBe(GRANDE);
  });
});
