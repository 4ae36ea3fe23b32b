import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * The annual summaries end to end: from the models screen to the cross-check (390 against the four 303s, 190
 * against the four 111s, 180 against the four 115s) for the demo's year, audited with axe at both widths; then
 * the 390 itself in the models screen, its annual period and its AEAT file.
 */
describe('modtributarios: the annual summaries and their cross-check', () => {
  const navegador = navegadorDelBloque();

  it('opens the cross-check of the year, then the 390 and its file', async () => {
    const page = await abrirPantalla(navegador(), '/modtributarios/lista', 'Modelos tributarios');
    // The menu entry of the group "Impuestos y contabilidad" leads there; so does the models screen's link.
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Comprobaciones anuales' })
      .waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Comprobaciones anuales' }).click();
    await page.waitForURL('**/modtributarios/comprobaciones');
    await page.getByRole('heading', { name: 'Comprobaciones anuales', level: 1 }).waitFor();

    // Last year's first (the screen's default), then this year's, where the demo's books are.
    await page.getByRole('table', { name: 'Modelo 390 frente a los cuatro modelos 303' }).waitFor();
    const anyo = String(new Date().getFullYear());
    await page.getByRole('combobox', { name: 'Ejercicio' }).click();
    await page.getByRole('option', { name: anyo, exact: true }).click();
    for (const [anual, periodico] of [
      ['390', '303'],
      ['190', '111'],
      ['180', '115'],
    ])
      await page.getByRole('table', { name: `Modelo ${anual} frente a los cuatro modelos ${periodico}` }).waitFor();
    const t390 = page.getByRole('table', { name: 'Modelo 390 frente a los cuatro modelos 303' });
    expect(await t390.locator('tbody tr').count()).toBe(6);
    await t390.getByText('Total cuotas de IVA y recargo de equivalencia').waitFor();
    await expectAccessibleBothWidths(page, 'comprobaciones anuales');
    await screenshot(page, 'comprobaciones-anuales');

    await page.getByRole('main').getByRole('link', { name: 'Modelos tributarios' }).click();
    await page.getByRole('heading', { name: 'Modelos tributarios' }).waitFor();
    await page.getByRole('combobox', { name: 'Modelo' }).click();
    await page.getByRole('option', { name: 'Modelo 390 · IVA. Declaración-resumen anual' }).click();
    await page.getByRole('table', { name: 'IVA devengado · Régimen ordinario' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Periodo' }).inputValue()).toBe('Anual');
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar fichero AEAT' }).click();
    expect((await descarga).suggestedFilename()).toMatch(/^390_\d{4}_0A\.txt$/);
  }, 120_000);
});
