import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE } from './axe.ts';
import { type Browser, login, openBrowser, resetSession } from './browser.ts';

// Temporary (issue 23 baseline, not committed): figures of the screens before the fixes.
const OUT = '/tmp/h23-baseline.jsonl';
describe('baseline', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(inject('baseURL'));
  });
  afterAll(async () => {
    await b?.close();
  });
  const audit = async (name: string) => {
    for (const size of [DESKTOP, PHONE]) {
      await b.page.setViewportSize(size);
      await b.page.waitForTimeout(300);
      const p = await axeViolations(b.page);
      appendFileSync(OUT, `${JSON.stringify({ name, width: size.width, nodes: p.reduce((n, x) => n + x.targets.length, 0), problems: p })}\n`);
    }
    await b.page.setViewportSize(DESKTOP);
  };
  it('audits', async () => {
    const { page } = b;
    await resetSession(b);
    await page.goto('/registro/DEMO');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await audit('login');
    await login(b, 'demo', undefined, 'DEMO');
    await page.waitForLoadState('networkidle');
    await audit('home');
    const screens: [string, string][] = [
      ['/fventa/lista', 'tbody tr'],
      ['/clientes/lista', 'tbody tr'],
      ['/clientes/nuevo', 'input'],
      ['/fventa/nuevo', '[data-testid="linea-1"]'],
      ['/usuario/fichajes', '[data-testid="estado-fichaje"]'],
      ['/pventa/lista', 'tbody tr'],
      ['/configura/lista', 'a'],
      ['/productos/lista', 'tbody tr'],
      ['/movstesoreriac/lista', '[data-testid="list-total"]'],
      ['/fventaverifactu/lista', '[data-testid="list-total"]'],
    ];
    for (const [route, sel] of screens) {
      await page.goto(route);
      await page.locator(sel).first().waitFor();
      await page.waitForLoadState('networkidle');
      await audit(route);
    }
    await page.goto('/fventa/lista?estado=Emitida');
    await page.locator('table a[href*="/fventa/editar/"]').first().click();
    await page.getByTestId('solo-lectura').waitFor();
    await page.waitForLoadState('networkidle');
    await audit('fventa emitida');
  }, 600_000);
});
