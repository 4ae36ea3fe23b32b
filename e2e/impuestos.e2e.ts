import { describe, expect, it } from 'vitest';
import { expectAccessible, expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

/**
 * End to end: close the last quarter's 303 — the boxes from the books, a box opened to the invoices behind
 * it, the AEAT file downloaded, the return marked as presented with its CSV (then locked); axe at both widths.
 */
describe('modtributarios: the quarter’s 303 closed and downloaded', () => {
  const navegador = navegadorDelBloque();

  it('traces a box, downloads the AEAT file and marks the 303 as presented', async () => {
    const page = await abrirPantalla(navegador(), '/modtributarios/lista', 'Modelos tributarios');
    await page.getByRole('table', { name: 'IVA devengado · Régimen general' }).waitFor();
    await expectAccessibleBothWidths(page, 'modelos tributarios');

    // The demo's last quarter has sales at 21 %: box 09 opens its invoices.
    await page.getByRole('button', { name: /^Casilla 09: / }).click();
    const dialogo = page.getByRole('dialog', { name: 'Casilla 09' });
    await dialogo.getByRole('table', { name: 'Facturas de la casilla 09' }).waitFor();
    expect(await dialogo.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'modelos tributarios traza');
    await page.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });

    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar fichero AEAT' }).click();
    expect((await descarga).suggestedFilename()).toMatch(/^303_\d{4}_[1-4]T\.txt$/);

    await page.getByRole('button', { name: 'Marcar como presentado' }).click();
    const presentar = page.getByRole('dialog', { name: 'Marcar como presentado' });
    await presentar.getByLabel('CSV o número de justificante').fill('ABCD1234EFGH5678');
    await presentar.getByRole('button', { name: 'Marcar como presentado' }).click();
    await waitToast(page, 'Modelo marcado como presentado');
    await page.getByText('Presentada', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Marcar como presentado' }).count()).toBe(0);
    await page
      .getByRole('table', { name: 'Modelos guardados' })
      .getByText('ABCD1234EFGH5678', { exact: false })
      .waitFor();
    await screenshot(page, 'modelos-303-presentado');
  }, 90_000);
});
