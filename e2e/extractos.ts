import { type ApunteNorma43, escribirNorma43 } from '@faro/domain';
import type { Page } from 'playwright-core';
import { waitToast } from './browser.ts';

/** What a journey says of a bank line; the value date is the day's and the references are blank. */
export type ApunteDelDia = Pick<ApunteNorma43, 'conceptoComun' | 'conceptoPropio' | 'importe' | 'concepto'>;

/**
 * On the statements tab of /movstesoreria: chooses the demo bank account ('Cuenta corriente principal', its Norma 43
 * bank 9999 office 0001 account 0000000001), imports a one-day statement of it with these lines and waits for the
 * import's toast.
 */
export async function importarExtracto(
  page: Page,
  fichero: string,
  dia: string,
  saldoInicial: string,
  apuntes: ApunteDelDia[],
): Promise<void> {
  await page.getByRole('combobox', { name: 'Cuenta' }).click();
  await page.getByRole('option', { name: 'Cuenta corriente principal' }).click();
  const n43 = escribirNorma43({
    banco: '9999',
    oficina: '0001',
    cuenta: '0000000001',
    desde: dia,
    hasta: dia,
    saldoInicial,
    divisa: '978',
    titular: 'DEMO',
    apuntes: apuntes.map((a) => ({
      fechaOperacion: dia,
      fechaValor: dia,
      documento: '',
      referencia1: '',
      referencia2: '',
      ...a,
    })),
  });
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: fichero, mimeType: 'text/plain', buffer: Buffer.from(n43, 'latin1') });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await waitToast(page, `Extracto importado: ${apuntes.length} apuntes`);
}
