import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, irA, login, navegadorDelBloque, screenshot, waitToast } from './browser.ts';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A DNI with its right letter and one with a wrong letter, from a number unlikely to be in the demo data. */
function dnis(): { right: string; wrong: string } {
  const n = 10_000_000 + (Date.now() % 89_999_999);
  const digits = String(n).padStart(8, '0');
  const letter = LETTERS[n % 23]!;
  const wrongLetter = LETTERS[(n + 1) % 23]!;
  return { right: `${digits}${letter}`, wrong: `${digits}${wrongLetter}` };
}

describe('clientes: create with a wrong NIF letter, fix it, find it, export the list', () => {
  const navegador = navegadorDelBloque();

  it('wrong NIF letter → message under the field; fixed → saved; searched in the list; exported as xlsx', async () => {
    const b = navegador();
    const page = await entrar(b);
    const { right, wrong } = dnis();
    const name = `Ferretería Prueba ${right.slice(-5)}`;

    await irA(page, '/clientes/lista', 'Clientes');
    await page.getByRole('link', { name: 'Nuevo cliente' }).click();
    await page.waitForURL('**/clientes/nuevo');
    await page.getByLabel('Nombre o razón social').fill(name);
    const nif = page.getByLabel('NIF', { exact: true });
    await nif.fill(wrong);
    await nif.blur();
    await page.getByText('La letra del DNI/NIE/NIF no es correcta').first().waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Revisa los errores del formulario');
    await screenshot(page, 'clientes-nif-incorrecto');
    await expectAccessibleBothWidths(page, 'clientes nuevo con errores');

    await nif.fill(right);
    await nif.blur();
    expect(await page.getByText('La letra del DNI/NIE/NIF no es correcta').count()).toBe(0);
    const contactos = page.getByTestId('json-Contactos');
    await contactos.getByRole('button', { name: 'Añadir' }).click();
    await contactos.getByLabel('Nombre 1').fill('Ana Pérez');
    await contactos.getByLabel('Email 1').fill('ana@ferreteria.test');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/clientes\/editar\/\d+$/);
    await page.getByTestId('json-Contactos').getByLabel('Nombre 1').waitFor();
    expect(await page.getByTestId('json-Contactos').getByLabel('Email 1').inputValue()).toBe('ana@ferreteria.test');

    await page.goto('/clientes/lista');
    await page.getByLabel('Buscar').fill(right);
    await page.waitForURL((u) => u.searchParams.get('buscar') === right);
    await page.getByRole('link', { name }).waitFor();
    await expect.poll(() => page.getByTestId('list-total').textContent()).toBe('1 registro');

    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clientes-.*\.xlsx$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByTestId('export-progress').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Exportar' }).and(page.locator(':not([data-loading])')).waitFor();
    await page.waitForTimeout(300); // the button's loader fades out
    await screenshot(page, 'clientes-lista-exportada');
    await expectAccessibleBothWidths(page, 'clientes lista');
  }, 180_000);

  it('import: upload a CSV, the suggested mapping, each rejected row with its Spanish reason, nothing written', async () => {
    const { page } = navegador();
    const { right, wrong } = dnis();
    const dir = mkdtempSync(path.join(tmpdir(), 'faro-import-'));
    const csv = path.join(dir, 'clientes.csv');
    writeFileSync(
      csv,
      `Nombre;NIF\nImportado Uno SL;${right.slice(0, 7)}1${LETTERS[Number(`${right.slice(0, 7)}1`) % 23]}\nImportado Dos SL;${wrong}\n`,
    );
    await page.goto('/clientes/lista');
    // The list has loaded (its total shows) before the import opens: the screen has settled.
    await page.getByTestId('list-total').filter({ hasText: /\d/ }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Subir' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(csv);
    await page.getByRole('button', { name: 'Subir' }).click();
    await page.getByText('Indica qué campo es cada columna').waitFor();
    await page.getByRole('button', { name: 'Revisar' }).click();
    await page.getByTestId('import-rejected').getByText('La letra del DNI/NIE/NIF no es correcta').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toContain('1 de 2 filas correctas, 1 rechazadas');
    expect(await page.getByRole('button', { name: /^Importar 1 fila/ }).isDisabled()).toBe(true);
    await screenshot(page, 'clientes-importar-revision');
    await expectAccessibleBothWidths(page, 'clientes importar revision');
  });

  it('bespoke panels: tariff lines, stock per warehouse with Ajuste and Traspaso, company logo', async () => {
    const { page } = navegador();
    await page.goto('/tarifas/lista');
    await page.locator('table a[href*="/tarifas/editar/"]').first().click();
    await page.getByTestId('child-tarifaslineas').waitFor();
    await page.goto('/almacenes/lista');
    await page.locator('table a[href*="/almacenes/editar/"]').first().click();
    await page.getByTestId('stock-panel').getByRole('button', { name: 'Traspaso' }).waitFor();
    await page.getByTestId('stock-panel').locator('tbody tr').first().waitFor();
    await screenshot(page, 'almacen-stock');
    await expectAccessibleBothWidths(page, 'almacen stock');
    await page.goto('/configura/lista');
    await page.getByRole('link', { name: /Datos de la empresa/ }).click();
    await page.getByTestId('logo-upload').waitFor();
    await screenshot(page, 'empresa-logo');
    await expectAccessibleBothWidths(page, 'empresa logo');
    await page.goto('/configura/editar');
    await page.waitForURL(/\/configura\/editar\/\d+$/);
    await page.getByLabel('Texto libre de ventas 1').waitFor();
  });

  it('every master-data list opens on the generic screen (no "En preparación") with its export button', async () => {
    const b = navegador();
    const { page } = b;
    const routes = [
      'clientes',
      'clientespot',
      'proveedores',
      'gruposcto',
      'productos',
      'familias',
      'tarifas',
      'almacenes',
      'series',
      'fpago',
      'contratos',
      'conceptosmovs',
      'tesoreria',
      'empleados',
      'comerciales',
      'sitlaboral',
      'segmentacion',
      'plantemail',
    ];
    await login(b, 'demo', undefined, 'DEMO');
    const problems: string[] = [];
    for (const action of routes) {
      await page.goto(`/${action}/lista`);
      const total = await page
        .getByTestId('list-total')
        .filter({ hasText: /registro/ })
        // A whole page load on a busy 2-core machine: give it time (the check is what the page shows, not its speed).
        .waitFor({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      const preparing = await page.getByText('En preparación').count();
      const exportButtons = await page.getByRole('button', { name: 'Exportar' }).count();
      if (!total || preparing || exportButtons !== 1) problems.push(`${action}: ${new URL(page.url()).pathname}`);
      else await expectAccessibleBothWidths(page, `${action} lista`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('plantemail: the body is a Spanish rich-text editor; bold text survives saving', async () => {
    const b = navegador();
    const { page } = b;
    await login(b, 'demo', undefined, 'DEMO');
    const name = `Recordatorio ${Date.now() % 100_000}`;
    await page.goto('/plantemail/nuevo');
    await page.getByLabel('Nombre').fill(name);
    await page.getByLabel('Asunto').fill('Su factura {Documento}');
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Recordatorio de cobro' }).click();
    const body = page.getByTestId('plantemail-cuerpo');
    await body.click();
    await page.keyboard.type('Estimado ');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await page.keyboard.type('{Nombre}');
    await screenshot(page, 'plantemail-editor');
    await expectAccessibleBothWidths(page, 'plantemail editor');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/plantemail\/editar\/\d+$/);
    await page.reload();
    await page.getByTestId('plantemail-cuerpo').locator('strong', { hasText: '{Nombre}' }).waitFor();
    expect(await page.getByTestId('plantemail-cuerpo').textContent()).toContain('Estimado {Nombre}');
  });
});
