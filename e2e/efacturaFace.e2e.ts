import { readFileSync } from 'node:fs';
import { formatDate } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { iniciarSimuladorFace } from '../apps/server/src/modules/efactura/face/simulador.ts';
import { verificarFacturae } from '../apps/server/src/modules/efactura/facturae/firma.ts';
import { validarXsdFacturae } from '../apps/server/src/modules/efactura/facturae/validador.ts';
import { hoyEspana } from '../apps/server/src/platform/fechas.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiJson, enEmpresa, entrar, irA, navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { enviadaDesdeLaCola, facturaEmitidaA, LENTO, simuladorDelBloque } from './efactura.ts';

/**
 * An invoice to a public body through FACe: the company sets FACe's address on the e-invoicing settings, a town
 * hall customer on the FACe channel with its DIR3 units gets an invoice, «Descargar Facturae firmada» saves the
 * Facturae 3.2.2 signed with the company's certificate (schema and signature checked here), «Enviar ahora» carries
 * it to the simulated FACe, which registers it; the town hall pays it and FACe's «Pagada» shows on the invoice.
 */
describe('invoice to a public body through FACe, paid status back on the invoice', () => {
  const navegador = navegadorDelBloque();
  const simulador = simuladorDelBloque(() => iniciarSimuladorFace());

  it('signs, registers and brings «Pagada» back', async () => {
    const face = simulador();
    const page = await entrar(navegador());
    await enEmpresa(page, 'Comercial Demo SL');

    await irA(page, '/fventaefactura', 'Envíos de factura electrónica');
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await page.getByLabel('Dirección de FACe').fill(face.url);
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await waitToast(page, 'Configuración de factura electrónica guardada');

    const { id, numero } = await facturaEmitidaA(
      page,
      {
        Nombre: 'Ayuntamiento de Villafaro',
        NIF: 'P2807900B',
        Email: 'facturas@villafaro.example',
        Direccion: 'Plaza Mayor 1',
        CodPostal: '28013',
        CanalEfactura: 'face',
        Dir3OficinaContable: 'L01280796',
        Dir3OrganoGestor: 'L01280796',
        Dir3UnidadTramitadora: 'LA0001234',
      },
      { Descripcion: 'Mantenimiento de alumbrado público', Precio: '800' },
    );

    // The signed Facturae from the invoice's screen: valid against the official schema, its signature holds.
    await page.goto(`/fventa/editar/${id}`);
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar Facturae firmada', exact: true }).click();
    const fichero = await descarga;
    expect(fichero.suggestedFilename()).toMatch(/^factura-[\w.-]+\.xsig$/);
    const xml = readFileSync((await fichero.path())!, 'utf8');
    expect(await validarXsdFacturae(xml)).toEqual([]);
    expect(verificarFacturae(xml)).toMatchObject({ valida: true });
    expect(xml).toContain('<CentreCode>LA0001234</CentreCode><RoleTypeCode>03</RoleTypeCode>');

    // The queue sends it to FACe (unless the server's timer already did), which registers it.
    await irA(page, '/fventaefactura', 'Envíos de factura electrónica');
    const fila = await enviadaDesdeLaCola(page, numero);
    const registrada = face.facturas().find((f) => `${f.serie}${f.numero}` === numero);
    expect(registrada, JSON.stringify(face.facturas().map((f) => [f.serie, f.numero]))).toBeDefined();
    await expect.poll(() => fila.textContent(), LENTO).toContain(registrada!.numeroRegistro);

    // The town hall pays; FACe's status comes back (the server's timer asks too; asked now here).
    face.cambiarEstado(registrada!.numeroRegistro, '2400');
    face.cambiarEstado(registrada!.numeroRegistro, '2500');
    const consulta = await apiJson(page, 'POST', 'ventas/fventaefactura/face/consultar', {});
    expect(consulta.status, JSON.stringify(consulta.body)).toBe(200);
    await page.goto(`/fventa/editar/${id}`);
    const estado = page.getByTestId('efactura-estado-cliente');
    await expect.poll(() => estado.textContent(), LENTO).toBe(`Pagada el ${formatDate(hoyEspana())}`);
    await screenshot(page, 'efactura-face-pagada');
    await expectAccessibleBothWidths(page, 'efactura factura face pagada');
  });
});
