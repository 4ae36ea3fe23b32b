import { dniLetter } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { RUTAS_SPFE } from '../apps/server/src/modules/efactura/spfe/protocolo.ts';
import { iniciarSimuladorSpfe } from '../apps/server/src/modules/efactura/spfe/simuladorSpfe.ts';
import { asegurarSef } from '../apps/server/src/modules/efactura/validador.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { enEmpresa, entrar, irA, navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { enviadaDesdeLaCola, facturaEmitidaA, LENTO, simuladorDelBloque } from './efactura.ts';

/**
 * A B2B invoice to a customer whose channel is the SPFE: the company sets the SPFE's address on the settings tab,
 * the invoice is issued and queued by itself, «Enviar ahora» carries its UBL (checked against EN 16931 by the
 * simulated SPFE) with the PDF alongside, the customer reports it paid at the SPFE, and «Consultar estados» brings
 * «Pagada» onto the invoice's screen and the sales list.
 */
describe('e-invoice sent to the SPFE, the customer’s «paid» seen on the invoice', () => {
  const navegador = navegadorDelBloque();
  const simulador = simuladorDelBloque(async () => {
    await asegurarSef();
    return iniciarSimuladorSpfe();
  });

  it('sends, validates, and shows the reported payment', async () => {
    const spfe = simulador();
    const page = await entrar(navegador());
    await enEmpresa(page, 'Comercial Demo SL');

    // The SPFE's address, saved on the e-invoicing settings tab.
    await irA(page, '/fventaefactura', 'Envíos de factura electrónica');
    await page.getByRole('tab', { name: 'Configuración' }).click();
    const url = page.getByLabel('Dirección de la SPFE (AEAT)');
    await url.fill(spfe.url);
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await waitToast(page, 'Configuración de factura electrónica guardada');

    // A B2B customer on the SPFE channel and an invoice issued to it.
    const n = 27_182_818;
    const nif = `${n}${dniLetter(n)}`;
    const { id, numero } = await facturaEmitidaA(
      page,
      { Nombre: 'Distribuciones SPFE SL', NIF: nif, Email: 'facturas@distribuciones.example', CanalEfactura: 'spfe' },
      { Descripcion: 'Servicio de consultoría', Precio: '100' },
    );

    // The queue: «Enviar ahora» (unless the server's timer already sent it) → sent, with its registry id.
    await page.getByRole('tab', { name: 'Cola de envíos' }).click();
    await page.reload();
    const fila = await enviadaDesdeLaCola(page, numero);
    await expect.poll(() => fila.textContent(), LENTO).toContain('con PDF');
    const registrada = spfe.facturas().find((f) => f.numero === numero)!;
    expect(registrada.nifReceptor).toBe(nif);
    expect(registrada.pdfBytes).toBeGreaterThan(1000);
    await expect.poll(() => fila.textContent(), LENTO).toContain(registrada.idRegistro);
    await expectAccessibleBothWidths(page, 'efactura cola de envios');

    // The customer reports it paid through the SPFE; «Consultar estados» brings it back.
    const aviso = await fetch(`${spfe.url}${RUTAS_SPFE.estados}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Estados: [
          {
            Referencia: '1',
            IdRegistro: registrada.idRegistro,
            NifEmisor: registrada.nifEmisor,
            NifReceptor: nif,
            Numero: numero,
            FechaExpedicion: registrada.fechaExpedicion,
            Estado: 'pagada',
            Fecha: '2026-11-20',
            Importe: '121.00',
          },
        ],
      }),
    });
    expect((await aviso.json()).Resultados[0].Resultado).toBe('Registrado');
    await page.getByRole('button', { name: 'Consultar estados en la SPFE' }).click();
    await waitToast(page, 'Estados actualizados: 1');

    // «Pagada» on the invoice's screen and in the sales list.
    await page.goto(`/fventa/editar/${id}`);
    const estado = page.getByTestId('efactura-estado-cliente');
    await expect.poll(() => estado.textContent(), LENTO).toBe('Pagada el 20/11/2026');
    await screenshot(page, 'efactura-envio-pagada');
    await expectAccessibleBothWidths(page, 'efactura factura pagada por el cliente');
    await page.goto(`/fventa/lista?buscar=${encodeURIComponent(numero)}`);
    await page.getByTestId('efactura-envio-fila').getByText('Pagada el 20/11/2026').first().waitFor(LENTO);
  });
});
