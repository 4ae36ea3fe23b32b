import { type InfoEmpresa, ROUTE_TABLES, selectRouteTable, visibleMenu } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessibleBothWidths } from './axe.ts';
import { apiGet, login, menuGroups, navegadorDelBloque, pathOf, screenshot } from './browser.ts';

/** Every demo user: landing route and the visible menu groups (spec sections 2 and 6). */
const USERS: { user: string; landing: string; groups: string[] | null; mustHave?: string[]; mustNotHave?: string[] }[] =
  [
    { user: 'admin', landing: '/admempresas/lista', groups: ['administracion'] },
    {
      user: 'demo',
      landing: '/',
      groups: null,
      mustHave: ['contactos', 'ventas', 'compras', 'tesoreria'],
      mustNotHave: ['formacion', 'examenes'],
    },
    { user: 'empleado', landing: '/', groups: null, mustHave: ['contactos', 'ventas'], mustNotHave: ['formacion'] },
    { user: 'fichaje', landing: '/usuario/fichajes', groups: [] },
    {
      user: 'academia',
      landing: '/',
      groups: null,
      mustHave: ['contactos', 'formacion', 'ventas'],
      mustNotHave: ['examenes'],
    },
    { user: 'profesor', landing: '/horario/lista', groups: ['agenda'] },
    { user: 'alumno', landing: '/', groups: ['misgestiones'] },
    { user: 'tutor', landing: '/', groups: ['misgestiones'] },
    { user: 'autoescuela', landing: '/', groups: null, mustHave: ['contactos', 'formacion', 'examenes', 'ventas'] },
    { user: 'instructor', landing: '/horario/lista', groups: ['agenda'] },
    { user: 'alumnoae', landing: '/', groups: ['misgestiones'] },
    { user: 'asesoria', landing: '/aseempresas/lista', groups: ['asesoria'] },
  ];

describe('landing route and menu of every demo user', () => {
  const navegador = navegadorDelBloque();

  it.each(USERS)('$user lands on $landing', async ({ user, landing, groups, mustHave, mustNotHave }) => {
    const b = navegador();
    await login(b, user);
    await b.page.waitForURL((u) => u.pathname === landing, { timeout: 15_000 });
    expect(await pathOf(b.page)).toBe(landing);
    await b.page.waitForLoadState('networkidle');
    const shown = await menuGroups(b.page);
    // The groups the domain rules compute for this user's real company context.
    const info = await apiGet<InfoEmpresa>(b.page, 'usuarios/usuario/infoempre');
    const centre = await b.page.evaluate(() => localStorage.getItem('faro.centro') ?? undefined);
    const expected = visibleMenu(ROUTE_TABLES[selectRouteTable(info)].menu, info, centre ?? undefined).map((g) => g.id);
    expect(shown).toEqual(expected);
    if (groups) expect(shown).toEqual(groups);
    for (const g of mustHave ?? []) expect(shown).toContain(g);
    for (const g of mustNotHave ?? []) expect(shown).not.toContain(g);
    // The demo's alumno has two enrolments (tutor sees them too): the top bar's selector; alumnoae has one.
    const enrolmentSelector = b.page.locator('input[aria-label="Matrícula"]');
    expect(await enrolmentSelector.count()).toBe(user === 'alumno' || user === 'tutor' ? 1 : 0);
    await screenshot(b.page, `landing-${user}`);
    await expectAccessibleBothWidths(b.page, `inicio ${user}`);
  });

  it('the time-clock-only user has no side menu', async () => {
    const b = navegador();
    await login(b, 'fichaje');
    await b.page.waitForURL('**/usuario/fichajes');
    expect(await b.page.getByRole('navigation', { name: 'Menú principal' }).count()).toBe(0);
    expect(
      await b.page
        .getByRole('button', { name: 'Fichar' })
        .or(b.page.getByRole('button', { name: 'Pausar' }))
        .first()
        .isVisible(),
    ).toBe(true);
  });
});
