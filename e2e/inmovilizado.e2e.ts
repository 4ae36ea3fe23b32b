import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { login, navegadorDelBloque, screenshot } from './browser.ts';

/**
 * The fixed-asset register: the owner creates a computer (2021, a year the demo leaves alone), reads its schedule,
 * posts the depreciation up to March and finds the first month's entry in the ledger's diario; axe on
 * the register and on the schedule at both widths.
 */
describe('inmovilizado: an asset, its schedule and its depreciation in the ledger', () => {
  const navegador = navegadorDelBloque();

  it('creates an asset, shows its schedule, posts it and sees the entry in the diario', async () => {
    const b = navegador();
    // A code of its own, so the journey also runs again against a server that already has its asset.
    const codigo = `E2E-${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await login(b, 'demo', undefined, 'DEMO');
    const { page } = b;
    await page.goto('/contabilidad/inmovilizado');
    await page.getByRole('tab', { name: 'Inmovilizado', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo elemento' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: /^Código/ }).fill(codigo);
    await form.getByRole('textbox', { name: /^Descripción/ }).fill('Ordenador del journey');
    await form.getByRole('combobox', { name: /^Grupo/ }).fill('procesos');
    await page.getByRole('option', { name: /^Equipos para procesos de información/ }).click();
    await form.getByLabel(/^Fecha de inicio/).fill('2021-01-15');
    await form.getByRole('textbox', { name: /^Coste/ }).fill('1.200,00');
    await form.getByRole('textbox', { name: /^Coeficiente anual/ }).fill('25');
    await form.getByRole('button', { name: 'Guardar' }).click();

    // Saved: the schedule opens (48 months of 25,00 €, 300,00 € a year).
    const cuadro = page.getByRole('dialog', { name: `Cuadro de amortización: ${codigo}` });
    const anual = cuadro.getByRole('table', { name: 'Cuadro de amortización por ejercicio' });
    await anual.getByRole('cell', { name: '2021', exact: true }).waitFor();
    expect(await anual.getByRole('row').count()).toBe(5);
    expect(await anual.getByRole('row', { name: '2022 300,00 € 600,00 € 600,00 €' }).count()).toBe(1);
    await expectAccessibleBothWidths(page, 'inmovilizado cuadro');
    await page.keyboard.press('Escape');
    await cuadro.waitFor({ state: 'hidden' });

    await page.getByLabel(/^Amortizar hasta/).fill('2021-03-31');
    await page.getByRole('button', { name: 'Amortizar', exact: true }).click();
    await page.getByText(/Se han asentado \d+ asientos/).waitFor();
    const fila = page.getByRole('row', { name: new RegExp(codigo) });
    await fila.getByRole('cell', { name: '1.125,00 €', exact: true }).waitFor();
    await expectAccessibleBothWidths(page, 'inmovilizado lista');
    await screenshot(page, 'inmovilizado-lista');

    // The first month's entry in the ledger's diario of 2021.
    await page.goto('/contabilidad/libro?anyo=2021');
    await page.getByRole('tab', { name: 'Libro diario' }).click();
    const diario = page.getByRole('table', { name: 'Libro diario' });
    await diario.getByText(`AMORT. ${codigo} 2021-01`).first().waitFor();
    expect(await diario.getByText(new RegExp(`^AMORT\\. ${codigo} 2021-0[123]$`)).count()).toBe(6);
  }, 120_000);
});
