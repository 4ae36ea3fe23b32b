import type { Rol, TipoCuenta } from '../session/roles.ts';
import { ROUTES, type RouteAction, type RouteGuard } from './routes.ts';

/** The route tables of spec sections 2 and 6. One is chosen after login by role and account type. */
export const ROUTE_TABLE_IDS = [
  'publico',
  'admin',
  'asesoria',
  'fichaje',
  'general',
  'academia',
  'autoescuela',
  'odontologia',
  'profesorAcademia',
  'profesorAutoescuela',
  'alumnoAcademia',
  'alumnoAutoescuela',
] as const;
export type RouteTableId = (typeof ROUTE_TABLE_IDS)[number];

/** The menu variant a table shows in the side menu (null: no side menu). */
export type MenuVariant =
  | 'admin'
  | 'asesoria'
  | 'general'
  | 'academia'
  | 'autoescuela'
  | 'odontologia'
  | 'profesor'
  | 'alumno';

export interface RouteTable {
  id: RouteTableId;
  routes: readonly RouteAction[];
  /** Where '' leads: '' renders the home page, anything else redirects there. */
  landing: string;
  menu: MenuVariant | null;
}

/** Before login: main, registro, registroalu, contratacion; anything else redirects to ''. */
const PUBLIC: readonly RouteAction[] = ['', 'registro', 'registroalu', 'contratacion'];
/**
 * Routes every logged-in table keeps besides the spec's lists: 'usuario' holds the personal screens reached from
 * the user menu (time clock, agenda, notifications).
 */
const LOGGED: readonly RouteAction[] = [...PUBLIC, 'usuario'];

/** The routes a guard lets in, of an account type when given (routes.ts says which types each route belongs to). */
const guarded = (guards: readonly RouteGuard[], tipo?: TipoCuenta): readonly RouteAction[] =>
  Object.values(ROUTES)
    .filter((r) => guards.includes(r.guard) && (!tipo || !r.accountTypes || r.accountTypes.includes(tipo)))
    .map((r) => r.action as RouteAction);
/** An office variant: every route an office user of the account type may open (the open ones too). */
const office = (tipo: TipoCuenta) => guarded(['usuario', 'open'], tipo);
const STUDENT = guarded(['alumno']);

const uniq = (...lists: (readonly RouteAction[])[]): readonly RouteAction[] => [...new Set(lists.flat())];

/**
 * The office, advisory, admin and student tables take their routes from routes.ts (each route's guard and account
 * types), so a new route or an entity with its own screens joins its tables there; the teacher tables are short lists.
 */
export const ROUTE_TABLES = {
  publico: { id: 'publico', routes: PUBLIC, landing: 'registro', menu: null },
  admin: {
    id: 'admin',
    routes: uniq(LOGGED, guarded(['admin'])),
    landing: 'admempresas/lista',
    menu: 'admin',
  },
  asesoria: {
    id: 'asesoria',
    // 'empresa' (change company) and 'asesorias' (buscar asesoría) are the owner's user-menu links.
    routes: uniq(LOGGED, guarded(['asesoria']), ['empresa', 'asesorias']),
    landing: 'aseempresas/lista',
    menu: 'asesoria',
  },
  fichaje: { id: 'fichaje', routes: LOGGED, landing: 'usuario/fichajes', menu: null },
  general: { id: 'general', routes: uniq(LOGGED, office('general')), landing: '', menu: 'general' },
  academia: { id: 'academia', routes: uniq(LOGGED, office('academia')), landing: '', menu: 'academia' },
  autoescuela: {
    id: 'autoescuela',
    routes: uniq(LOGGED, office('autoescuela')),
    landing: '',
    menu: 'autoescuela',
  },
  odontologia: { id: 'odontologia', routes: uniq(LOGGED, office('odontologia')), landing: '', menu: 'odontologia' },
  profesorAcademia: {
    id: 'profesorAcademia',
    routes: uniq(LOGGED, ['horario', 'alumnosprofe']),
    landing: 'horario/lista',
    menu: 'profesor',
  },
  profesorAutoescuela: {
    id: 'profesorAutoescuela',
    routes: uniq(LOGGED, ['horario', 'alumnosprofe', 'clases']),
    landing: 'horario/lista',
    menu: 'profesor',
  },
  alumnoAcademia: { id: 'alumnoAcademia', routes: uniq(LOGGED, STUDENT), landing: '', menu: 'alumno' },
  alumnoAutoescuela: { id: 'alumnoAutoescuela', routes: uniq(LOGGED, STUDENT), landing: '', menu: 'alumno' },
} as const satisfies Record<RouteTableId, RouteTable>;

export interface TableSelector {
  Roles: readonly Rol[];
  TipoCuenta: TipoCuenta;
}

/**
 * Spec section 6: admin gets the admin table; asesoria the advisory table; a user whose only role is reghorario
 * (exactly one role) the restricted table; otherwise by account type and role (user, teacher, student or tutor).
 */
/**
 * An adviser who entered a client company (their only role there is asesoria, and it is not a firm): they work with
 * the client's own screens as its users do, at the level delegated to the firm (the permissions enforce it).
 */
export function asesorEnCliente(user: TableSelector): boolean {
  return user.TipoCuenta !== 'asesoria' && user.Roles.length === 1 && user.Roles[0] === 'asesoria';
}

export function selectRouteTable(user: TableSelector | null): RouteTableId {
  if (!user) return 'publico';
  const roles = user.Roles;
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('asesoria') && !asesorEnCliente(user)) return 'asesoria';
  if (roles.length === 1 && roles[0] === 'reghorario') return 'fichaje';
  if (user.TipoCuenta === 'odontologia') return 'odontologia';
  const academy = user.TipoCuenta === 'academia' || user.TipoCuenta === 'autoescuela';
  if (!academy) return 'general';
  const school = user.TipoCuenta === 'autoescuela';
  if (roles.includes('usuario')) return school ? 'autoescuela' : 'academia';
  if (roles.includes('profesor')) return school ? 'profesorAutoescuela' : 'profesorAcademia';
  if (roles.includes('alumno') || roles.includes('tutor')) return school ? 'alumnoAutoescuela' : 'alumnoAcademia';
  return school ? 'autoescuela' : 'academia';
}

export function tableHas(table: RouteTableId, action: string): boolean {
  return (ROUTE_TABLES[table].routes as readonly string[]).includes(action);
}
