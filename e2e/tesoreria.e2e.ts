import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { abrirPantalla, irA, navegadorDelBloque, screenshot, waitToast } from './browser.ts';
import { importarExtracto } from './extractos.ts';

const hoy = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

/** Treasury end to end: batch → SEPA file → sent → return → re-present; movement → statement → reconcile. */
describe('tesoreria: a direct-debit batch with a return, and a bank statement reconciled', () => {
  const navegador = navegadorDelBloque();

  it('builds a batch with the wizard, downloads its file, sends it, returns a receipt and re-presents it', async () => {
    const b = navegador();
    const page = await abrirPantalla(b, '/remesas', 'Remesas');
    await page.getByRole('tab', { name: 'Nueva remesa' }).click();
    const tabla = page.getByTestId('recibos-remesables');
    await tabla.locator('tbody tr').first().waitFor();
    await page
      .getByRole('checkbox', { name: /^Elegir / })
      .and(page.locator(':not([disabled])'))
      .first()
      .check();
    await expectAccessibleBothWidths(page, 'remesas asistente');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('combobox', { name: 'Cuenta bancaria' }).click();
    await page.getByRole('option', { name: /Cuenta corriente principal/ }).click();
    await page.getByRole('button', { name: 'Crear la remesa' }).click();
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar fichero SEPA (pain.008.001.02)' }).click();
    const fichero = await descarga;
    expect(fichero.suggestedFilename()).toMatch(/^REM-.*\.xml$/);
    await page.getByRole('button', { name: 'Marcar como enviada' }).click();
    await waitToast(page, 'Remesa enviada: los recibos quedan cobrados');
    await screenshot(page, 'tesoreria-remesa-enviada');

    await page.getByRole('tab', { name: 'Remesas', exact: true }).click();
    const fila = page.getByTestId('lista-remesas').locator('tbody tr').first();
    await fila.waitFor();
    await expectAccessibleBothWidths(page, 'remesas lista');
    await fila.getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Devolución' }).first().click();
    await page.getByRole('button', { name: 'Registrar la devolución' }).click();
    await waitToast(page, 'Devolución registrada: el recibo vuelve a estar pendiente');
    await page.getByRole('button', { name: 'Volver a presentar' }).first().click();
    await page
      .getByRole('dialog', { name: /^Volver a presentar/ })
      .getByRole('button', { name: 'Volver a presentar' })
      .click();
    await waitToast(page, 'El recibo se podrá incluir en una nueva remesa');
  }, 240_000);

  it('records a bank charge, imports the statement that shows it and reconciles it', async () => {
    const { page } = navegador();
    await irA(page, '/movstesoreria', 'Movimientos de tesorería');
    await page.getByTestId('lista-movimientos').waitFor();
    await expectAccessibleBothWidths(page, 'movstesoreria');
    await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Nuevo movimiento' });
    await dialogo.getByRole('combobox', { name: 'Cuenta' }).click();
    await page.getByRole('option', { name: 'Cuenta corriente principal' }).click();
    await dialogo.getByLabel('Importe').fill('-45,30');
    await dialogo.getByLabel('Descripción').fill('Recibo de la luz');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'El movimiento se ha guardado correctamente');

    await page.getByRole('tab', { name: 'Extractos bancarios' }).click();
    await page.getByText('Importar extracto (Norma 43)').waitFor();
    await importarExtracto(page, 'extracto.n43', hoy(), '0.00', [
      { conceptoComun: '03', conceptoPropio: '001', importe: '-45.30', concepto: 'RECIBO LUZ' },
    ]);
    const conciliacion = page.getByTestId('conciliacion');
    await conciliacion.waitFor();
    await expectAccessibleBothWidths(page, 'extractos conciliacion');
    await conciliacion.getByRole('button', { name: 'Confirmar todas las propuestas' }).click();
    await waitToast(page, 'Apunte conciliado');
    // Readable labels: what it is matched with as text · day · amount, no line number or internal id.
    await conciliacion
      .getByText(`Movimiento · Recibo de la luz · ${hoy().split('-').reverse().join('/')} · -45,30 €`)
      .waitFor();
    expect(await conciliacion.getByText(/#\d|línea \d/).count()).toBe(0);
    await screenshot(page, 'tesoreria-conciliado');
  }, 240_000);

  it('turns two unmatched bank fees into movements from the line, the second by the rule the first remembered', async () => {
    const { page } = navegador();
    await page.goto('/movstesoreria');
    await page.getByRole('tab', { name: 'Extractos bancarios' }).click();
    await page.getByText('Importar extracto (Norma 43)').waitFor();
    const comision = (concepto: string) => ({ conceptoComun: '17', conceptoPropio: '010', importe: '-3.50', concepto });
    await importarExtracto(page, 'comisiones.n43', hoy(), '10.00', [
      comision('COMISION CUSTODIA'),
      comision('COMISION CUSTODIA VALORES'),
    ]);
    const conciliacion = page.getByTestId('conciliacion');
    await conciliacion
      .getByText(`Comision custodia · ${hoy().split('-').reverse().join('/')} · -3,50 €`)
      .first()
      .waitFor();
    await conciliacion.getByRole('button', { name: 'Crear movimiento' }).first().click();
    const dialogo = page.getByRole('dialog', { name: 'Crear movimiento desde el apunte' });
    await dialogo.getByRole('combobox', { name: 'Concepto' }).click();
    await page.getByRole('option', { name: 'Comisiones bancarias' }).click();
    await dialogo.getByRole('checkbox', { name: 'Recordar para próximas' }).check();
    expect(await dialogo.getByLabel('Cuando el texto del banco contenga').inputValue()).toBe('Comision custodia');
    await expectAccessibleBothWidths(page, 'extractos crear movimiento');
    await dialogo.getByRole('button', { name: 'Crear y conciliar' }).click();
    await waitToast(page, 'Movimiento creado y conciliado; regla guardada');
    // The second line now carries the remembered rule: one click on its prefilled form.
    await conciliacion.getByText('Regla: «Comision custodia» → Comisiones bancarias (6260000000)').waitFor();
    await page.getByTestId('reglas-conciliacion').getByText('Comision custodia').first().waitFor();
    await conciliacion.getByRole('button', { name: 'Crear movimiento' }).click();
    await page
      .getByRole('dialog', { name: 'Crear movimiento desde el apunte' })
      .getByRole('button', { name: 'Crear y conciliar' })
      .click();
    await page
      .locator('.mantine-Notification-root')
      .getByText('Movimiento creado y conciliado', { exact: true })
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => conciliacion.getByRole('button', { name: 'Crear movimiento' }).count(), { timeout: 15_000 })
      .toBe(0);
    await screenshot(page, 'tesoreria-movimiento-desde-apunte');
  }, 240_000);
});
