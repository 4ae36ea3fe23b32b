import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * The ledger kept in Faro: the owner generates the year's entries, reads sumas y saldos (balanced), drills down from
 * a customer subaccount to its mayor, from a line to its entry and from the entry to the invoice; axe on the report
 * and on the entry at both widths.
 */
describe('libro contable: sumas y saldos with drill-down to the document', () => {
  const navegador = navegadorDelBloque();

  it('generates the entries, balances, and drills down account → mayor → entry → invoice', async () => {
    const page = await entrar(navegador());
    await page.goto('/contabilidad/libro');
    await page.getByRole('tab', { name: 'Libro contable', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Generar asientos' }).click();
    // By batches: the bar goes to 100 % with "N de N documentos" and the count of entries written.
    const barra = page.getByRole('progressbar', { name: 'Progreso de la generación de asientos' });
    await barra.waitFor();
    const aviso = page.getByText(/Asientos generados: \d+/);
    await aviso.waitFor();
    expect(await barra.getAttribute('aria-valuenow')).toBe('100');
    const linea =
      (await page
        .getByTestId('generacion-progreso')
        .getByText(/^[\d.]+ de [\d.]+ documentos/)
        .textContent()) ?? '';
    const [, hechos, total, escritos] =
      /^([\d.]+) de ([\d.]+) documentos · ([\d.]+) asientos · 100 %$/.exec(linea) ?? [];
    expect(hechos, linea).toBe(total);
    expect(Number(total?.replace(/\./g, ''))).toBeGreaterThan(0);
    expect(await aviso.textContent()).toContain(`Asientos generados: ${escritos?.replace(/\./g, '')}`);
    const sumas = page.getByRole('table', { name: 'Sumas y saldos' });
    await sumas.waitFor();
    await sumas.getByText('Cuadrado').waitFor();
    await expectAccessibleBothWidths(page, 'libro sumas y saldos');
    await screenshot(page, 'libro-sumas-y-saldos');

    // A customer subaccount → its mayor.
    const cliente = sumas.getByRole('button', { name: /^430\d+$/ }).first();
    const codigo = (await cliente.textContent())!.trim();
    await cliente.click();
    const mayor = page.getByRole('table', { name: `Mayor de ${codigo}` });
    await mayor.waitFor();
    // A line → its entry, with the customer's subaccount among its lines. The first invoice's entry: collections and
    // returns post on 430 too, and their entries have no document to open.
    const dialogo = page.getByRole('dialog');
    const asientos = mayor.getByRole('button', { name: /^Asiento \d+$/ });
    for (let i = 0; i < Math.min(await asientos.count(), 10); i++) {
      await asientos.nth(i).click();
      await dialogo.getByRole('table', { name: /^Apuntes del asiento \d+$/ }).waitFor();
      if (await dialogo.getByRole('link').count()) break;
      await page.keyboard.press('Escape');
      await dialogo.waitFor({ state: 'detached' });
    }
    expect(await dialogo.getByText(codigo).count()).toBeGreaterThan(0);
    await expectAccessibleBothWidths(page, 'libro asiento');
    // The entry → its invoice.
    const documento = dialogo.getByRole('link').first();
    await documento.click();
    await page.waitForURL(/\/fventa\/editar\/\d+$/);
    await screenshot(page, 'libro-documento');
  }, 180_000);
});
