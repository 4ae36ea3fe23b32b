import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { enEmpresa, entrar, irA, navegadorDelBloque, pathOf, screenshot, waitToast } from './browser.ts';

describe('owner screens: generic lists and forms, centre and company', () => {
  const navegador = navegadorDelBloque();

  it('centros: list, create with validation, edit; the list state lives in the URL', async () => {
    const page = await entrar(navegador());
    await page.goto('/configura/lista');
    await page.getByRole('link', { name: /Centros/ }).click();
    await page.waitForURL('**/centros/lista');
    await page.getByRole('link', { name: 'Central' }).waitFor();
    await page.getByRole('link', { name: 'Nuevo centro' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Código es obligatorio').waitFor();
    await waitToast(page, 'Revisa los errores del formulario');
    const code = `N${String(Date.now()).slice(-6)}`;
    await page.getByLabel('Código').fill(code);
    await page.getByLabel('Nombre').fill('Delegación Norte');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'Los datos se han guardado correctamente');
    await page.waitForURL(/\/centros\/editar\/\d+$/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitToast(page, 'No hay cambios para guardar');
    await page.goto(`/centros/lista?buscar=${code}`);
    await page.getByRole('link', { name: 'Delegación Norte' }).first().waitFor();
    await page.getByText(code).waitFor();
    expect(await page.getByRole('link', { name: 'Central' }).count()).toBe(0);
    await screenshot(page, 'centros-lista');
    await expectAccessibleBothWidths(page, 'centros-lista');
  });

  it('roles: a readable permission matrix', async () => {
    const { page } = navegador();
    await page.goto('/roles/nuevo');
    await page.getByTestId('permission-matrix').waitFor();
    expect(await page.getByTestId('permission-matrix').textContent()).toContain('Facturas de venta');
    await screenshot(page, 'roles-matriz');
    await expectAccessibleBothWidths(page, 'roles-matriz');
  });

  it('auditoria is read-only and records the changes', async () => {
    const { page } = navegador();
    await irA(page, '/auditoria/lista?desc=1', 'Auditoría');
    expect(await page.getByRole('link', { name: /Nuevo/ }).count()).toBe(0);
  });

  it('the centre selector switches centre and goes home', async () => {
    const { page } = navegador();
    await page.goto('/centros/lista');
    await page.locator('input[aria-label="Centro"]').click();
    await page.getByRole('option', { name: 'Sucursal' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByTestId('home-centro').textContent()).toBe('Sucursal');
    expect(await page.evaluate(() => localStorage.getItem('faro.centro'))).not.toBe('C1');
  });

  it('change company: cambiarempre, local data cleared, reload to /', async () => {
    const { page } = navegador();
    await page.goto('/empresa/lista');
    await page
      .getByRole('button', { name: /^Entrar en/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('company-name').waitFor();
    await expect.poll(() => page.getByTestId('company-name').textContent()).not.toBe('Comercial Demo SL');
    expect(await pathOf(page)).toBe('/');
    // Sign-in opens the person's last company: later journeys on this server expect the first one again.
    await enEmpresa(page, 'Comercial Demo SL');
  });
});
