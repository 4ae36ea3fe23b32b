import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../test-artifacts');
export const PASSWORD = 'Demo1234';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * The server of this worker: the journeys run on two workers, each against its own server and data folder
 * (globalSetup starts one per worker), so two journeys never share sessions, locks or rows.
 */
export function e2eBaseURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** Headless Debian chromium with a fresh profile (stack notes, trap 12), located in Madrid for the time clock. */
export async function openBrowser(baseURL: string): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'faro-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1280, height: 800 },
    geolocation: { latitude: 40.4168, longitude: -3.7038 },
    permissions: ['geolocation'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browser of the describe block that calls this: opened on this worker's server before the block's tests and
 * closed after them. The answer gives it inside a test.
 */
export function navegadorDelBloque(): () => Browser {
  let b: Browser | undefined;
  beforeAll(async () => {
    b = await openBrowser(e2eBaseURL());
  });
  afterAll(async () => {
    await b?.close();
  });
  return () => {
    if (!b) throw new Error('The browser of this describe block did not open');
    return b;
  };
}

/** Forgets the session of the browser: local storage and cookies. */
export async function resetSession(b: Browser): Promise<void> {
  await b.context.clearCookies();
  await b.page.goto('/registro');
  await b.page.evaluate(() => {
    localStorage.clear();
    // The page a forced sign-out remembers for the next login of the tab.
    sessionStorage.clear();
  });
}

/** Logs in through the login screen and waits until the shell shows. */
export async function login(b: Browser, user: string, password = PASSWORD, code?: string): Promise<void> {
  await resetSession(b);
  const { page } = b;
  await page.goto(code ? `/registro/${code}` : '/registro');
  await page.getByLabel('Usuario', { exact: false }).first().fill(user);
  await page.getByLabel('Contraseña', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('user-menu').waitFor({ timeout: 20_000 });
}

/**
 * Signs `user` in and answers the page: the demo owner through DEMO's code unless said; another user through the
 * company code `code`, or the plain login screen without one.
 */
export async function entrar(
  b: Browser,
  user = 'demo',
  code: string | undefined = user === 'demo' ? 'DEMO' : undefined,
): Promise<Page> {
  await login(b, user, undefined, code);
  return b.page;
}

/** Signs in as `entrar` does and opens `ruta`, waiting for the heading `titulo`: how most journeys begin. */
export async function abrirPantalla(
  b: Browser,
  ruta: string,
  titulo: string,
  user?: string,
  code?: string,
): Promise<Page> {
  const page = await entrar(b, user, code);
  await irA(page, ruta, titulo);
  return page;
}

/** Opens `ruta` in the signed-in page and waits for its heading `titulo`. */
export async function irA(page: Page, ruta: string, titulo: string): Promise<void> {
  await page.goto(ruta);
  await page.getByRole('heading', { name: titulo }).waitFor();
}

/**
 * Makes sure the signed-in user is in the named company: sign-in opens the person's last company, and a journey
 * earlier on the same server may have left them in another one.
 */
export async function enEmpresa(page: Page, nombre: string): Promise<void> {
  const nombreActual = page.getByTestId('company-name');
  await nombreActual.waitFor({ state: 'attached', timeout: 20_000 });
  if (((await nombreActual.textContent()) ?? '').trim() === nombre) return;
  await page.locator('input[aria-label="Cambiar de empresa"]').click();
  await page.getByRole('option', { name: nombre, exact: true }).click();
  await expect.poll(async () => ((await nombreActual.textContent()) ?? '').trim(), { timeout: 30_000 }).toBe(nombre);
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
}

export async function pathOf(page: Page): Promise<string> {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** The side-menu groups on screen (data-menu-group ids). */
export async function menuGroups(page: Page): Promise<string[]> {
  return page.$$eval('[data-menu-group]', (els) => els.map((e) => e.getAttribute('data-menu-group') ?? ''));
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Waits for the toast (one at a time, at the bottom) holding a text; returns its colour attribute. */
export async function waitToast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).waitFor({ timeout: 15_000 });
  expect(await page.locator('.mantine-Notification-root').count()).toBe(1);
}

/** Calls the API with the page's session (token from local storage). */
export async function apiGet<T>(page: Page, apiPath: string): Promise<T> {
  return page.evaluate(async (p) => {
    const r = await fetch(`/api/${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem('faro.token')}` } });
    return r.json();
  }, apiPath);
}

/** A JSON call to the API from the page, with its session and CSRF header as the web app sends them. */
export async function apiJson(page: Page, metodo: string, ruta: string, cuerpo: unknown) {
  return page.evaluate(
    async ([m, r, c]) => {
      const token = localStorage.getItem('faro.token');
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const init = { method: m, body: JSON.stringify(c) };
      const res = await fetch(`/api/${r}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/json' },
      });
      return { status: res.status, body: await res.json() };
    },
    [metodo, ruta, cuerpo] as const,
  );
}
