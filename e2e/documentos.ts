import type { Locator, Page } from 'playwright-core';
import { abrirPantalla, type Browser, waitToast } from './browser.ts';

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

/** Types `codigo` in the product search of line `linea` of the document editor (its options open below). */
export async function buscarProducto(page: Page, linea: number, codigo: string): Promise<void> {
  const producto = page.locator(`input[aria-label="Producto ${linea}"]`);
  await producto.click();
  await producto.fill(codigo);
}

/**
 * Signs in, opens the list of `segmento` (heading `titulo`), follows its «Nuevo …» link and picks the document's
 * customer or supplier (`tercero`: as `elegirTercero` takes it).
 */
export async function nuevoDocumento(
  b: Browser,
  segmento: string,
  titulo: string,
  nuevo: string,
  tercero: Parameters<typeof elegirTercero> extends [Page, ...infer R] ? R : never,
): Promise<Page> {
  const page = await abrirPantalla(b, `/${segmento}/lista`, titulo);
  await page.getByRole('link', { name: nuevo }).click();
  await page.waitForURL(`**/${segmento}/nuevo`);
  await elegirTercero(page, ...tercero);
  return page;
}

/**
 * Saves the open document with the keyboard (Ctrl+Enter in `campo`) and waits for the confirmation; a new document
 * of `segmento` also for the address of its editor.
 */
export async function guardarConTeclado(campo: Locator, segmento?: string): Promise<void> {
  const page = campo.page();
  await campo.press('Control+Enter');
  await waitToast(page, 'Los datos se han guardado correctamente');
  if (segmento) await page.waitForURL(new RegExp(`/${segmento}/editar/\\d+$`));
}
