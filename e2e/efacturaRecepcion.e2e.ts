import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { enEmpresa, entrar, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

// Two cores shared by everyone: an import and a reload can take seconds.
const LENTO = { timeout: 30_000 };
const CEN = `${process.env.FARO_EN16931_SCHEMAS ?? `${import.meta.dirname}/../../shared/schemas/en16931`}/examples`;
const CII = `${import.meta.dirname}/../packages/domain/src/efactura/lectura/ejemplos`;
const fichero = (carpeta: string, nombre: string) => ({ nombre, texto: readFileSync(`${carpeta}/${nombre}`, 'utf8') });

/** The CEN examples dropped on the list: the three UBL ones and two CII ones (Danish and Dutch suppliers). */
const SOLTADOS = [
  fichero(CEN, 'BIS3_Invoice_positive.XML'),
  fichero(CEN, 'guide-example1.xml'),
  fichero(CEN, 'guide-example2.xml'),
  fichero(CII, 'CII_example4.xml'),
  fichero(CII, 'CII_example9.xml'),
];

/** Calls the API with the page's session (its token and CSRF cookie) through the context's request client. */
async function llamar(page: Page, metodo: string, ruta: string, cuerpo: unknown): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('faro.token'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) };
  return (await page.request.fetch(`/api/${ruta}`, { method: metodo, headers, data: cuerpo })).status();
}

/** Drags files onto the received invoices list and drops them, as a file manager does. */
const soltar = (page: Page, ficheros: { nombre: string; texto: string }[]) =>
  page.evaluate((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([f.texto], f.nombre, { type: 'application/xml' }));
    const zona = document.querySelector('[data-testid=zona-facturas-xml]')!;
    zona.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    zona.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, ficheros);

/**
 * Received e-invoices on the purchases list: the CEN examples (UBL and CII) dropped on it become drafts, each with
 * its own result and no typed field; one whose XML totals disagree, chosen with the file button, shows the
 * difference before registering and in the draft; one without differences is registered.
 */
describe('e-invoice reception: CEN examples dropped on the purchases list', () => {
  const navegador = navegadorDelBloque();

  it('imports every example, shows a difference, registers one', async () => {
    const page = await entrar(navegador());
    await enEmpresa(page, 'Comercial Demo SL');
    // The foreign rates of the examples as the company's VAT types (a Spanish company has none of them).
    for (const [Valor, PorcentajeIva, Tipo, Exencion] of [
      ['UE25', '25', 'general', null],
      ['UE15', '15', 'reducido', null],
      ['UE12', '12', 'reducido', null],
      ['UE6', '6', 'reducido', null],
      ['UEEX', '0', 'exento', 'E6'],
    ])
      expect(
        await llamar(page, 'POST', 'configuracion/tiposiva/save', {
          Valor,
          Descripcion: `IVA extranjero ${Valor}`,
          Impuesto: 'IVA',
          Tipo,
          PorcentajeIva,
          Exencion,
        }),
      ).toBe(201);

    await page.goto('/fcompra/lista');
    await page.getByRole('button', { name: 'Importar facturas electrónicas (XML)' }).waitFor();
    await soltar(page, SOLTADOS);
    const hechas = page.getByRole('status').filter({ hasText: 'importada como borrador' });
    await expect.poll(() => hechas.count(), LENTO).toBe(SOLTADOS.length);
    expect(await page.getByRole('alert').count()).toBe(0);
    for (const numero of ['12345', '12115118', 'TOSL108', 'TOSL110', '20150483'])
      await page.getByRole('link', { name: `Abrir la factura ${numero}`, exact: true }).waitFor();
    await screenshot(page, 'efactura-recepcion-soltadas');
    await expectAccessibleBothWidths(page, 'fcompra lista con facturas electrónicas importadas');

    // By keyboard: the file button, with an XML whose total is 0.10 above its lines.
    const diferente = SOLTADOS[1]!.texto
      .replace('<cbc:ID>12115118</cbc:ID>', '<cbc:ID>12115118-DIF</cbc:ID>')
      .replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.43')
      .replace('<cbc:PayableAmount currencyID="EUR">250.33', '<cbc:PayableAmount currencyID="EUR">250.43');
    const elegir = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Importar facturas electrónicas (XML)' }).focus();
    await page.keyboard.press('Enter');
    await (await elegir).setFiles({
      name: 'diferencia.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(diferente),
    });
    const aviso = page.getByRole('status').filter({ hasText: '12115118-DIF' });
    await expect
      .poll(() => aviso.textContent(), LENTO)
      .toContain(
        'El total con impuestos de la factura electrónica (250.43) no coincide con la que calcula Faro de sus líneas (250.33): diferencia 0.10',
      );
    await aviso.getByRole('link', { name: 'Abrir la factura 12115118-DIF' }).click();
    await page.getByTestId('titulo-documento').filter({ hasText: 'borrador' }).waitFor(LENTO);
    await expect.poll(() => page.getByTestId('diferencia-Total').textContent(), LENTO).toContain('diferencia 0,10 €');
    expect(await page.getByLabel('Observaciones', { exact: false }).inputValue()).toContain('diferencia 0.10');
    await expectAccessibleBothWidths(page, 'factura recibida importada con diferencia');

    // One without differences is registered as any received invoice.
    await page.goto('/fcompra/lista');
    await page.getByTestId('zona-facturas-xml').waitFor(LENTO);
    await soltar(page, [{ nombre: 'CII_example9-b.xml', texto: SOLTADOS[4]!.texto.replace('20150483', '20150483-B') }]);
    const otra = page.getByRole('link', { name: 'Abrir la factura 20150483-B', exact: true });
    await otra.waitFor(LENTO);
    await otra.click();
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar', exact: true }).click();
    await waitToast(page, 'La factura se ha registrado con el número');
    await page.getByTestId('solo-lectura').waitFor(LENTO);
    await screenshot(page, 'efactura-recepcion-registrada');
  }, 300_000);
});
