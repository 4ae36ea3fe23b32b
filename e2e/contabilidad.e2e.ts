import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, irA, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * End to end: the ContaPlus export of the last closed quarter (preview with
 * the balance check, then the zip) and an invoice export from `exportaciones`; axe on each screen at both widths.
 */
describe('contabilidad: ContaPlus export of a quarter and a document export', () => {
  const navegador = navegadorDelBloque();

  it('exports the quarter to ContaPlus and downloads the invoices', async () => {
    // The dashboard's own journey is panel.e2e.ts.
    const page = await abrirPantalla(navegador(), '/contabilidad/lista', 'Contabilidad');
    const resumen = page.getByTestId('contabilidad-resumen');
    await resumen.waitFor();
    await resumen.getByText('Debe = Haber en cada asiento').waitFor();
    await page.getByRole('table', { name: 'Primeros asientos del periodo' }).waitFor();
    await expectAccessibleBothWidths(page, 'contabilidad exportacion');
    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar' }).click();
    expect((await zip).suggestedFilename()).toMatch(/^contaplus-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.zip$/);
    await screenshot(page, 'contabilidad-contaplus');

    await irA(page, '/exportaciones/lista', 'Exportaciones');
    await expectAccessibleBothWidths(page, 'exportaciones');
    const xlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    expect((await xlsx).suggestedFilename()).toMatch(/^fventa-\d{4}-01-01-\d{4}-12-31\.xlsx$/);
    await page.getByTestId('exportaciones-hecho').waitFor();
  }, 120_000);
});
