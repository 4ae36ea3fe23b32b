import { dniLetter } from '@faro/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ublRecibida } from '../apps/server/src/modules/efactura/estados/estados.testkit.ts';
import { RUTAS_SPFE } from '../apps/server/src/modules/efactura/spfe/protocolo.ts';
import { iniciarSimuladorSpfe, type SimuladorSpfe } from '../apps/server/src/modules/efactura/spfe/simuladorSpfe.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { enEmpresa, entrar, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

// Two cores shared by everyone: a reload after an action can take seconds.
const LENTO = { timeout: 20_000 };

/** Calls the API with the page's session as the web app does (token, CSRF header); the answer's JSON. */
const llamar = (page: Page, metodo: string, ruta: string, cuerpo: unknown) =>
  page.evaluate(
    async ({ metodo, ruta, cuerpo }) => {
      const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('faro.token')}`,
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      };
      let body: BodyInit;
      if (typeof cuerpo === 'string') {
        const form = new FormData();
        form.append('fichero', new Blob([cuerpo], { type: 'application/xml' }), 'recibida.xml');
        body = form;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(cuerpo);
      }
      const r = await fetch(`/api/${ruta}`, { method: metodo, headers, body });
      return { status: r.status, body: await r.json() };
    },
    { metodo, ruta, cuerpo },
  );

/**
 * A received e-invoice's statuses end to end: DEMO reports through the simulated SPFE; an e-invoice its supplier
 * submitted there arrives, shows its four-day clock (list and screen), is accepted by keyboard, registered and paid
 * by hand — «pagada» queues by itself — and «Enviar ahora» carries both statuses to the SPFE, seen sent on screen.
 */
describe('e-invoice statuses: accepted, paid by hand, «pagada» reported to the SPFE', () => {
  const navegador = navegadorDelBloque();
  let spfe: SimuladorSpfe;
  beforeAll(async () => {
    spfe = await iniciarSimuladorSpfe({ validar: async () => [] });
  });
  afterAll(() => spfe?.cerrar());

  it('accepts, pays and sees both statuses sent', async () => {
    const page = await entrar(navegador());
    await enEmpresa(page, 'Comercial Demo SL');
    const config = await llamar(page, 'PUT', 'ventas/fventaefactura/config', {
      CanalDefecto: 'pdf_email',
      UrlSpfe: spfe.url,
    });
    expect(config.status, JSON.stringify(config.body)).toBe(200);

    // The supplier submitted its invoice to the SPFE; the same UBL reaches DEMO (here, imported as a file).
    const n = 31_415_926;
    // Dated today: registering numbers it after the demo's received invoices.
    const hoy = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
    const factura = { numero: `E2E-EST-${Date.now()}`, nif: `${n}${dniLetter(n)}`, fecha: hoy };
    const xml = ublRecibida(factura);
    const presentada = await fetch(`${spfe.url}${RUTAS_SPFE.facturas}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Facturas: [
          {
            Referencia: '1',
            NifEmisor: factura.nif,
            NifReceptor: 'DEMO',
            Numero: factura.numero,
            FechaExpedicion: factura.fecha,
            Ubl: Buffer.from(xml).toString('base64'),
          },
        ],
      }),
    });
    expect((await presentada.json()).Resultados[0].Resultado).toBe('Registrada');
    const importada = await llamar(page, 'POST', 'compras/fcompra/importar-xml', xml);
    expect(importada.status, JSON.stringify(importada.body)).toBe(201);
    const id = importada.body.Id as number;

    // The list shows its clock; the invoice's screen, the whole sentence.
    await page.goto(`/fcompra/lista?buscar=${encodeURIComponent(factura.numero)}`);
    await page.getByText('E-factura: quedan 4 días').first().waitFor(LENTO);
    await page.goto(`/fcompra/editar/${id}`);
    const plazo = page.getByTestId('efactura-plazo');
    await expect.poll(() => plazo.textContent(), LENTO).toBe('Quedan 4 días para aceptarla o rechazarla');
    await expectAccessibleBothWidths(page, 'efactura recibida sin decidir');

    // Accepted by keyboard: the status waits in the queue.
    await page.getByRole('button', { name: 'Aceptar', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitToast(page, 'Factura aceptada: se informará al emisor');
    const eventos = page.getByTestId('efactura-eventos');
    await eventos.getByRole('row', { name: /Aceptada.*En cola/ }).waitFor(LENTO);

    // Registered and paid by hand: «pagada» queues by itself.
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar', exact: true }).click();
    await waitToast(page, 'La factura se ha registrado con el número');
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Importe', { exact: false }).waitFor();
    await dialogo.getByRole('button', { name: 'Registrar pago' }).click();
    await waitToast(page, 'El pago se ha registrado correctamente');
    await eventos.getByRole('row', { name: /Pagada.*Importe 121,00 €.*En cola/ }).waitFor(LENTO);

    // «Enviar ahora»: both statuses reach the SPFE and show as sent (unless the minute's job just sent them).
    const enviar = page.getByRole('button', { name: 'Enviar ahora' });
    if (await enviar.isVisible()) await enviar.click();
    await eventos.getByRole('row', { name: /Pagada.*Enviado/ }).waitFor(LENTO);
    await eventos.getByRole('row', { name: /Aceptada.*Enviado/ }).waitFor(LENTO);
    await expect.poll(() => plazo.textContent(), LENTO).toBe('Estados informados');
    const alla = spfe.facturas().find((f) => f.numero === factura.numero)!;
    expect(alla.estados.map((e) => [e.Estado, e.Importe ?? null])).toEqual([
      ['aceptada', null],
      ['pagada', '121.00'],
    ]);
    await page.waitForTimeout(300); // toasts fade out
    await screenshot(page, 'efactura-estados-enviados');
    await expectAccessibleBothWidths(page, 'efactura estados enviados');
  });
});
