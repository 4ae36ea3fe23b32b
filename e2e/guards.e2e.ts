import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { login, navegadorDelBloque, pathOf, resetSession } from './browser.ts';

describe('guards and redirects', () => {
  const navegador = navegadorDelBloque();

  it('logged out: a private route goes to the login; unknown routes too', async () => {
    const b = navegador();
    await resetSession(b);
    await b.page.goto('/clientes/lista');
    await b.page.waitForURL('**/registro');
    await b.page.getByRole('button', { name: 'Entrar' }).waitFor();
    await b.page.goto('/no/existe');
    await b.page.waitForURL('**/registro');
  });

  // A teacher on an office route goes to their timetable; the time-clock-only user back to the time clock.
  it.each([
    ['profesor', '/clientes/lista', '/horario/lista'],
    ['fichaje', '/clientes/lista', '/usuario/fichajes'],
  ])('%s on %s is sent to %s', async (usuario, ruta, destino) => {
    const b = navegador();
    await login(b, usuario);
    await b.page.goto(ruta);
    await b.page.waitForURL(`**${destino}`);
    expect(await pathOf(b.page)).toBe(destino);
  });

  it('an office user on an admin route goes home; registro while logged in goes home', async () => {
    const b = navegador();
    await login(b, 'empleado');
    await b.page.goto('/admempresas/lista');
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.goto('/registro');
    await b.page.waitForURL((u) => u.pathname === '/');
    expect(await pathOf(b.page)).toBe('/');
  });

  it('hash URLs are rewritten to {segment}/lista; a screen without permission says so', async () => {
    const b = navegador();
    await login(b, 'empleado');
    await b.page.goto('/#/fventa/editar/3');
    await b.page.waitForURL('**/fventa/lista');
    await b.page.getByRole('heading', { name: 'Facturas' }).waitFor();
    // A hash URL of a route with one screen opens its list (the tax models).
    await b.page.goto('/#/modtributarios/editar/3');
    await b.page.waitForURL('**/modtributarios/lista');
    await b.page.getByRole('heading', { name: 'Modelos tributarios' }).waitFor();
    // Company administration is for owners and profiles with the Conf* codes.
    await b.page.goto('/usuarios/lista');
    await b.page.getByText(MSG.forbidden).waitFor();
    await expectAccessibleBothWidths(b.page, 'sin permiso');
  });

  it('a route of another account type logs out', async () => {
    const b = navegador();
    await login(b, 'empleado');
    await b.page.goto('/matriculas/lista');
    await b.page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await pathOf(b.page)).toMatch(/^\/registro/);
    expect(await b.page.evaluate(() => localStorage.getItem('faro.token'))).toBeNull();
  });
});
