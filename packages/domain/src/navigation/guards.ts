import type { ModuleFlag } from '../session/companyContext.ts';
import type { Rol } from '../session/roles.ts';
import { type RouteDef, routeDef } from './routes.ts';
import {
  asesorEnCliente,
  ROUTE_TABLES,
  type RouteTableId,
  selectRouteTable,
  type TableSelector,
  tableHas,
} from './tables.ts';

/** What the guards need to know about the logged-in user (a slice of InfoEmpresa). */
export interface GuardSession extends TableSelector {
  Modulos: Partial<Record<ModuleFlag, boolean>>;
}

export type RouteDecision =
  | { kind: 'render'; action: string; route: RouteDef; table: RouteTableId }
  | { kind: 'redirect'; to: string }
  | { kind: 'logout' };

/** Path segments without empty parts, URI-decoded. */
export function splitPath(pathname: string): string[] {
  return pathname
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** The role part of a guard (spec section 6). */
export function guardAllows(route: RouteDef, roles: readonly Rol[]): boolean {
  switch (route.guard) {
    case 'anon':
      return false;
    case 'open':
    case 'auth':
      return true;
    case 'admin':
      return roles.includes('admin');
    case 'asesoria':
      return roles.includes('asesoria');
    case 'profesor':
      return roles.includes('profesor');
    case 'alumno':
      return roles.includes('alumno') || roles.includes('tutor');
    case 'usuario':
      return roles.includes('usuario') || (route.teachersAllowed === true && roles.includes('profesor'));
  }
}

/** The home of a table as an absolute path ('/' or its landing route). */
export function homePath(table: RouteTableId): string {
  const landing = ROUTE_TABLES[table].landing;
  return table === 'publico' || !landing ? '/' : `/${landing}`;
}

const isTeacherTable = (t: RouteTableId) => t === 'profesorAcademia' || t === 'profesorAutoescuela';

/**
 * Decides what a path does for a session (null: logged out). Logged out: '' logs out (to the login path); registro,
 * registroalu and contratacion render; anything else redirects to ''. Logged in: unknown routes and registro go to
 * '/', '' goes to the table's landing, a route of another account type logs out, a failed role guard sends teachers
 * to horario/lista and everybody else home, a route outside the table or a missing module goes home.
 */
export function resolveRoute(pathname: string, session: GuardSession | null): RouteDecision {
  const action = splitPath(pathname)[0] ?? '';
  const route = routeDef(action);
  const table = selectRouteTable(session);
  if (!session) {
    if (action === '') return { kind: 'logout' };
    if (route && tableHas('publico', action)) return { kind: 'render', action, route, table };
    return { kind: 'redirect', to: '/' };
  }
  const home = homePath(table);
  if (!route || route.guard === 'anon') return { kind: 'redirect', to: home };
  if (action === '') return home === '/' ? { kind: 'render', action, route, table } : { kind: 'redirect', to: home };
  if (route.accountTypes && !route.accountTypes.includes(session.TipoCuenta)) return { kind: 'logout' };
  const roles: readonly Rol[] = asesorEnCliente(session) ? ['usuario', 'asesoria'] : session.Roles;
  if (!guardAllows(route, roles)) {
    return { kind: 'redirect', to: isTeacherTable(table) ? '/horario/lista' : home };
  }
  if (!tableHas(table, action)) return { kind: 'redirect', to: home };
  if (route.module && !session.Modulos[route.module]) return { kind: 'redirect', to: home };
  return { kind: 'render', action, route, table };
}

/** A URL with a hash fragment is rewritten to {first segment}/lista (old hash links: '#/fventa/editar/3'). */
export function rewriteHashUrl(pathname: string, hash: string): string | null {
  if (!hash || hash === '#') return null;
  const source = hash.startsWith('#/') ? hash.slice(1) : pathname;
  const first = splitPath(source)[0];
  return first ? `/${first}/lista` : '/';
}
