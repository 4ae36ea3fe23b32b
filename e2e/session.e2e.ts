import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, irA, login, navegadorDelBloque, pathOf, screenshot } from './browser.ts';
import { codigoDelCorreo, servidorConCorreo } from './correo.ts';

describe('session, banner and terms', () => {
  const navegador = navegadorDelBloque();

  it("the test entity shows 'ENTORNO DE PRUEBAS' with 'Contratar' in a new tab", async () => {
    const b = navegador();
    await login(b, 'demo', undefined, 'DEMO');
    const banner = b.page.getByTestId('test-banner');
    expect(await banner.textContent()).toContain('ENTORNO DE PRUEBAS');
    const link = banner.getByRole('link', { name: 'Contratar' });
    expect(await link.getAttribute('href')).toBe('/contratacion/nuevo');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('a 401 logs out silently to the login path with the company code', async () => {
    const { page } = navegador();
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
    const page = await entrar(navegador());
    const before = await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'));
    await page.evaluate(() => localStorage.setItem('faro.expiracion', new Date(Date.now() - 1000).toISOString()));
    await page.goto('/usuario/fichajes');
    await page.getByTestId('estado-fichaje').waitFor();
    const after = await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'));
    expect(after).not.toBe(before);
    expect(await pathOf(page)).toBe('/usuario/fichajes');
  });

  it('a forced sign-out brings the tab back, after signing in again, to the page it was on', async () => {
    const page = await entrar(navegador());
    await page.goto('/usuario/fichajes');
    await page.getByTestId('estado-fichaje').waitFor();
    await page.evaluate(() => localStorage.setItem('faro.token', 'no-vale'));
    await page.reload();
    await page.waitForURL('**/registro/DEMO');
    await page.getByLabel('Usuario', { exact: false }).first().fill('demo');
    await page.getByLabel('Contraseña', { exact: false }).first().fill('Demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByTestId('estado-fichaje').waitFor();
    expect(await pathOf(page)).toBe('/usuario/fichajes');
  });

  it('two tabs whose token expires at once both refresh and stay signed in', async () => {
    const b = navegador();
    await login(b, 'demo', undefined, 'DEMO');
    const { page, context } = b;
    const other = await context.newPage();
    try {
      await other.goto('/usuario/fichajes');
      await other.getByTestId('estado-fichaje').waitFor();
      const before = await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'));
      for (let round = 0; round < 3; round++) {
        await page.evaluate(() => localStorage.setItem('faro.expiracion', new Date(Date.now() - 1000).toISOString()));
        await Promise.all([page.goto('/usuario/fichajes'), other.reload()]);
        await Promise.all([
          page.getByTestId('estado-fichaje').waitFor(),
          other.getByTestId('estado-fichaje').waitFor(),
        ]);
      }
      expect(await page.evaluate(() => localStorage.getItem('faro.tokenRefresh'))).not.toBe(before);
      // Still one live session family: a later call in either tab is answered, nobody was signed out.
      await other.goto('/clientes/lista');
      await other.getByRole('heading', { name: 'Clientes' }).waitFor();
      expect(await pathOf(page)).toBe('/usuario/fichajes');
      expect(await pathOf(other)).toBe('/clientes/lista');
    } finally {
      await other.close();
    }
  });

  it("terms not accepted: the 'Aviso Legal' modal on every navigation, the contract to read, 'Cerrar sesión'", async () => {
    const page = await entrar(navegador(), 'pendiente');
    const modal = page.getByRole('dialog', { name: 'Aviso Legal' });
    await modal.waitFor();
    await screenshot(page, 'aviso-legal');
    await expectAccessibleBothWidths(page, 'aviso-legal');
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    expect(await modal.getByRole('button').allTextContents()).toEqual([
      'Ver el contrato',
      'Enviar el código',
      'Firmar el contrato',
      'Cerrar sesión',
    ]);
    await page.goto('/clientes/lista');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('faro.token'))).toBeNull();
  });
});

/**
 * The way out of the 'Aviso Legal' is signing: the owner of an unsigned company reads the contract, asks for the code
 * (read from a local SMTP server this journey's own server sends to), signs in the modal and uses the app.
 */
describe("signing from the 'Aviso Legal'", () => {
  const conCorreo = servidorConCorreo();

  it('the owner reads the contract, gets the code by e-mail, signs and uses the app', {
    timeout: 180_000,
  }, async () => {
    const { b, smtp } = conCorreo();
    await login(b, 'pendiente');
    const { page, context } = b;
    const modal = page.getByRole('dialog', { name: 'Aviso Legal' });
    await modal.waitFor();
    const [pdf] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('button', { name: 'Ver el contrato' }).click(),
    ]);
    expect(pdf.url()).toMatch(/^blob:/);
    await pdf.close();

    await modal.getByRole('button', { name: 'Enviar el código' }).click();
    await page.getByText('Te hemos enviado el código a pe***@faro.local').waitFor();
    const codigo = await codigoDelCorreo(smtp, 'pendiente@faro.local', /contrato es (\d{6})/);

    await modal.getByRole('textbox', { name: /^Nombre del firmante/ }).fill('Pendiente Pérez');
    await modal.getByRole('textbox', { name: /^Código/ }).fill(codigo === '000000' ? '111111' : '000000');
    await modal.getByRole('button', { name: 'Firmar el contrato' }).click();
    await modal.getByText('El código no es correcto').waitFor();
    await expectAccessibleBothWidths(page, 'aviso-legal codigo mal');
    await modal.getByRole('textbox', { name: /^Código/ }).fill(codigo);
    await modal.getByRole('button', { name: 'Firmar el contrato' }).click();
    await modal.waitFor({ state: 'detached' });

    await irA(page, '/clientes/lista', 'Clientes');
    expect(await page.getByRole('dialog', { name: 'Aviso Legal' }).count()).toBe(0);
    await page.goto('/contratado');
    await page.getByRole('button', { name: /Contrato firmado/ }).waitFor();
  });
});
