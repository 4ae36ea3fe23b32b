import { describe, expect, it } from 'vitest';
import { MODULE_FLAG_LIST, type ModuleFlag } from '../session/companyContext.ts';
import type { Rol, TipoCuenta } from '../session/roles.ts';
import { casos } from '../testkit/casos.testkit.ts';
import { type GuardSession, type RouteDecision, resolveRoute, rewriteHashUrl, splitPath } from './guards.ts';
import { menuAlias } from './routes.ts';

const allModules = Object.fromEntries(MODULE_FLAG_LIST.map((m) => [m, true])) as Record<ModuleFlag, boolean>;
const s = (Roles: Rol[], TipoCuenta: TipoCuenta = 'general', Modulos = allModules): GuardSession => ({
  Roles,
  TipoCuenta,
  Modulos,
});
const render = (action: string) => expect.objectContaining({ kind: 'render', action });
const to = (path: string): RouteDecision => ({ kind: 'redirect', to: path });
const logout: RouteDecision = { kind: 'logout' };

describe('logged-out guards (spec section 2, Before login)', () => {
  it.each([
    ['/', logout],
    ['/registro', render('registro')],
    ['/registro/DEMO', render('registro')],
    ['/registroalu', render('registroalu')],
    ['/contratacion/nuevo', render('contratacion')],
    ['/clientes/lista', to('/')],
    ['/nada/de/nada', to('/')],
    ['/usuario/fichajes', to('/')],
  ])('%s', (path, decision) => {
    expect(resolveRoute(path, null)).toEqual(decision);
  });
});

describe('logged-in guards (spec sections 2 and 6)', () => {
  const nomods = {
    ...allModules,
    ActPresupuestos: false,
    ActPedidos: false,
    ActAlbaranes: false,
    ActFactRecurrentes: false,
    ActPedidosCompra: false,
    ActAlbaranesCompra: false,
    ActComprasRecurrentes: false,
    ActStock: false,
    ActComerciales: false,
  };
  it.each([
    ['general user home', s(['usuario']), '/', render('')],
    ['registro redirects home', s(['usuario']), '/registro', to('/')],
    ['registroalu redirects home', s(['usuario']), '/registroalu', to('/')],
    ['contratacion is open', s(['usuario']), '/contratacion/nuevo', render('contratacion')],
    ['unknown route goes home', s(['usuario']), '/nada/lista', to('/')],
    ['a user route', s(['usuario']), '/clientes/lista', render('clientes')],
    ['admin landing', s(['admin']), '/', to('/admempresas/lista')],
    ['admin on a user route goes home', s(['admin']), '/clientes/lista', to('/admempresas/lista')],
    ['admin route needs admin', s(['usuario']), '/admempresas/lista', to('/')],
    ['advisory route needs asesoria', s(['usuario']), '/aseempresas/lista', to('/')],
    ['advisory landing', s(['asesoria'], 'asesoria'), '/', to('/aseempresas/lista')],
    ['an adviser inside a client opens its screens', s(['asesoria']), '/clientes/lista', render('clientes')],
    ['time-clock-only landing', s(['reghorario']), '/', to('/usuario/fichajes')],
    ['time-clock-only user on an office route', s(['reghorario']), '/clientes/lista', to('/usuario/fichajes')],
    ['time-clock-only user on the time clock', s(['reghorario']), '/usuario/fichajes', render('usuario')],
    ['teacher landing', s(['profesor'], 'academia'), '/', to('/horario/lista')],
    ['teacher on a blocked user route', s(['profesor'], 'academia'), '/clientes/lista', to('/horario/lista')],
    ['teacher on the timetable', s(['profesor'], 'academia'), '/horario/lista', render('horario')],
    ['teacher on the classes (driving school)', s(['profesor'], 'autoescuela'), '/clases/lista', render('clases')],
    ['teacher route needs profesor', s(['usuario'], 'academia'), '/alumnosprofe/lista', to('/')],
    ['student route needs alumno or tutor', s(['usuario'], 'academia'), '/portalusaldo/lista', to('/')],
    ['student portal', s(['alumno'], 'academia'), '/portalusaldo/lista', render('portalusaldo')],
    ['tutor portal', s(['tutor'], 'autoescuela'), '/portalufacturas/lista', render('portalufacturas')],
    ['student on an office route', s(['alumno'], 'academia'), '/clientes/lista', to('/')],
    ['academy route in a general company logs out', s(['usuario']), '/matriculas/lista', logout],
    ['driving-school route in an academy logs out', s(['usuario'], 'academia'), '/calexamenes/lista', logout],
    ['academy route in an academy', s(['usuario'], 'academia'), '/matriculas/lista', render('matriculas')],
    ['pventa needs quotes', s(['usuario'], 'general', nomods), '/pventa/lista', to('/')],
    ['dventa needs orders', s(['usuario'], 'general', nomods), '/dventa/lista', to('/')],
    ['aventa needs delivery notes', s(['usuario'], 'general', nomods), '/aventa/lista', to('/')],
    ['fventarec needs recurring invoices', s(['usuario'], 'general', nomods), '/fventarec/lista', to('/')],
    ['dcompra needs purchase orders', s(['usuario'], 'general', nomods), '/dcompra/lista', to('/')],
    ['acompra needs purchase delivery notes', s(['usuario'], 'general', nomods), '/acompra/nuevo', to('/')],
    ['fcomprarec needs recurring purchases', s(['usuario'], 'general', nomods), '/fcomprarec/lista', to('/')],
    ['almacenes needs stock', s(['usuario'], 'general', nomods), '/almacenes/lista', to('/')],
    ['comerciales needs sales reps', s(['usuario'], 'general', nomods), '/comerciales/editar/3', to('/')],
    ['fventa has no gate', s(['usuario'], 'general', nomods), '/fventa/lista', render('fventa')],
    ['with the module it renders', s(['usuario']), '/pventa/lista', render('pventa')],
  ])('%s', (_name, session, path, decision) => {
    expect(resolveRoute(path, session)).toEqual(decision);
  });
});

describe('hash rewrite, aliases and paths', () => {
  casos('%s%s', rewriteHashUrl, [
    ['/', '', null],
    ['/', '#', null],
    ['/', '#/fventa/editar/3', '/fventa/lista'],
    ['/clientes/editar/4', '#seccion', '/clientes/lista'],
    ['/', '#/', '/'],
  ]);
  it('fgasto counts as fcompra, fgastorec as fcomprarec', () => {
    expect(menuAlias('fgasto')).toBe('fcompra');
    expect(menuAlias('fgastorec')).toBe('fcomprarec');
    expect(menuAlias('fventa')).toBe('fventa');
  });
  it('splits and decodes paths', () => {
    expect(splitPath('/registro/DEMO%20X/?a=1')).toEqual(['registro', 'DEMO X']);
    expect(splitPath('/')).toEqual([]);
  });
});
