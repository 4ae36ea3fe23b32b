import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, entrar, navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { buscarProducto, guardarConTeclado, nuevoDocumento } from './documentos.ts';

/** Sales documents end to end: quote → order → delivery note → invoice → issued → PDF → collected. */
describe('ventas: a quote becomes a collected invoice', () => {
  const navegador = navegadorDelBloque();

  it('creates a quote with two lines, converts it down the chain, issues, prints and collects the invoice', async () => {
    const b = navegador();

    // 1. A quote for a demo customer: a catalogue product (tariff price) and a free-text line, keyboard first.
    const page = await nuevoDocumento(b, 'pventa', 'Presupuestos', 'Nuevo presupuesto', [
      'Cliente',
      'Reformas Integrales',
      'Reformas Integrales Levante SL',
    ]);

    await buscarProducto(page, 1, 'HER-003');
    await page.getByRole('option', { name: /HER-003/ }).click();
    // Picking the product jumps to the quantity with the description and the tariff price filled in.
    await expect.poll(() => page.getByLabel('Descripción 1').inputValue()).toBe('Martillo de carpintero 500 g');
    await expect.poll(() => page.getByLabel('Precio 1').inputValue()).not.toBe('');
    const cantidad1 = page.getByLabel('Cantidad 1');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Cantidad 1');
    await cantidad1.fill('2');
    await cantidad1.press('Enter');
    // Enter added line 2 and put the cursor on its product; Enter there goes to a free-text description.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Producto 2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Montaje y puesta en marcha');
    // Every key typed right after Enter lands in the new cell.
    expect(await page.getByLabel('Descripción 2').inputValue()).toBe('Montaje y puesta en marcha');
    await page.getByLabel('Cantidad 2').fill('1,5');
    await page.getByLabel('Precio 2').fill('40');
    await expect.poll(() => page.getByTestId('importe-2').textContent()).toBe('60,00 €');
    const total = await page.getByTestId('total').textContent();
    expect(total).toMatch(/^\d+,\d{2} €$/);
    await screenshot(page, 'ventas-presupuesto-editor');

    await guardarConTeclado(page.getByLabel('Precio 2'), 'pventa');
    await expect.poll(() => page.getByTestId('titulo-documento').textContent()).toMatch(/^Presupuesto \S+/);
    expect(await page.getByTestId('total').textContent()).toBe(total);
    await expectAccessibleBothWidths(page, 'pventa editor');

    // 2. Quote → order → delivery note → invoice.
    const convertir = async (destino: string, accion: string) => {
      await page.getByRole('button', { name: 'Convertir en…' }).click();
      await page.getByRole('menuitem', { name: destino }).click();
      await page.waitForURL(new RegExp(`/${accion}/editar/\\d+$`));
      await page.getByTestId('titulo-documento').filter({ hasText: destino }).waitFor();
      expect(await page.getByTestId('total').textContent()).toBe(total);
    };
    await convertir('Pedido', 'dventa');
    await convertir('Albarán', 'aventa');
    await convertir('Factura', 'fventa');
    await expect.poll(() => page.getByTestId('titulo-documento').textContent()).toBe('Factura (borrador)');

    // 3. Issue it: a number appears and the invoice becomes read-only.
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await waitToast(page, 'La factura se ha emitido con el número');
    await expect.poll(() => page.getByTestId('titulo-documento').textContent()).toMatch(/^Factura [A-Z]\S*\d$/);
    const numero = (await page.getByTestId('titulo-documento').textContent())!.replace('Factura ', '');
    await page.getByTestId('solo-lectura').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);

    // 4. The PDF: the download is a real PDF, opened in a new tab.
    await page.getByRole('button', { name: 'PDF' }).click();
    const [response, popup] = await Promise.all([
      page.waitForResponse((r) => /\/api\/ventas\/fventa\/pdf\/\d+$/.test(r.url())),
      b.context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Ver en una pestaña nueva' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The bytes, fetched again with the page's session: a real PDF.
    const head = await page.evaluate(async (u) => {
      const r = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('faro.token')}` } });
      return { size: (await r.clone().arrayBuffer()).byteLength, head: (await r.text()).slice(0, 5) };
    }, new URL(response.url()).pathname);
    expect(head.head).toBe('%PDF-');
    expect(head.size).toBeGreaterThan(1000);
    await popup.close().catch(() => {});

    // 5. Register the collection of the whole pending amount: the invoice is Cobrado.
    await page.getByRole('button', { name: 'Registrar cobro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Importe').waitFor();
    expect(`${await dialog.getByLabel('Importe').inputValue()} €`).toBe(total);
    await expectAccessibleBothWidths(page, 'fventa registrar cobro');
    await dialog.getByRole('button', { name: 'Registrar cobro' }).click();
    await waitToast(page, 'El cobro se ha registrado correctamente');
    await page.getByTestId('estado').first().getByText('Cobrado', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('pendiente').textContent()).toBe('0,00 €');
    expect(await page.getByRole('button', { name: 'Registrar cobro' }).count()).toBe(0);

    // 6. The history shows the whole chain with links.
    const historial = page.getByTestId('historial');
    await historial.getByRole('link', { name: /^Presupuesto / }).waitFor();
    await historial.getByRole('link', { name: /^Pedido / }).waitFor();
    await historial.getByRole('link', { name: /^Albarán / }).waitFor();
    await historial.getByText(`Factura ${numero} · este documento`).waitFor();
    await page.waitForTimeout(300); // toasts and menus fade out
    await screenshot(page, 'ventas-factura-cobrada');
    await expectAccessibleBothWidths(page, 'fventa cobrada');

    // 7. The invoice list finds it among the collected ones.
    await page.goto('/fventa/lista?cobro=Cobrado');
    await page.getByRole('link', { name: numero }).waitFor();
    const fila = page.locator('tr', { has: page.getByRole('link', { name: numero }) });
    await fila.getByText('Cobrado', { exact: true }).waitFor();
    expect(await fila.textContent()).toContain(total);
    await screenshot(page, 'ventas-facturas-lista');
    await expectAccessibleBothWidths(page, 'fventa lista cobradas');
  }, 240_000);

  it('docventahist/lista explains that the history is per document', async () => {
    const { page } = navegador();
    await page.goto('/docventahist/lista');
    await page.getByRole('link', { name: 'Ir a las facturas' }).waitFor();
    await expectAccessibleBothWidths(page, 'docventahist');
  });

  it('an issued VeriFactu invoice shows its QR card and previews its PDF in a modal', async () => {
    const page = await entrar(navegador());
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    // A seeded issued invoice of DEMO (a VeriFactu company) with its cotejo URL.
    const filtros = encodeURIComponent(JSON.stringify({ Estado: 'Emitida' }));
    const emitidas = await apiGet<{ Items: { Id: number }[] }>(
      page,
      `ventas/fventa/list?Pagina=1&TotalPagina=20&Filtros=${filtros}`,
    );
    let id = 0;
    for (const f of emitidas.Items) {
      const doc = await apiGet<{ UrlQr?: string | null }>(page, `ventas/fventa/edit/${f.Id}`);
      if (doc.UrlQr) {
        id = f.Id;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    await page.goto(`/fventa/editar/${id}`);
    const card = page.getByTestId('verifactu');
    await card.getByRole('img', { name: 'Código QR tributario' }).waitFor();
    await card.getByText('QR tributario:').waitFor();
    await card.getByText('VERI*FACTU', { exact: true }).waitFor();
    await card.getByTestId('verifactu-estado').locator('.mantine-Badge-root').waitFor();
    expect(await card.getByRole('link', { name: 'Ver registro VeriFactu' }).getAttribute('href')).toBe(
      `/fventavisorvf/factura/${id}`,
    );
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'ventas-factura-verifactu');
    await expectAccessibleBothWidths(page, 'fventa verifactu');

    // Vista previa: the PDF framed from a blob: URL (the CSP allows it), with its buttons.
    await page.getByRole('button', { name: 'PDF' }).click();
    await page.getByRole('menuitem', { name: 'Vista previa' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.getByTestId('pdf-vista-previa');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    for (const boton of ['Descargar', 'Imprimir', 'Abrir en pestaña nueva']) {
      expect(await dialog.getByRole('button', { name: boton }).isEnabled()).toBe(true);
    }
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
    await page.waitForTimeout(1500); // the PDF viewer draws the page
    await screenshot(page, 'ventas-vista-previa-pdf');
    expect(csp).toEqual([]);
    await page.keyboard.press('Escape');
    await frame.waitFor({ state: 'detached' });
  });
});
