import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * The fiscal calendar end to end: the company's year of deadlines, each with its state; the «Vencidos» filter kept
 * in the URL; axe at 1366 and 390 px (a phone keeps the table scrollable inside its container, no sideways scroll).
 */
describe('calendariofiscal: the year’s deadlines and their state', () => {
  const navegador = navegadorDelBloque();

  it('lists the year’s models with their deadlines, filters the overdue ones and fits a phone', async () => {
    const page = await abrirPantalla(navegador(), '/calendariofiscal/lista?Anyo=2025', 'Calendario fiscal');
    const tabla = page.getByRole('table', { name: 'Calendario fiscal 2025' });
    await tabla.getByText('1.º trimestre').first().waitFor();
    // 303 of every quarter and the annual 347 at least.
    expect(await tabla.getByText('IVA. Autoliquidación').count()).toBeGreaterThanOrEqual(4);
    expect(await tabla.getByText('Operaciones con terceras personas').count()).toBe(1);
    await expectAccessibleBothWidths(page, 'calendario fiscal');
    await page.getByText('Vencidos', { exact: true }).click();
    await page.waitForURL(/Ver=vencidos/);
    // Every row left is an overdue one (or the single «no hay» row).
    await expect
      .poll(async () => {
        const filas = await tabla.locator('tbody tr').count();
        const vencidos = await tabla.getByText('Vencido', { exact: true }).count();
        return vencidos === filas || (vencidos === 0 && filas === 1);
      })
      .toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    // The table scrolls inside its container; the page itself does not scroll sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'calendario-fiscal-390');
  }, 90_000);
});
