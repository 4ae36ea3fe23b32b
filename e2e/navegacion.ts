import type { Locator, Page } from 'playwright-core';

/** Helpers of the journeys that walk many screens in one page load (permisos, soloLectura, rutas). */

/** Counts the page's /api calls in flight, and remembers every 403 with the screen that was open. */
export function watchApi(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  let screen = '';
  const forbidden: string[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    inFlight++;
    lastChange = Date.now();
  });
  const done = (url: string) => {
    if (!isApi(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', (r) => done(r.url()));
  page.on('requestfailed', (r) => done(r.url()));
  page.on('response', (r) => {
    if (r.status() === 403 && isApi(r.url())) {
      const u = new URL(r.url());
      forbidden.push(`${screen}: ${r.request().method()} ${u.pathname}`);
    }
  });
  return {
    forbidden,
    at: (s: string) => {
      screen = s;
    },
    /** Until no /api call has been in flight for 250 ms (lazy screens start theirs after their chunk). */
    settled: async () => {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        if (inFlight === 0 && Date.now() - lastChange > 250) return;
        await page.waitForTimeout(50);
      }
    },
  };
}

/** Client-side navigation (the app is loaded once per user, as a person clicking the menu). */
export async function go(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    window.history.pushState({}, '', h);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

/**
 * What a person clicks to open a list's first record: the link of a generic list's first row, the row itself on the
 * bespoke lists (focusable rows); null on an empty list or a row that opens nothing.
 */
export async function primerRegistro(page: Page, timeout: number): Promise<Locator | null> {
  const row = page.locator('main table tbody tr').first();
  if ((await row.count()) === 0) return null;
  const link = row.locator('a[href]').first();
  if ((await link.count()) > 0) return link;
  return (await row.getAttribute('tabindex', { timeout }).catch(() => null)) !== null ? row : null;
}
