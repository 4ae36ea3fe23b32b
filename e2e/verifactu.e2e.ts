import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, navegadorDelBloque, screenshot } from './browser.ts';

/** VeriFactu end to end: DEMO's seeded invoices have chained records; the queue and the viewer show them. */
describe('verifactu: the queue and the viewer of DEMO', () => {
  const navegador = navegadorDelBloque();

  it('lists the records, checks the chain and opens a record with its huellas, QR and XML', async () => {
    const page = await abrirPantalla(navegador(), '/fventaverifactu/lista', 'Registros VeriFactu');
    // The table shows one placeholder row while the first page loads: wait for the records themselves.
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Comprobar cadena' }).click();
    await page.getByText(/Cadena correcta: \d+ registros/).waitFor();
    await screenshot(page, 'verifactu-cola');
    await expectAccessibleBothWidths(page, 'verifactu-cola');
    await page.getByRole('button', { name: 'Configuración' }).click();
    await page.getByLabel('Número de instalación').waitFor();
    await page.getByText(/Cargado: simulador-demo\.p12/).waitFor();
    await screenshot(page, 'verifactu-configuracion');
    await expectAccessibleBothWidths(page, 'verifactu-configuracion');
    await page.keyboard.press('Escape');
    // An alta record (a cancellation record has no QR; the demo may list one first).
    await page
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Alta', exact: true }) })
      .first()
      .click();
    await page.waitForURL(/\/fventavisorvf\/editar\/\d+$/);
    await page.getByTestId('huella').waitFor();
    expect(await page.getByTestId('huella').textContent()).toMatch(/^[0-9A-F]{64}$/);
    await page.getByRole('img', { name: 'Código QR tributario' }).waitFor();
    expect(await page.getByTestId('xml').textContent()).toContain('RegistroA');
    await screenshot(page, 'verifactu-visor');
    await expectAccessibleBothWidths(page, 'verifactu-visor');
  });
});
