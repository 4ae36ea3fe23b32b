import { ENTITY_LIST, type EntityName } from '../entities/registry.ts';
import type { PermissionCode } from '../permissions/codes.ts';
import type { ModuleFlag } from '../session/companyContext.ts';
import type { TipoCuenta } from '../session/roles.ts';
import { ACADEMY_TYPES, DENTAL_TYPES, DRIVING_SCHOOL_TYPES, type RouteArea } from './areas.ts';

/**
 * Who may open a route (spec section 6):
 * - anon: only logged-out users (registro, registroalu); logged-in users are sent to '/'.
 * - open: anyone whose route table holds the route (contratacion, videotutoriales).
 * - auth: any logged-in user (main '', usuario/…).
 * - admin / asesoria / profesor: that role; alumno: alumno or tutor; usuario: office users (teachers too when
 *   `teachersAllowed`, for the timetable and the classes).
 */
export type RouteGuard = 'anon' | 'open' | 'auth' | 'admin' | 'asesoria' | 'usuario' | 'profesor' | 'alumno';

export interface RouteDef {
  /** First path segment: `/{action}/lista`, `/{action}/editar/{id}`, `/{action}/nuevo`. */
  action: string;
  /** Spanish page title. */
  title: string;
  area: RouteArea;
  guard: RouteGuard;
  /** Account types the route belongs to; another account type is logged out (spec section 2, Restrictions). */
  accountTypes?: readonly TipoCuenta[];
  /** Module gate: a company without the module is not allowed in (the menu entry's switch too). */
  module?: ModuleFlag;
  /** Permission code of the route's screens; the office menu entry shows by it. */
  permission?: PermissionCode;
  /** Teachers may open this office route (timetable, classes). */
  teachersAllowed?: boolean;
  /** Menu highlighting alias (fgasto counts as fcompra). */
  alias?: string;
}

type Def = Omit<RouteDef, 'action'>;
const u = (title: string, area: RouteArea, permission?: PermissionCode, extra: Partial<Def> = {}): Def => ({
  title,
  area,
  guard: 'usuario',
  ...(permission ? { permission } : {}),
  ...extra,
});
const aca = (title: string, area: RouteArea, permission?: PermissionCode, extra: Partial<Def> = {}): Def =>
  u(title, area, permission, { accountTypes: ACADEMY_TYPES, ...extra });
const ae = (title: string, area: RouteArea, permission?: PermissionCode, extra: Partial<Def> = {}): Def =>
  u(title, area, permission, { accountTypes: DRIVING_SCHOOL_TYPES, ...extra });
const od = (title: string, permission: PermissionCode): Def =>
  u(title, 'odontologia', permission, { accountTypes: DENTAL_TYPES });
const portal = (title: string, permission?: PermissionCode): Def => ({
  title,
  area: 'portal',
  guard: 'alumno',
  accountTypes: ACADEMY_TYPES,
  ...(permission ? { permission } : {}),
});

