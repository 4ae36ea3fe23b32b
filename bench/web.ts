/**
 * Web benchmark (`node --import tsx bench/web.ts [baseUrl]`, also called by bench/run.ts): builds the web app when
 * its build is stale, reports the initial JS and CSS (gzip), the largest route chunk, and the time to first render
 * of the login page and of the shell after login in headless Chromium. Prints figures, asserts nothing.
 * Without a base URL it starts the real server on a temporary folder (demo data) and stops it at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { ensureWebBuild, startServer } from '../e2e/harness.ts';
import { serveWebBuild } from '../e2e/webServer.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const TARGET_INITIAL_JS_KB = 170;
const USER = 'empleado';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzKb = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length / 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** A chunk and every chunk it imports statically (what the browser must fetch before it runs). */
function closure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of m[key]?.imports ?? []) closure(m, i, seen);
  return seen;
}

export function bundleFigures(): Record<string, string | number> {
  const m = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(m).find((k) => m[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const initial = closure(m, entryKey);
  const js = [...initial].reduce((t, k) => t + gzKb(m[k]!.file), 0);
  const css = [...new Set([...initial].flatMap((k) => m[k]!.css ?? []))].reduce((t, f) => t + gzKb(f), 0);
  const routes = Object.entries(m)
    .filter(([, c]) => c.isDynamicEntry)
    .map(([k, c]) => {
      const own = [...closure(m, k)].filter((x) => !initial.has(x));
      return { name: c.name ?? k, own: gzKb(c.file), withDeps: own.reduce((t, x) => t + gzKb(m[x]!.file), 0) };
    })
    .sort((a, b) => b.withDeps - a.withDeps);
  const top = routes[0];
  // Per area (apps/web/src/features/<area>): its lazy chunks plus what they import beyond the initial load, each once.
  const areas = new Map<string, Set<string>>();
  for (const [k, c] of Object.entries(m)) {
    if (!c.isDynamicEntry) continue;
    const area = /src\/features\/([^/]+)\//.exec(c.src ?? k)?.[1] ?? 'app';
    const set = areas.get(area) ?? new Set<string>();
    for (const x of closure(m, k)) if (!initial.has(x)) set.add(x);
    areas.set(area, set);
  }
  const perArea = [...areas.entries()]
    .map(([area, files]) => ({ area, kb: [...files].reduce((t, x) => t + gzKb(m[x]!.file), 0) }))
    .sort((a, b) => b.kb - a.kb)
    .map(({ area, kb }) => `${area} ${round(kb)}`)
    .join(' · ');
  return {
    'initial JS (kB gz)': round(js),
    'initial JS target (kB gz)': `<= ${TARGET_INITIAL_JS_KB} (${js <= TARGET_INITIAL_JS_KB ? 'met' : 'MISSED'})`,
    'initial CSS (kB gz)': round(css),
    'lazy route chunks': routes.length,
    'largest route chunk': top
      ? `${top.name}: ${round(top.own)} kB gz (${round(top.withDeps)} with its own deps)`
      : '-',
    'per-area lazy JS (kB gz, chunks + deps beyond the initial load)': perArea,
  };
}

/** Cold first render of the login page, then the shell after login, in a fresh headless Chromium profile. */
export async function renderFigures(baseUrl: string): Promise<Record<string, string | number>> {
  const profile = mkdtempSync(path.join(tmpdir(), 'faro-bench-chromium-'));
  const t0 = performance.now();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  const launchMs = performance.now() - t0;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(
      `window.__lcp = 0; window.__cls = 0;
       new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; })
         .observe({ type: 'largest-contentful-paint', buffered: true });
       new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
         .observe({ type: 'layout-shift', buffered: true });`,
    );
    const a = performance.now();
    await page.goto('/registro', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible' });
    const loginMs = performance.now() - a;
    const loginInPage = Number(await page.evaluate('performance.now()'));
    await page.waitForTimeout(300);
    const lcp = Number(await page.evaluate('window.__lcp'));
    await page.getByLabel('Usuario', { exact: false }).first().fill(USER);
    await page.getByLabel('Contraseña', { exact: false }).first().fill('Demo1234');
    const b = performance.now();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    const shellMs = performance.now() - b;
    const cls = Number(await page.evaluate('window.__cls'));
    const c = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    const reloadMs = performance.now() - c;
    return {
      'chromium launch (ms)': Math.round(launchMs),
      'login page: first render, cold cache (ms)': Math.round(loginMs),
      'login page: render time in the page (performance.now, ms)': Math.round(loginInPage),
      'login page: LCP (ms)': Math.round(lcp),
      [`shell after login as ${USER}: click → home rendered (ms)`]: Math.round(shellMs),
      'shell: reload of a logged-in page, warm cache (ms)': Math.round(reloadMs),
      'CLS (login + shell)': round(cls, 3),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function servesTheWeb(baseUrl: string): Promise<boolean> {
  try {
    const r = await fetch(`${baseUrl}/registro`);
    return r.ok && (await r.text()).includes('id="root"');
  } catch {
    return false;
  }
}

/** The figures of the web app. `baseUrl`: a running server (its API; its web too when it serves one). */
export async function benchWeb(options: { baseUrl?: string } | string = {}): Promise<Record<string, string | number>> {
  const given = typeof options === 'string' ? options : options.baseUrl;
  const b0 = performance.now();
  ensureWebBuild();
  const figures: Record<string, string | number> = { 'build (ms, 0 when reused)': Math.round(performance.now() - b0) };
  Object.assign(figures, bundleFigures());
  const stops: (() => Promise<void>)[] = [];
  try {
    let api = given?.replace(/\/$/, '');
    if (!api) {
      const server = await startServer().catch(() => startServer({ WEB_DIST: path.join(tmpdir(), 'faro-sin-web') }));
      stops.push(server.stop);
      api = server.url;
    }
    let front = api;
    if (!(await servesTheWeb(api))) {
      // The server does not serve this build (no dist there, or it failed to): serve it beside the API.
      const web = await serveWebBuild(DIST, api);
      stops.push(web.close);
      front = web.url;
      figures['web served by'] = 'bench (static files + /api proxy)';
    } else {
      figures['web served by'] = 'the server';
    }
    Object.assign(figures, await renderFigures(front));
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchWeb(process.argv[2]);
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  console.log('Faro web benchmark');
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(width)}  ${v}`);
}
