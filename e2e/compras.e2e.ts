import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { buscarProducto, guardarConTeclado, nuevoDocumento } from './documentos.ts';

// Two cores shared by everyone: a reload after an action can take seconds.
const LENTO = { timeout: 15_000 };

/** A 1×1 PNG: the photo of a ticket. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Purchases end to end: order → receipt with a lot → invoice with the paper's totals → registration → payment. */
describe('compras: an order becomes a registered and paid received invoice; an expense with its photo', () => {
  const navegador = navegadorDelBloque();

  it('orders, receives with a lot, books the invoice as printed, registers and pays it', async () => {
    // 1. A supplier order of a lot-traced product (TOR-001) at its purchase price.
    const page = await nuevoDocumento(navegador(), 'dcompra', 'Pedidos de compra', 'Nuevo pedido de compra', [
      'Proveedor',
      'Distribuciones Ferreteras',
      'Distribuciones Ferreteras del Centro SA',
    ]);
    await buscarProducto(page, 1, 'TOR-001');
    // Picking the product offers this supplier's last purchase price and discount (DEMO bought TOR-001 from it).
    const ultimo = page.waitForResponse((r) => r.url().includes('/api/compras/proveedores/precios'));
    await page.getByRole('option', { name: /TOR-001/ }).click();
    await expect.poll(() => page.getByLabel('Descripción 1').inputValue()).toContain('Tornillo');
    expect((await ultimo).status()).toBe(200);
    await page.getByLabel('Cantidad 1').fill('10');
    // This time the supplier quotes 2,90 net: the price and discount typed replace the offered ones.
    await page.getByLabel('Precio 1').fill('2,90');
    await page.getByLabel('Descuento 1').fill('0');
    // 10 × 2,90 = 29,00 + IVA 21 % 6,09 = 35,09
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('35,09 €');
    await guardarConTeclado(page.getByLabel('Precio 1'), 'dcompra');
    await expect.poll(() => page.getByTestId('titulo-documento').textContent(), LENTO).toMatch(/^Pedido de compra /);
    await expectAccessibleBothWidths(page, 'dcompra editor');

    // 2. Received: the delivery note asks for the lot of the traced product.
    await page.getByRole('button', { name: 'Convertir en…' }).click();
    await page.getByRole('menuitem', { name: 'Albarán de compra' }).click();
    await page.waitForURL(/\/acompra\/editar\/\d+$/);
    await page.getByTestId('titulo-documento').filter({ hasText: 'Albarán de compra' }).waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('35,09 €');
    const lote = page.getByLabel('Lote 1');
    await lote.waitFor();
    await lote.fill('L-2611');
    await guardarConTeclado(lote);
    await expect.poll(() => page.getByLabel('Lote 1').inputValue()).toBe('L-2611');

    // 3. The supplier's invoice as printed: their number and date, and the paper's totals typed and checked.
    await page.getByRole('button', { name: 'Convertir en…' }).click();
    await page.getByRole('menuitem', { name: 'Factura recibida' }).click();
    await page.waitForURL(/\/fcompra\/editar\/\d+$/);
    await expect.poll(() => page.getByTestId('titulo-documento').textContent()).toBe('Factura recibida (borrador)');
    const numeroProveedor = `FP-${Date.now().toString().slice(-6)}`;
    await page.getByLabel('Número de factura del proveedor', { exact: false }).fill(numeroProveedor);
    await page.getByLabel('Teclear los totales del papel (comprobar la factura)').check();
    await page.getByLabel('Base imponible del papel').fill('29,00');
    await page.getByLabel('Total del papel').fill('35,10');
    // One cent off: the difference shows at once, per field.
    await expect.poll(() => page.getByTestId('diferencia-Total').textContent()).toContain('diferencia 0,01 €');
    await page.getByLabel('Total del papel').fill('35,09');
    await expect
      .poll(() => page.getByTestId('diferencia-papel').textContent())
      .toBe('Los totales del papel cuadran con los calculados.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await expectAccessibleBothWidths(page, 'fcompra editor');

    // 4. Registration: our number, read-only afterwards.
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar', exact: true }).click();
    await waitToast(page, 'La factura se ha registrado con el número');
    await page.getByTestId('solo-lectura').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('titulo-documento').textContent())
      .toMatch(/^Factura recibida (?!\(borrador\))\S+/);
    const numero = (await page.getByTestId('titulo-documento').textContent())!.replace('Factura recibida ', '');

    // 5. Payment of the whole amount from a treasury account: Pagado.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Importe', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Importe', { exact: false }).inputValue()).toBe('35,09');
    await expectAccessibleBothWidths(page, 'fcompra registrar pago');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await waitToast(page, 'El pago se ha registrado correctamente');
    await page.getByTestId('estado').first().getByText('Pagado', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('pendiente').textContent(), LENTO).toBe('0,00 €');
    await page.waitForTimeout(300); // toasts and menus fade out
    await screenshot(page, 'compras-factura-pagada');
    await expectAccessibleBothWidths(page, 'fcompra pagada');

    // 6. The list finds it by the supplier's NIF-less name search among the paid ones; payments list shows it.
    await page.goto(`/fcompra/lista?cobro=Pagado&buscar=${encodeURIComponent(numero)}`);
    await page.getByRole('link', { name: numero }).waitFor();
    await expectAccessibleBothWidths(page, 'fcompra lista');
    await page.goto('/movstesoreriap/lista?tipomov=pago');
    await page.getByRole('link', { name: numero }).first().waitFor();
    await expectAccessibleBothWidths(page, 'movstesoreriap lista');
  }, 300_000);

  it('books an expense from the phone form with a photo of the ticket', async () => {
    const { page } = navegador();
    await page.goto('/fgasto/nuevo');
    await page.getByTestId('titulo-documento').filter({ hasText: 'Nuevo gasto' }).waitFor();
    await page.locator('input[type=file][capture=environment]').setInputFiles({
      name: 'ticket.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect.poll(() => page.getByTestId('foto-ticket').textContent()).toBe('Foto: ticket.png');
    await page.getByLabel('O el nombre del ticket (sin ficha de proveedor)').fill('Gasolinera Sol');
    await page.getByLabel('Concepto', { exact: false }).fill('Gasoil furgoneta');
    await page.getByLabel('Base imponible 1').fill('50');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe('60,50 €');
    await expectAccessibleBothWidths(page, 'fgasto nuevo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/fgasto\/editar\/\d+$/);
    await expect.poll(() => page.getByTestId('adjunto-nombre').textContent(), LENTO).toContain('ticket.png');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await waitToast(page, 'La factura se ha registrado con el número');
    await page.getByTestId('solo-lectura').waitFor();
    await screenshot(page, 'compras-gasto');
    await expectAccessibleBothWidths(page, 'fgasto registrado');
  }, 180_000);
});
