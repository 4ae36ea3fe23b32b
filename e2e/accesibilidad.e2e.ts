import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { entrar, navegadorDelBloque, resetSession } from './browser.ts';

/**
 * axe (WCAG 2.0/2.1 A and AA) finds no serious or critical node on the login and the office screens of
 * the audit, at 1366 px and 390 px. Figures of every audited screen: test-artifacts/axe/.
 */
describe('accessibility of the office screens (axe, WCAG 2.1 AA)', () => {
  const navegador = navegadorDelBloque();

  it('the login', async () => {
    const b = navegador();
    await resetSession(b);
    await b.page.goto('/registro/DEMO');
    await b.page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expectAccessibleBothWidths(b.page, 'registro');
  });

  it('home, lists, forms, the invoice editor and the time clock of demo', async () => {
    const b = navegador();
    const page = await entrar(b);
    await page.getByTestId('user-menu').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessibleBothWidths(page, 'inicio');
    const pantallas: [string, string][] = [
      ['/fventa/lista', '[data-testid="list-total"]'],
      ['/clientes/lista', 'tbody tr'],
      ['/clientes/nuevo', 'input'],
      ['/fventa/nuevo', '[data-testid="linea-1"]'],
      ['/usuario/fichajes', '[data-testid="estado-fichaje"]'],
      ['/configura/lista', 'main a'],
      ['/productos/lista', 'tbody tr'],
      ['/fventaverifactu/lista', '[data-testid="list-total"]'],
    ];
    for (const [ruta, listo] of pantallas) {
      await page.goto(ruta);
      await page.locator(listo).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessibleBothWidths(page, ruta);
    }
    // An issued invoice: read-only lines in a scroll area that the keyboard reaches.
    await page.goto('/fventa/lista?estado=Emitida');
    await page.locator('a[href*="/fventa/editar/"]').first().click();
    await page.getByTestId('solo-lectura').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessibleBothWidths(page, 'fventa emitida');
  }, 300_000);

  it('an invalid field is tied to its error (aria-invalid, aria-describedby) and the toast is announced', async () => {
    const { page } = navegador();
    await page.goto('/clientes/nuevo');
    const nif = page.getByLabel('NIF', { exact: true });
    await nif.fill('12345678A');
    await nif.blur();
    await page.getByText('La letra del DNI/NIE/NIF no es correcta').first().waitFor();
    expect(await nif.getAttribute('aria-invalid')).toBe('true');
    const described = (await nif.getAttribute('aria-describedby')) ?? '';
    const texts = await page.evaluate(
      (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? ''),
      described,
    );
    expect(texts).toContain('La letra del DNI/NIE/NIF no es correcta');
    await page.getByRole('button', { name: 'Guardar' }).click();
    // Toasts are alerts: screen readers announce them when they appear.
    await page
      .locator('.mantine-Notification-root[role="alert"]', { hasText: 'Revisa los errores del formulario' })
      .waitFor();
    await expectAccessibleBothWidths(page, '/clientes/nuevo con errores');
  }, 120_000);
});
