import { dniLetter } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUTAS_SPFE } from '../apps/server/src/modules/efactura/spfe/protocolo.ts';
import { iniciarSimuladorSpfe, type SimuladorSpfe } from '../apps/server/src/modules/efactura/spfe/simuladorSpfe.ts';
import { asegurarSef } from '../apps/server/src/modules/efactura/validador.ts';
import { hoyEspana } from '../apps/server/src/platform/fechas.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiJson, enEmpresa, entrar, irA, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

// Two cores shared by everyone: a reload after an action can take seconds.
const LENTO = { timeout: 30_000 };

/**
 * A B2B invoice to a customer whose channel is the SPFE: the company sets the SPFE's address on the settings tab,
 * the invoice is issued and queued by itself, «Enviar ahora» carries its UBL (checked against EN 16931 by the
 * simulated SPFE) with the PDF alongside, the customer reports it paid at the SPFE, and «Consultar estados» brings
 * «Pagada» onto the invoice's screen and the sales list.
 */
describe('e-invoice sent to the SPFE, the customer’s «paid» seen on the invoice', () => {
  const navegador = navegadorDelBloque();
  let spfe: SimuladorSpfe;
  beforeAll(async () => {
    await asegurarSef();
    spfe = await iniciarSimuladorSpfe();
  }, 300_000);
  afterAll(() => spfe?.cerrar());

  it('sends, validates, and shows the reported payment', async () => {
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
    const cliente = await apiJson(page, 'POST', 'ventas/clientes/save', {
      Nombre: 'Distribuciones SPFE SL',
      NIF: nif,
      Email: 'facturas@distribuciones.example',
      Direccion: 'Calle Mayor 1',
      CodPostal: '28001',
      Poblacion: 'Madrid',
      Provincia: '28',
      Pais: 'ES',
      CanalEfactura: 'spfe',
    });
    expect(cliente.status, JSON.stringify(cliente.body)).toBe(201);
    const borrador = await apiJson(page, 'POST', 'ventas/fventa/save', {
      Cliente: cliente.body.Id,
      // Today: the series' numbering follows the dates of the invoices already issued.
      Fecha: hoyEspana(),
      Lineas: [{ Descripcion: 'Servicio de consultoría', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
    });
    expect(borrador.status, JSON.stringify(borrador.body)).toBe(201);
    const id = borrador.body.Id as number;
    const emitida = await apiJson(page, 'POST', `ventas/fventa/emitir/${id}`, {});
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    const numero = emitida.body.NumSerie as string;

    // The queue: «Enviar ahora» (unless the server's timer already sent it) → sent, with its registry id.
    await page.getByRole('tab', { name: 'Cola de envíos' }).click();
    await page.reload();
    const fila = page.getByRole('row', { name: new RegExp(numero) });
    await fila.waitFor(LENTO);
    if (!(await fila.getByText('Enviada').isVisible())) {
      await page.getByRole('button', { name: 'Enviar ahora' }).click();
      await waitToast(page, 'Enviadas:');
    }
    await fila.getByText('Enviada', { exact: true }).waitFor(LENTO);
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
