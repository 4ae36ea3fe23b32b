import type { Page } from 'playwright-core';

/**
 * In a document editor: types part of the customer's or supplier's name in its search box, picks the full name from
 * the options and waits for the party's data panel to show it.
 */
export async function elegirTercero(
  page: Page,
  campo: 'Cliente' | 'Proveedor',
  buscar: string,
  nombre: string,
): Promise<void> {
  const caja = page.getByLabel(campo, { exact: false }).first();
  await caja.click();
  await caja.fill(buscar);
  await page.getByRole('option', { name: nombre }).click();
  await page.getByTestId('datos-cliente').getByText(nombre).waitFor();
}
