import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './axe.ts';
import { apiGet, entrar, navegadorDelBloque, screenshot } from './browser.ts';

const TICKET = `BAR RESTAURANTE EL PUERTO S.L.
PASEO MARITIMO 3, MALAGA
CIF: B12345674
FACTURA SIMPLIFICADA 2026-118
FECHA: 21/03/2026   HORA: 14:10
2 MENU DEL DIA   12,50   25,00
1 CAFE            1,40    1,40
TOTAL EUR                26,40
IVA 10%  BASE 24,00  CUOTA 2,40
TARJETA                  26,40`;

/** The ticket as a phone would photograph it: a PNG of the printed text, no text layer (tesseract reads it). */
async function fotoDelTicket(): Promise<Buffer> {
  const pdf = await new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: [300, 400], margin: 16 });
    const partes: Buffer[] = [];
    doc.on('data', (c: Buffer) => partes.push(c));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.font('Courier').fontSize(10).text(TICKET);
    doc.end();
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'faro-ticket-e2e-'));
  try {
    writeFileSync(path.join(dir, 't.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', path.join(dir, 't.pdf'), path.join(dir, 't')]);
    return readFileSync(path.join(dir, 't.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The phone expense flow at 390 px by clicks: from the purchases list to 'Ticket de gasto', the photo, the fields
 * read from it (marked as read), card, save; the screen fits one phone screen, passes axe, and the expense is
 * registered and paid with the photo. The user path's time is printed (timings are never asserted).
 */
describe('ticket de gasto on a phone', () => {
  const navegador = navegadorDelBloque();
  let foto: Buffer;
  beforeAll(async () => {
    foto = await fotoDelTicket();
  });

  it('photo, confirm, card, save: booked and paid, one screen at 390 px, accessible', async () => {
    const page = await entrar(navegador());
    await page.setViewportSize(PHONE);
    await page.goto('/fcompra/lista');
    const inicio = performance.now();
    await page.getByRole('link', { name: 'Ticket de gasto' }).click();
    await page.getByRole('heading', { name: 'Ticket de gasto' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: foto });
    const total = page.getByLabel('Total con IVA (€)');
    await expect.poll(() => total.inputValue(), { timeout: 30_000 }).toBe('26,40');
    const leidoEn = performance.now();
    // What came from the photo is marked so, for the person to confirm.
    expect(await total.getAttribute('data-leido')).toBe('si');
    expect(await page.getByRole('textbox', { name: 'Comercio', exact: true }).inputValue()).toContain('EL PUERTO');
    expect(await page.getByLabel('NIF del comercio').inputValue()).toBe('B12345674');
    expect(await page.getByRole('textbox', { name: 'Fecha', exact: true }).inputValue()).toBe('21/03/2026');
    expect(await page.getByRole('radio', { name: '10 %' }).isChecked()).toBe(true);
    expect(await page.getByText('Leído de la foto').count()).toBeGreaterThanOrEqual(3);

    // The main path on one screen: no sideways scroll, 'Guardar gasto' visible without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const guardar = page.getByRole('button', { name: 'Guardar gasto' });
    const caja = await guardar.boundingBox();
    expect(caja!.y + caja!.height).toBeLessThanOrEqual(PHONE.height);
    await screenshot(page, 'phone-ticket-gasto-leido');
    await expectAccessible(page, 'ticket de gasto');

    await page.getByText('Tarjeta', { exact: true }).click();
    await guardar.click();
    const hecho = page.getByTestId('ticket-hecho');
    await hecho.or(page.getByTestId('error-formulario')).first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('error-formulario').count(), (await page.locator('main').textContent()) ?? '').toBe(
      0,
    );
    const fin = performance.now();
    console.log(
      `Ticket de gasto: ${Math.round(fin - inicio)} ms del listado al gasto pagado (lectura ${Math.round(leidoEn - inicio)} ms)`,
    );
    await screenshot(page, 'phone-ticket-gasto-hecho');
    // Ready for the next ticket.
    expect(await total.inputValue()).toBe('');

    const enlace = await hecho.getByRole('link').getAttribute('href');
    const id = enlace!.split('/').pop();
    const gasto = await apiGet<Record<string, unknown>>(page, `compras/fgasto/edit/${id}`);
    expect(gasto).toMatchObject({
      Estado: 'Registrada',
      EstadoPago: 'Pagado',
      FechaFacturaProveedor: '2026-03-21',
      BaseImponible: '24.00',
      TotalIva: '2.40',
      Total: '26.40',
      Adjunto: expect.objectContaining({ Tipo: 'png' }),
    });
    expect(String(gasto.ProveedorNombre)).toContain('EL PUERTO');
    // Paid on the ticket's day (the registration follows the book's order: that day, or the day it was booked).
    const pagos = await apiGet<{ Items: Record<string, unknown>[] }>(
      page,
      `tesoreria/movstesoreriap/list?Filtros=${encodeURIComponent(JSON.stringify({ IdFactura: Number(id) }))}`,
    );
    expect(pagos.Items).toEqual([expect.objectContaining({ Fecha: '2026-03-21', Importe: '26.40' })]);
  });
});
