import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailText } from '../apps/server/test/smtpSink.ts';
import { expectAccessibleBothWidths, PHONE } from './axe.ts';
import { apiGet, irA, login, pathOf } from './browser.ts';
import { codigoDelCorreo, servidorConCorreo } from './correo.ts';

/**
 * End to end: a trial user contracts from the test banner's 'Contratar' (new tab), signs the contract by
 * drawing and typing the name with the code e-mailed (read from a local SMTP server this journey's own server sends
 * to), is held by the 'Aviso Legal' modal until then, and uses the company afterwards; an adviser opens the work
 * queue and enters a client. Axe at 1366 and 390 px on every screen.
 */
describe('plataforma: contract from the test banner → sign → use; adviser work queue → enter a client', () => {
  // Its own server: the signing code travels by e-mail, so the server must deliver to this journey's SMTP sink.
  const conCorreo = servidorConCorreo();

  const sufijo = Date.now().toString().slice(-6);
  const email = `titular${sufijo}@firma.test`;
  const usuario = `titular${sufijo}`;
  const password = 'Firma1234';
  let codigoEmpresa = '';

  /** The six-digit code of the newest mail to `to` (the outbox is delivered by the server's mail job). */
  const codigoDe = (to: string) => codigoDelCorreo(conCorreo().smtp, to, /de firma: (\d{6})/);

  async function siguiente(page: Page) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }

  it('contracts from the test banner in a new tab and signs by drawing, typed name and e-mailed code', async () => {
    const { b, smtp } = conCorreo();
    await login(b, 'demo', undefined, 'DEMO');
    const { page, context } = b;
    const banner = page.getByTestId('test-banner');
    expect(await banner.textContent()).toContain('ENTORNO DE PRUEBAS');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      banner.getByRole('link', { name: 'Contratar' }).click(),
    ]);
    await tab.waitForURL('**/contratacion/nuevo');
    await tab.getByRole('heading', { name: 'Contratar Faro' }).waitFor();
    await expectAccessibleBothWidths(tab, 'contratacion nuevo plan');

    await tab.getByRole('radio', { name: /^Profesional/ }).check();
    await siguiente(tab);
    await tab.getByRole('textbox', { name: /^Nombre de la empresa/ }).fill(`Firma Journey ${sufijo} SL`);
    await tab.getByRole('textbox', { name: /^NIF/ }).fill('B64717838');
    await tab.getByRole('textbox', { name: /^Dirección/ }).fill('Calle Mayor 1');
    await tab.getByRole('textbox', { name: /^Código postal/ }).fill('28013');
    await tab.getByRole('textbox', { name: /^Población/ }).fill('Madrid');
    await tab.getByRole('textbox', { name: /^IBAN/ }).fill('ES91 2100 0418 4502 0005 1332');
    await expectAccessibleBothWidths(tab, 'contratacion nuevo empresa');
    await siguiente(tab);
    await tab.getByRole('textbox', { name: /^Nombre\s*\*?$/ }).fill('Teresa');
    await tab.getByRole('textbox', { name: /^Apellidos/ }).fill('Firmante');
    await tab.getByRole('textbox', { name: /^Email/ }).fill(email);
    await tab.getByRole('textbox', { name: /^Usuario/ }).fill(usuario);
    await tab.getByLabel(/^Contraseña/).fill(password);
    await tab.getByRole('checkbox', { name: /acepto las condiciones/ }).check();
    await expectAccessibleBothWidths(tab, 'contratacion nuevo titular');
    await siguiente(tab);
    await tab.getByText(`Firma Journey ${sufijo} SL`, { exact: false }).waitFor();
    await tab.getByRole('button', { name: 'Generar el contrato' }).click();
    // The answer says only that a mail went out (the same for a taken user name): the link comes by e-mail.
    await tab.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
    const codigo = await codigoDe(email);
    const mail = [...smtp.mails].reverse().find((x) => x.to.includes(email))!;
    await tab.goto(/\/contratacion\/firmar\/[\w-]+/.exec(mailText(mail.raw))![0]);

    // The contract and its signature.
    await tab.getByRole('heading', { name: 'Firma' }).waitFor();
    await expectAccessibleBothWidths(tab, 'contratacion firma');
    const pad = tab.getByRole('img', { name: 'Firma dibujada (opcional)' });
    await pad.scrollIntoViewIfNeeded();
    const caja = (await pad.boundingBox())!;
    await tab.mouse.move(caja.x + 20, caja.y + caja.height * 0.7);
    await tab.mouse.down();
    for (let i = 1; i <= 12; i++)
      await tab.mouse.move(caja.x + 20 + i * 15, caja.y + caja.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))));
    await tab.mouse.up();
    await tab.getByRole('textbox', { name: /^Nombre del firmante/ }).fill('Teresa Firmante');
    await tab.getByRole('textbox', { name: /^Código/ }).fill(codigo);
    await tab.getByRole('button', { name: 'Firmar el contrato' }).click();
    const hecho = tab.getByRole('alert').filter({ hasText: 'Contrato firmado' });
    await hecho.waitFor();
    codigoEmpresa = /Código de empresa: (\S+)/.exec((await hecho.textContent()) ?? '')![1]!;
    expect(await hecho.textContent()).toMatch(/SHA-256: [0-9a-f]{64}/);
    await expectAccessibleBothWidths(tab, 'contratacion firmado');
    await tab.close();
  });

  it('the signed company is used: no Aviso Legal, its customers open, the signed contract is listed', async () => {
    const { b } = conCorreo();
    await login(b, usuario, password, codigoEmpresa);
    const { page } = b;
    await irA(page, '/clientes/lista', 'Clientes');
    expect(await page.getByRole('dialog', { name: 'Aviso Legal' }).count()).toBe(0);
    expect(await page.getByTestId('test-banner').count()).toBe(0);
    await page.goto('/contratado');
    await page.getByText(/Plan actual: Profesional/).waitFor();
    await page.getByRole('button', { name: /Contrato firmado/ }).waitFor();
    await expectAccessibleBothWidths(page, 'contratado');
  });

  it('an adviser opens the work queue and enters a client at the delegated level, and gets back in one click', async () => {
    const { b } = conCorreo();
    await login(b, 'asesoria', undefined, 'ASESORIA');
    const { page } = b;
    await page.goto('/aseempresas/lista');
    const demo = page.getByRole('article', { name: 'Comercial Demo SL' });
    await demo.waitFor();
    await demo
      .getByText(/Modelo 303/)
      .first()
      .waitFor();
    await expectAccessibleBothWidths(page, 'aseempresas cola de trabajo');
    // On a phone the queue's cards fit the screen: nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: 1366, height: 900 });
    await demo.getByRole('button', { name: 'Entrar en Comercial Demo SL' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/');
    // Entering reloads the whole app in the client: on a loaded machine that takes longer than a locator's default.
    await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
    const dentro = await apiGet<{ NombreEmpresa: string }>(page, 'usuarios/usuario/infoempre');
    expect(dentro.NombreEmpresa).toBe('Comercial Demo SL');
    // Inside the client: taxes, accounting and reports in the menu; the switcher names the client.
    await page.locator('[data-menu-group="impuestos"]').waitFor();
    expect(await page.locator('input[aria-label="Cambiar de empresa"]').inputValue()).toBe('Comercial Demo SL');
    await irA(page, '/clientes/lista', 'Clientes');
    await page.locator('tbody tr').first().waitFor();
    await expectAccessibleBothWidths(page, 'cliente de la asesoria: clientes');
    await page.getByRole('button', { name: 'Cola de trabajo' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/aseempresas/lista');
    await page.getByRole('article', { name: 'Comercial Demo SL' }).waitFor();
  });
});
