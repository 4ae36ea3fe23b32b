import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { type Browser, e2eBaseURL, login, openBrowser, screenshot } from './browser.ts';

/**
 * Issue 15 end to end: the office dashboard's cards, the ContaPlus export of the last closed quarter (preview with
 * the balance check, then the zip) and an invoice export from `exportaciones`; axe on each screen at both widths.
 */
describe('contabilidad: dashboard, ContaPlus export of a quarter and a document export', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(e2eBaseURL());
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows the dashboard, exports the quarter to ContaPlus and downloads the invoices', async () => {
    await login(b, 'demo', undefined, 'DEMO');
    const { page } = b;
    await page.goto('/');
    await page.getByTestId('panel-oficina').waitFor();
    for (const id of ['panel-ventas', 'panel-cobros', 'panel-pagos', 'panel-caja', 'panel-bancos', 'panel-plazo'])
      expect(await page.getByTestId(`${id}-valor`).textContent()).toMatch(/\d/);
    expect(await page.getByRole('img', { name: /^Ventas por mes/ }).count()).toBe(1);
    await expectAccessibleBothWidths(page, 'inicio panel');

    await page.goto('/contabilidad/lista');
    await page.getByRole('heading', { name: 'Contabilidad' }).waitFor();
    const resumen = page.getByTestId('contabilidad-resumen');
    await resumen.waitFor();
    await resumen.getByText('Debe = Haber en cada asiento').waitFor();
    await page.getByRole('table', { name: 'Primeros asientos del periodo' }).waitFor();
    await expectAccessibleBothWidths(page, 'contabilidad exportacion');
    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar' }).click();
    expect((await zip).suggestedFilename()).toMatch(/^contaplus-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.zip$/);
    await screenshot(page, 'contabilidad-contaplus');

    await page.goto('/exportaciones/lista');
    await page.getByRole('heading', { name: 'Exportaciones' }).waitFor();
    await expectAccessibleBothWidths(page, 'exportaciones');
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    expect((await xlsx).suggestedFilename()).toMatch(/^fventa-\d{4}-01-01-\d{4}-12-31\.xlsx$/);
    await page.getByTestId('exportaciones-hecho').waitFor();
  }, 120_000);
});
