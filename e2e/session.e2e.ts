import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { type Browser, e2eBaseURL, login, openBrowser, pathOf, screenshot } from './browser.ts';

describe('session, banner and terms', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser(e2eBaseURL());
  });
  afterAll(async () => {
    await b?.close();
  });

  it("the test entity shows 'ENTORNO DE PRUEBAS' with 'Contratar' in a new tab", async () => {
    await login(b, 'demo', undefined, 'DEMO');
    const banner = b.page.getByTestId('test-banner');
    expect(await banner.textContent()).toContain('ENTORNO DE PRUEBAS');
    const link = banner.getByRole('link', { name: 'Contratar' });
    expect(await link.getAttribute('href')).toBe('/contratacion/nuevo');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('a 401 logs out silently to the login path with the company code', async () => {
    const { page } = b;
    // An access token the server refuses, with an expiry still ahead: the next call answers 401.
    await page.evaluate(() => localStorage.setItem('faro.token', 'no-vale'));
    await page.reload();
    await page.waitForURL('**/registro/DEMO');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByTestId('registro-empresa').textContent()).toBe('Comercial Demo SL');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await screenshot(page, 'login-empresa-demo');
    await expectAccessibleBothWidths(page, 'login-empresa-demo');
  });

  it('an expired access token is refreshed silently', async () => {
    await login(b, 'demo', undefined, 'DEMO');
    const { page } = b;
    const before = await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'));
    await page.evaluate(() => localStorage.setItem('faro.expiracion', new Date(Date.now() - 1000).toISOString()));
    await page.goto('/usuario/fichajes');
    await page.getByTestId('estado-fichaje').waitFor();
    const after = await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'));
    expect(after).not.toBe(before);
    expect(await pathOf(page)).toBe('/usuario/fichajes');
  });

  it("terms not accepted: the 'Aviso Legal' modal on every navigation, only 'Cerrar sesión'", async () => {
    await login(b, 'pendiente');
    const { page } = b;
    const modal = page.getByRole('dialog', { name: 'Aviso Legal' });
    await modal.waitFor();
    await screenshot(page, 'aviso-legal');
    await expectAccessibleBothWidths(page, 'aviso-legal');
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    expect(await modal.getByRole('button').allTextContents()).toEqual(['Cerrar sesión']);
    await page.goto('/clientes/lista');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('faro.token'))).toBeNull();
  });
});
