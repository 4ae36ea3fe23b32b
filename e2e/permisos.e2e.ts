import { type InfoEmpresa, MSG, menuHref, ROUTE_TABLES, selectRouteTable, visibleMenu } from '@faro/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../apps/server/src/seed/demoData.ts';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, entrar, login, navegadorDelBloque, screenshot } from './browser.ts';
import { go, primerRegistro, watchApi } from './navegacion.ts';

/**
 * every demo user walks every screen of their menu (and opens the first record of each list) without
 * the user asking for anything: no API answer may be a 403 and no red permission toast may show. Reference lists a
 * screen needs are lookups the screen's viewer may read. Every demo user but 'pendiente' (terms not accepted yet:
 * the legal notice stands before any screen).
 */
const USERS = DEMO_PEOPLE.map((p) => p.userName).filter((u) => u !== 'pendiente');

async function permissionToasts(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Notification-root', { hasText: MSG.forbidden })
    .allTextContents()
    .catch(() => []);
}

describe('no screen of the menu raises a 403 or a permission toast the user did not cause', () => {
  const navegador = navegadorDelBloque();

  it.each(USERS)('%s walks every menu screen', { timeout: 300_000 }, async (user) => {
    const b = navegador();
    await login(b, user);
    const { page } = b;
    const api = watchApi(page);
    api.at('(entrada)');
    await api.settled();
    const info = await apiGet<InfoEmpresa>(page, 'usuarios/usuario/infoempre');
    const centre = await page.evaluate(() => localStorage.getItem('faro.centro') ?? undefined);
    const entries = visibleMenu(ROUTE_TABLES[selectRouteTable(info)].menu, info, centre ?? undefined).flatMap(
      (g) => g.entries,
    );
    const problems: string[] = [];
    let visited = 0;
    let opened = 0;
    for (const entry of entries) {
      const href = menuHref(entry);
      api.at(href);
      await go(page, href);
      await api.settled();
      visited++;
      // A list with rows: open its first record (a supplier, a product…) as the user did: the link of a
      // generic list's first row, the row itself on the bespoke lists.
      if (href.split('?')[0]!.endsWith('/lista')) {
        const target = await primerRegistro(page, 1_000);
        if (target) {
          api.at(`${href} → primer registro`);
          const before = page.url();
          await target.click({ timeout: 3_000 }).catch(() => {});
          await api.settled();
          if (page.url() !== before) opened++;
        }
      }
      for (const t of await permissionToasts(page)) problems.push(`${href}: aviso «${t}»`);
    }
    expect(visited).toBe(entries.length);
    // The office users' lists have demo rows: the walk did open records (DEMO has the most areas done).
    if (user === 'demo') expect(opened).toBeGreaterThan(5);
    else if (['empleado', 'academia', 'autoescuela'].includes(user)) expect(opened).toBeGreaterThan(1);
    expect([...api.forbidden, ...problems]).toEqual([]);
  });

  it('after sign-in the lists the user may read are prefetched and kept locally by name', async () => {
    const page = await entrar(navegador(), 'empleado');
    const stored = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('faro.ref.'))
          .map((k) => k.split('.').at(-1))
          .sort(),
      );
    await expect.poll(stored, { timeout: 20_000 }).toEqual(expect.arrayContaining(['fpago', 'tiposiva', 'familias']));
    // Lists no screen of a sales clerk shows are never asked (their lookup would be a 403).
    expect(await stored()).not.toContain('roles');
    // The supplier list's 'Forma de pago' filter offers the methods at once (it opened empty before).
    await go(page, '/proveedores/lista');
    await page.getByRole('heading', { name: 'Proveedores' }).waitFor();
    await page.getByLabel('Forma de pago', { exact: true }).first().click();
    await page.getByRole('option').first().waitFor({ timeout: 5_000 });
    expect(await page.getByRole('option').count()).toBeGreaterThan(1);
    await screenshot(page, 'permisos-empleado-proveedores');
    await expectAccessibleBothWidths(page, 'permisos-empleado-proveedores');
    expect(await permissionToasts(page)).toEqual([]);
  });
});
