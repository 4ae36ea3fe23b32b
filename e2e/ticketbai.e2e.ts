import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { elegirTercero, guardarConTeclado } from './documentos.ts';

/**
 * TicketBAI end to end: DEMO's Gipuzkoa company issues an invoice from the form → its PDF carries the TBAI
 * identifier, the QR and the TicketBAI legend (read back with pdftotext) → the queue sends the signed file to the
 * local Diputación simulator, which accepts it → the viewer shows the state, signature and chain. axe at 1366/390 px.
 */
describe('ticketbai: a Gipuzkoa invoice is signed, printed with its QR and accepted', () => {
  const navegador = navegadorDelBloque();

  it('issues → PDF with TBAI identifier and legend → Enviar ahora → Aceptado in the viewer', async () => {
    const page = await entrar(navegador(), 'gipuzkoa');

    // 1. A one-line invoice for a demo customer, saved and issued from the editor.
    await page.goto('/fventa/nuevo');
    await elegirTercero(page, 'Cliente', 'Itsasoa', 'Itsasoa Jatetxea SL');
    const producto1 = page.locator('input[aria-label="Producto 1"]');
    await producto1.click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Menú del día para grupo');
    await page.getByLabel('Cantidad 1').fill('10');
    await page.getByLabel('Precio 1').fill('20');
    await expect.poll(() => page.getByTestId('importe-1').textContent()).toBe('200,00 €');
    await guardarConTeclado(page.getByLabel('Precio 1'), 'fventa');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await waitToast(page, 'La factura se ha emitido con el número');
    await expect.poll(() => page.getByTestId('titulo-documento').textContent()).toMatch(/^Factura [A-Z]\S*\d$/);
    const numero = (await page.getByTestId('titulo-documento').textContent())!.replace('Factura ', '');
    await expectAccessibleBothWidths(page, 'ticketbai factura emitida');

    // 2. The PDF, fetched with the page's session and read back: the TBAI identifier above the QR and the legend.
    const id = page.url().match(/\/fventa\/editar\/(\d+)$/)![1];
    const bytes = await page.evaluate(async (u) => {
      const r = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('faro.token')}` } });
      return Array.from(new Uint8Array(await r.arrayBuffer()));
    }, `/api/ventas/fventa/pdf/${id}`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'faro-tbai-')), 'factura.pdf');
    writeFileSync(file, Buffer.from(bytes));
    const texto = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const tbai = texto.match(/TBAI-[0-9A-Z]{9}-\d{6}-[0-9A-Za-z+/=]{13}-\d{3}/)?.[0];
    expect(tbai, texto).toBeDefined();
    expect(texto).toContain('TicketBAI');
    expect(texto).toContain(numero);

    // 3. The queue: the file is there, generated; 'Enviar ahora' sends it to the local Diputación, which accepts it.
    await page.goto('/lroefactemitidas/lista');
    const fila = page.locator('tbody tr').filter({ hasText: tbai! });
    await fila.waitFor();
    await screenshot(page, 'ticketbai-cola');
    await expectAccessibleBothWidths(page, 'ticketbai cola');
    await page.getByRole('button', { name: 'Enviar ahora' }).click();
    await waitToast(page, 'Envío a la Diputación realizado');
    await fila.getByText('Aceptado').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Comprobar cadena' }).click();
    await page.getByText(/Cadena correcta: \d+ registros/).waitFor();

    // 4. The viewer: state, identifier, signature and QR.
    await fila.getByRole('link').first().click();
    await page.waitForURL(/\/lroefactemitidas\/editar\/\d+$/);
    await page.getByText(tbai!).first().waitFor();
    await page.getByText('Aceptado').first().waitFor();
    await page.getByRole('img', { name: /Código QR TicketBAI/ }).waitFor();
    await screenshot(page, 'ticketbai-visor');
    await expectAccessibleBothWidths(page, 'ticketbai visor');
  });
});
