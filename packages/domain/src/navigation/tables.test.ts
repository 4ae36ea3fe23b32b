import { describe, expect, it } from 'vitest';
import type { Rol, TipoCuenta } from '../session/roles.ts';
import { homePath } from './guards.ts';
import { ROUTES, type RouteGuard } from './routes.ts';
import { ROUTE_TABLE_IDS, ROUTE_TABLES, type RouteTableId, selectRouteTable, tableHas } from './tables.ts';

describe('route table selection (spec section 6)', () => {
  const cases: [string, Rol[], TipoCuenta, string, string][] = [
    ['admin', ['admin'], 'general', 'admin', '/admempresas/lista'],
    ['admin also usuario', ['admin', 'usuario'], 'general', 'admin', '/admempresas/lista'],
    ['asesoria', ['asesoria'], 'asesoria', 'asesoria', '/aseempresas/lista'],
    ['asesoria with usuario', ['usuario', 'asesoria'], 'general', 'asesoria', '/aseempresas/lista'],
    ['adviser inside a client company', ['asesoria'], 'general', 'general', '/'],
    ['adviser inside a client academy', ['asesoria'], 'academia', 'academia', '/'],
    ['only reghorario', ['reghorario'], 'general', 'fichaje', '/usuario/fichajes'],
    ['reghorario in an academy', ['reghorario'], 'academia', 'fichaje', '/usuario/fichajes'],
    ['reghorario plus empleado is not time-clock-only', ['reghorario', 'usuario'], 'general', 'general', '/'],
    ['general user', ['usuario'], 'general', 'general', '/'],
    ['general user and employee', ['usuario', 'empleado'], 'general', 'general', '/'],
    ['odontologia has its own table (docs/odontologia.md)', ['usuario'], 'odontologia', 'odontologia', '/'],
    ['academy user', ['usuario'], 'academia', 'academia', '/'],
    ['driving-school user', ['usuario'], 'autoescuela', 'autoescuela', '/'],
    ['academy teacher', ['profesor'], 'academia', 'profesorAcademia', '/horario/lista'],
    ['driving-school teacher', ['profesor'], 'autoescuela', 'profesorAutoescuela', '/horario/lista'],
    ['academy student', ['alumno'], 'academia', 'alumnoAcademia', '/'],
    ['academy tutor', ['tutor'], 'academia', 'alumnoAcademia', '/'],
    ['driving-school student', ['alumno'], 'autoescuela', 'alumnoAutoescuela', '/'],
    ['office user who also teaches', ['usuario', 'profesor'], 'academia', 'academia', '/'],
  ];
  it.each(cases)('%s', (_name, Roles, TipoCuenta, table, home) => {
    const id = selectRouteTable({ Roles, TipoCuenta });
    expect(id).toBe(table);
    expect(homePath(id)).toBe(home);
  });

  it('logged out gets the public table', () => {
    expect(selectRouteTable(null)).toBe('publico');
    expect([...ROUTE_TABLES.publico.routes].sort()).toEqual(['', 'contratacion', 'registro', 'registroalu']);
  });
});

describe('route table contents (spec section 2)', () => {
  const routesOf = (table: RouteTableId) => new Set<string>(ROUTE_TABLES[table].routes);
  const guarded = (guard: RouteGuard, tipo?: TipoCuenta) =>
    Object.values(ROUTES)
      .filter((r) => r.guard === guard && (!tipo || !r.accountTypes || r.accountTypes.includes(tipo)))
      .map((r) => r.action);
  const logged = ['', 'registro', 'registroalu', 'contratacion', 'usuario'];

  it('every logged-in table keeps the public routes and the personal screens', () => {
    for (const id of ROUTE_TABLE_IDS.filter((t) => t !== 'publico')) {
      for (const action of logged) expect(tableHas(id, action), `${id}: ${action}`).toBe(true);
    }
  });

  // routes.ts says which account types an office route belongs to; the tables must agree with it both ways.
  it.each([
    ['general', 'general'],
    ['academia', 'academia'],
    ['autoescuela', 'autoescuela'],
    ['odontologia', 'odontologia'],
  ] as const)('the %s table holds exactly the office routes of its account type', (table, tipo) => {
    const office = guarded('usuario', tipo);
    expect(office.length).toBeGreaterThan(50);
    const others = [...routesOf(table)].filter((a) => ROUTES[a]?.guard !== 'usuario');
    expect([...routesOf(table)].sort()).toEqual([...new Set([...office, ...others])].sort());
    expect(others.every((a) => logged.includes(a) || ROUTES[a]?.guard === 'open')).toBe(true);
  });

  it('each office variant adds to the one below it', () => {
    const general = routesOf('general');
    for (const wider of ['academia', 'autoescuela', 'odontologia'] as const) {
      for (const action of general) expect(tableHas(wider, action), `${wider}: ${action}`).toBe(true);
    }
    for (const action of routesOf('academia')) expect(tableHas('autoescuela', action), action).toBe(true);
    for (const [table, action] of [
      ['general', 'clientes'],
      ['general', 'contabilidad'],
      ['general', 'calendariofiscal'],
      ['academia', 'matriculas'],
      ['autoescuela', 'examinadores'],
      ['odontologia', 'odontograma'],
    ] as const)
      expect(tableHas(table, action), `${table}: ${action}`).toBe(true);
    expect(tableHas('general', 'matriculas')).toBe(false);
    expect(tableHas('academia', 'examinadores')).toBe(false);
    expect(tableHas('academia', 'odontograma')).toBe(false);
  });

  it('the time-clock-only table holds main, registro and usuario', () => {
    expect([...routesOf('fichaje')].sort()).toEqual([...logged].sort());
    expect(tableHas('fichaje', 'clientes')).toBe(false);
  });

  it('the teacher tables', () => {
    expect(tableHas('profesorAcademia', 'horario')).toBe(true);
    expect(tableHas('profesorAcademia', 'alumnosprofe')).toBe(true);
    expect(tableHas('profesorAcademia', 'clases')).toBe(false);
    expect(tableHas('profesorAutoescuela', 'clases')).toBe(true);
  });

  it('the student tables hold the portal and no office screen', () => {
    const portal = guarded('alumno');
    expect(portal).toContain('portalusaldo');
    for (const table of ['alumnoAcademia', 'alumnoAutoescuela'] as const) {
      expect([...routesOf(table)].sort()).toEqual([...logged, ...portal].sort());
    }
  });

  it('admin and advisory tables hold their own screens and no company screen', () => {
    expect([...routesOf('admin')].sort()).toEqual([...logged, ...guarded('admin')].sort());
    expect(guarded('admin')).toContain('admempresas');
    for (const action of guarded('asesoria')) expect(tableHas('asesoria', action), action).toBe(true);
    expect(guarded('asesoria')).toContain('aseempresas');
    expect(tableHas('admin', 'clientes')).toBe(false);
    expect(tableHas('asesoria', 'clientes')).toBe(false);
  });
});
