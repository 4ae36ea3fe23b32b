import { describe, expect, it } from 'vitest';
import { ENTITY_LIST } from '../entities/registry.ts';
import { buildMenu } from './menu.ts';
import { ROUTES, routeDef } from './routes.ts';
import { ROUTE_TABLES } from './tables.ts';
import { testContext } from './testContext.ts';

/** a route's title, area, permission and module gate are stated once; routes and menus derive. */
describe('one definition drives navigation', () => {
  const withNav = ENTITY_LIST.filter((e) => e.nav);

  it('every entity with nav has its route, with the entity title, area, permission and module gate', () => {
    expect(withNav.length).toBeGreaterThan(20);
    for (const entity of withNav) {
      const route = routeDef(entity.action ?? entity.name);
      expect(route, entity.name).toMatchObject({
        title: entity.nav?.title ?? entity.labelPlural,
        area: entity.nav?.area,
        guard: 'usuario',
        permission: entity.permission,
      });
      expect(route?.module, entity.name).toBe(entity.module);
      expect(route?.accountTypes, entity.name).toBe(entity.nav?.accountTypes);
    }
  });

  it("an entity brings the screens of a route still to come: its route replaces the spec's placeholder", () => {
    // examinadores was declared in routes.ts as a driving-school placeholder ('En preparación').
    expect(routeDef('examinadores')).toEqual({
      action: 'examinadores',
      title: 'Examinadores',
      area: 'autoescuela',
      guard: 'usuario',
      permission: 'ExamCalendario',
      accountTypes: ['autoescuela'],
    });
    expect(ROUTE_TABLES.autoescuela.routes).toContain('examinadores');
    expect(ROUTE_TABLES.academia.routes).not.toContain('examinadores');
  });

  it('entities without nav (child rows, stock, VAT types…) have no route of their own', () => {
    for (const name of ['tarifaslineas', 'stock', 'movimientosstock', 'tiposiva'])
      expect(routeDef(name)).toBeUndefined();
    // 'empresa' is the change-company page, declared in routes.ts, not the company data entity's screens.
    expect(routeDef('empresa')?.title).toBe('Cambiar de empresa');
  });

  it('every action of every route table has a route', () => {
    for (const table of Object.values(ROUTE_TABLES)) {
      for (const action of table.routes) expect(ROUTES[action], `${table.id}: ${action}`).toBeDefined();
    }
  });

  it("office menu entries of entities take the entity's permission, module switch and plural label", () => {
    const ctx = testContext({ TipoCuenta: 'autoescuela' });
    const entries = buildMenu('autoescuela', ctx).flatMap((g) => g.entries);
    const almacenes = entries.find((e) => e.action === 'almacenes');
    expect(almacenes).toMatchObject({ name: 'Almacenes', permission: 'CataAlmacen', active: true });
    const noStock = buildMenu('autoescuela', { ...ctx, Modulos: { ...ctx.Modulos, ActStock: false } });
    expect(noStock.flatMap((g) => g.entries).find((e) => e.action === 'almacenes')?.active).toBe(false);
    for (const entity of withNav) {
      const entry = entries.find((e) => e.action === (entity.action ?? entity.name));
      if (entry) expect(entry.permission, entity.name).toBe(entity.permission);
    }
    // Bespoke routes: the permission is the route's (routes.ts), the name the menu's wording when it differs.
    expect(entries.find((e) => e.action === 'dventa')).toMatchObject({ name: 'Pedidos', permission: 'VentasPedi' });
    expect(routeDef('dventa')).toMatchObject({ title: 'Pedidos de venta', module: 'ActPedidos' });
  });

  it("the teacher's agenda entries carry no permission code", () => {
    const ctx = testContext({ TipoCuenta: 'autoescuela' });
    const agenda = buildMenu('profesor', ctx).flatMap((g) => g.entries);
    expect(agenda.map((e) => [e.action, e.name, e.permission])).toEqual([
      ['horario', 'Horario', undefined],
      ['alumnosprofe', 'Mis alumnos', undefined],
      ['clases', 'Mi agenda', undefined],
    ]);
  });
});
