import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectAccessibleBothWidths } from './axe.ts';
import { entrar, irA, navegadorDelBloque, screenshot } from './browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** How far the page scrolls sideways: nothing on a phone layout. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Badge texts cut by the width of their cell ("EMITI…", "COBRADO PARCIALM…"). */
const cutBadges = (page: Page) =>
  page.$$eval('.mantine-Badge-label', (els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );

/** The bespoke screens at 1366 px and on a 390 px phone. */
describe('phone and desktop layouts of the sales screens', () => {
  const navegador = navegadorDelBloque();

  it('1366 px: the invoice list and a new invoice whose customer list is not open on arrival', async () => {
    const page = await entrar(navegador());
    await page.setViewportSize(DESKTOP);
    await irA(page, '/fventa/lista', 'Facturas');
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => page.getByTestId('list-total').textContent()).toMatch(/registros?|\+$/);
    expect(await page.getByRole('button', { name: 'Página siguiente' }).count()).toBe(1);
    expect(await cutBadges(page)).toEqual([]);
    await screenshot(page, 'desktop-fventa-lista');

    await page.goto('/fventa/nuevo');
    await page.getByTestId('linea-1').waitFor();
    const cliente = page.locator('[data-testid="celda-cliente"] input:not([type=hidden])');
    await expect.poll(() => cliente.evaluate((e) => e === document.activeElement)).toBe(true);
    // Focused, but the list is closed: Serie, Forma de pago, Almacén and the first line are visible.
    expect(await page.getByRole('listbox').count()).toBe(0);
    await page.getByText('Forma de pago').first().waitFor();
    await screenshot(page, 'desktop-fventa-editor');
    await expectAccessible(page, 'fventa nuevo');
  });

  it('390 px: lists fold their filters, rows fit the screen, the line editor shows Cantidad and Precio', async () => {
    const { page } = navegador();
    await page.setViewportSize(PHONE);
    await irA(page, '/fventa/lista', 'Facturas');
    await page.getByTestId('documento-compacto').first().waitFor();
    // One 'Filtros' button instead of seven stacked filters; no sideways scroll; badges whole.
    await page.getByRole('button', { name: /^Filtros/ }).waitFor();
    expect(await page.getByLabel('Buscar').count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await cutBadges(page)).toEqual([]);
    const fila = await page.getByTestId('documento-compacto').first().boundingBox();
    expect(fila!.x + fila!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-fventa-lista');

    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByLabel('Buscar').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-fventa-lista-filtros');
    await expectAccessible(page, 'fventa lista filtros');

    await page.goto('/fventa/nuevo');
    await page.getByTestId('linea-1').waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);
    await screenshot(page, 'phone-fventa-editor-cabecera');
    await page.getByTestId('linea-1').scrollIntoViewIfNeeded();
    for (const campo of ['Cantidad 1', 'Precio 1']) {
      const box = await page.getByLabel(campo, { exact: true }).boundingBox();
      expect(box, campo).not.toBeNull();
      expect(box!.x, campo).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, campo).toBeLessThanOrEqual(PHONE.width);
      expect(box!.y, campo).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, campo).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-fventa-editor');
    await expectAccessible(page, 'fventa nuevo');
  });

  it('390 px: the other bespoke screens fit the phone too', async () => {
    const { page } = navegador();
    await page.setViewportSize(PHONE);
    const pantallas: [string, string][] = [
      ['/pventa/lista', 'phone-pventa-lista'],
      ['/fventarec/lista', 'phone-fventarec-lista'],
      ['/movstesoreriac/lista', 'phone-cobros'],
      ['/fventaverifactu/lista', 'phone-verifactu-cola'],
      ['/fventavisorvf/lista', 'phone-verifactu-visor-lista'],
    ];
    for (const [ruta, nombre] of pantallas) {
      await page.goto(ruta);
      await page.getByTestId('list-total').filter({ hasText: /\S/ }).first().waitFor();
      expect(await pageWidth(page), ruta).toBeLessThanOrEqual(PHONE.width);
      expect(await cutBadges(page), ruta).toEqual([]);
      await screenshot(page, nombre);
      await expectAccessibleBothWidths(page, ruta);
    }
    // An issued invoice on the phone: read-only, no empty boxes, totals and lines readable.
    await page.goto('/fventa/lista?estado=Emitida');
    await page.getByTestId('documento-compacto').first().click();
    await page.waitForURL(/\/fventa\/editar\/\d+$/);
    await page.getByTestId('solo-lectura').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await cutBadges(page)).toEqual([]);
    await screenshot(page, 'phone-fventa-emitida');
    await expectAccessible(page, 'fventa emitida');
  }, 180_000);
});