/** Every route of the product, by action. The route tables below pick from it. */
const DEFS = {
  '': { title: 'Inicio', area: 'main', guard: 'auth' },
  registro: { title: 'Acceso', area: 'registro', guard: 'anon' },
  registroalu: { title: 'Alta de alumno', area: 'registro', guard: 'anon' },
  contratacion: { title: 'Contratación', area: 'contratacion', guard: 'open' },
  usuario: { title: 'Mi usuario', area: 'usuario', guard: 'auth' },
  videotutoriales: { title: 'Videotutoriales', area: 'main', guard: 'open' },

  // Administrator
  admempresas: { title: 'Empresas', area: 'admin', guard: 'admin' },
  admexcep: { title: 'Excepciones', area: 'admin', guard: 'admin' },
  admnotifica: { title: 'Notificaciones', area: 'admin', guard: 'admin' },
  admcontrato: { title: 'Contrato', area: 'admin', guard: 'admin' },
  admvideoscat: { title: 'Categorías de vídeos', area: 'admin', guard: 'admin' },
  admvideoscont: { title: 'Vídeos', area: 'admin', guard: 'admin' },
  adminformes: { title: 'Informes', area: 'admin', guard: 'admin' },
  admversiones: { title: 'Versiones', area: 'admin', guard: 'admin' },

  // Advisory firm
  aseempresas: { title: 'Empresas', area: 'asesoria', guard: 'asesoria' },
  aseusuarios: { title: 'Usuarios de la asesoría', area: 'asesoria', guard: 'asesoria' },
  aseconfigura: { title: 'Datos de la asesoría', area: 'asesoria', guard: 'asesoria' },
  asesolicitud: { title: 'Solicitudes recibidas', area: 'asesoria', guard: 'asesoria' },

  // General company user. Routes of entities with their own screens (clientes, productos, almacenes…) are not here:
  // they are derived from the entity's `nav` (entities/*.ts), below.
  pventa: u('Presupuestos', 'ventas', 'VentasPresup', { module: 'ActPresupuestos' }),
  dventa: u('Pedidos de venta', 'ventas', 'VentasPedi', { module: 'ActPedidos' }),
  aventa: u('Albaranes de venta', 'ventas', 'VentasAlba', { module: 'ActAlbaranes' }),
  fventa: u('Facturas de venta', 'ventas', 'VentasFact'),
  docventahist: u('Histórico de documentos de venta', 'ventas'),
  fventarec: u('Facturas recurrentes', 'ventas', 'VentasRecurr', { module: 'ActFactRecurrentes' }),
  // The tax book, not a second list of invoices: named so beside 'Facturas' in the menu.
  factemitidas: u('Libro de facturas emitidas', 'impuestos', 'ImptoEmit'),
  fventaverifactu: u('Registros VeriFactu', 'impuestos', 'VentasVeriFactu'),
  fventavisorvf: u('Visor VeriFactu', 'impuestos', 'VentasVeriFactu'),
  fventaefactura: u('Envíos de factura electrónica', 'ventas', 'VentasFact'),
  lroefactemitidas: u('LROE facturas emitidas', 'impuestos', 'ImptoEmit'),
  movstesoreriac: u('Cobros', 'tesoreria', 'TesoMovsCajaBanco'),
  crmoportuni: u('Oportunidades', 'crm', 'VentasCrmOport'),
  crmembudos: u('Embudos de venta', 'crm', 'VentasCrmOport'),
  dcompra: u('Pedidos de compra', 'compras', 'ComprasPedi', { module: 'ActPedidosCompra' }),
  acompra: u('Albaranes de compra', 'compras', 'ComprasAlba', { module: 'ActAlbaranesCompra' }),
  fcompra: u('Facturas de compra', 'compras', 'ComprasFact'),
  fgasto: u('Gastos', 'compras', undefined, { alias: 'fcompra' }),
  fgastorec: u('Gastos recurrentes', 'compras', undefined, { alias: 'fcomprarec' }),
  fcomprarec: u('Facturas de compra recurrentes', 'compras', 'ComprasRecurr', { module: 'ActComprasRecurrentes' }),
  factrecibidas: u('Libro de facturas recibidas', 'impuestos', 'ImptoRecib'),
  lroefactrecibidas: u('LROE facturas recibidas', 'impuestos', 'ImptoRecib'),
  movstesoreriap: u('Pagos', 'tesoreria', 'TesoMovsCajaBanco'),
  movstesoreria: u('Movimientos de tesorería', 'tesoreria', 'TesoMovsCajaBanco'),
  remesas: u('Remesas', 'tesoreria', 'TesoRemesa'),
  arqueos: u('Arqueos', 'tesoreria', 'TesoArqueo'),
  correos: u('Correos', 'marketing', 'MarketCorreos'),
  sms: u('SMS', 'marketing', 'MarketCorreos'),
  empresa: u('Cambiar de empresa', 'configuracion'),
  gestordoc: u('Gestor documental', 'configuracion'),
  contratado: u('Suscripción y servicios', 'configuracion'),
  asesorias: u('Buscar asesoría', 'configuracion'),
  modtributarios: u('Modelos tributarios', 'impuestos'),
  calendariofiscal: u('Calendario fiscal', 'impuestos'),
  contabilidad: u('Contabilidad', 'impuestos'),
  exportaciones: u('Exportaciones', 'configuracion'),
  embudosvta: u('Embudos de venta', 'crm'),

  // People: the managers' time clock (months, corrections, chain, inspector links, kiosk).
  controlhorario: u('Control horario', 'personal', 'PersEmple'),
  comisiones: u('Comisiones', 'personal', 'PersComercial', { module: 'ActComerciales' }),

  // Academy additions
  matriculas: aca('Alumnos', 'formacion'), // entity (academy/entidades.ts) brings its permission
  matriculasonline: aca('Matrículas online', 'formacion'), // entity (academy/entidades.ts) brings its permission
  autorizados: aca('Autorizados', 'contactos'), // entity (academy/entidades.ts) brings its permission
  tutores: aca('Tutores', 'contactos'), // entity (academy/entidades.ts) brings its permission
  cargos: aca('Cargos', 'formacion'), // entity (academy/entidades.ts) brings its permission
  factcobros: aca('Facturación de cobros', 'formacion', 'AlumnoCargosCobros'),
  profesores: aca('Profesores', 'personal'), // entity (academy/entidades.ts) brings its permission
  aulas: aca('Aulas', 'formacion'),
  opciones: aca('Opciones', 'formacion'),
  cursando: aca('Cursando', 'formacion'),
  portalalumno: aca('Portal del alumno', 'formacion'),
  cursos: aca('Cursos', 'formacion'), // entity (academy/entidades.ts) brings its permission
  tarifascurso: aca('Tarifas de cursos', 'formacion'), // entity (academy/entidades.ts) brings its permission
  horario: aca('Horario', 'formacion', 'CursoHorario', { teachersAllowed: true }),
  alumnosprofe: { title: 'Mis alumnos', area: 'formacion', guard: 'profesor', accountTypes: ACADEMY_TYPES },
  portalumatriculas: portal('Mis matrículas', 'AlumnosMatriculas'),
  portalusaldo: portal('Mi saldo', 'ClieAlumnoSaldo'),
  portalufacturas: portal('Mis facturas', 'ClieFacturas'),
  portaluevaluaciones: portal('Mis evaluaciones', 'ClieAlumnoExped'),
  portaludocumentos: portal('Mis documentos', 'ClieContratos'),
  portaluhorario: portal('Mi horario'),

  // Dental practices (docs/odontologia.md): the clinical file is OdonClinica (RGPD art. 9); sillones is an entity.
  pacientes: od('Pacientes', 'ConClientes'),
  odontograma: od('Odontograma', 'OdonClinica'),
  planestrat: od('Planes de tratamiento', 'VentasPresup'),
  citas: od('Citas', 'CursoHorario'),
  tratamientos: od('Tratamientos', 'CataProdServ'),

  // Driving-school additions (calexamenes, tasasdgt, citasaues, curpermisos: entities/autoescuela.ts brings them)
  imprexamenes: ae('Impresos de examen', 'autoescuela', 'ExamCalendario'),
  confavisos: ae('Configuración de avisos', 'autoescuela'),
  confautoescuela: ae('Configuración de la autoescuela', 'autoescuela'),
  vehiculos: ae('Vehículos', 'autoescuela'),
  examinadores: ae('Examinadores', 'autoescuela'),
  instalaadr: ae('Instalaciones ADR', 'autoescuela'),
  ejercicios: ae('Ejercicios', 'autoescuela'),
  clases: ae('Calendario profesores', 'autoescuela', 'CursoHorario', { teachersAllowed: true }),
} satisfies Record<string, Def>;

/** The route of an entity with its own screens, derived from the entity (title, area, permission, module gate). */
function entityRoute(entity: (typeof ENTITY_LIST)[number]): RouteDef | undefined {
  if (!entity.nav) return undefined;
  const { area, title, accountTypes } = entity.nav;
  return {
    action: entity.action ?? entity.name,
    title: title ?? entity.labelPlural,
    area,
    guard: 'usuario',
    permission: entity.permission,
    ...(entity.module ? { module: entity.module } : {}),
    ...(accountTypes ? { accountTypes } : {}),
  };
}

/** A route's action: a declared one or an entity's (entities with `nav`; tables.test checks each has its route). */
export type RouteAction = keyof typeof DEFS | EntityName;

/**
 * The spec's routes whose screens are still to come are declared above (they show 'En preparación'). When an
 * entity brings the screens, its route replaces that declaration, which must say nothing else: same title, area and
 * account types, no permission nor module of its own (so adding a simple entity does not touch this file).
 */
function isPlaceholderOf(planned: RouteDef, route: RouteDef): boolean {
  return (
    planned.title === route.title &&
    planned.area === route.area &&
    planned.guard === route.guard &&
    String(planned.accountTypes) === String(route.accountTypes) &&
    !planned.permission &&
    !planned.module &&
    !planned.teachersAllowed &&
    !planned.alias
  );
}

function buildRoutes(): Record<string, RouteDef> {
  const routes: Record<string, RouteDef> = Object.fromEntries(
    Object.entries(DEFS).map(([action, def]) => [action, { action, ...def } as RouteDef]),
  );
  for (const entity of ENTITY_LIST) {
    const route = entityRoute(entity);
    if (!route) continue;
    const planned = routes[route.action];
    if (planned && !isPlaceholderOf(planned, route)) {
      throw new Error(`La ruta ${route.action} está declarada dos veces`);
    }
    routes[route.action] = route;
  }
  return routes;
}

export const ROUTES: Record<string, RouteDef> = buildRoutes();

export function routeDef(action: string): RouteDef | undefined {
  return Object.hasOwn(ROUTES, action) ? ROUTES[action] : undefined;
}

/** The action a route highlights in the menu (fgasto → fcompra, fgastorec → fcomprarec). */
export function menuAlias(action: string): string {
  return routeDef(action)?.alias ?? action;
}
