import type { ModuleFlag } from '../session/companyContext.ts';
import type { TipoCuenta } from '../session/roles.ts';

/**
 * Who may open a route (spec section 6):
 * - anon: only logged-out users (registro, registroalu); logged-in users are sent to '/'.
 * - open: anyone whose route table holds the route (contratacion, videotutoriales).
 * - auth: any logged-in user (main '', usuario/…).
 * - admin / asesoria / profesor: that role; alumno: alumno or tutor; usuario: office users (teachers too when
 *   `teachersAllowed`, for the timetable and the classes).
 */
export type RouteGuard = 'anon' | 'open' | 'auth' | 'admin' | 'asesoria' | 'usuario' | 'profesor' | 'alumno';

/** Code-split areas: every route of an area loads the same chunk. */
export type RouteArea =
  | 'main'
  | 'registro'
  | 'contratacion'
  | 'admin'
  | 'asesoria'
  | 'usuario'
  | 'contactos'
  | 'ventas'
  | 'compras'
  | 'catalogo'
  | 'tesoreria'
  | 'crm'
  | 'marketing'
  | 'personal'
  | 'configuracion'
  | 'impuestos'
  | 'formacion'
  | 'autoescuela'
  | 'portal';

export interface RouteDef {
  /** First path segment: `/{action}/lista`, `/{action}/editar/{id}`, `/{action}/nuevo`. */
  action: string;
  /** Spanish page title. */
  title: string;
  area: RouteArea;
  guard: RouteGuard;
  /** Account types the route belongs to; another account type is logged out (spec section 2, Restrictions). */
  accountTypes?: readonly TipoCuenta[];
  /** Module gate: a company without the module is not allowed in. */
  module?: ModuleFlag;
  /** Teachers may open this office route (timetable, classes). */
  teachersAllowed?: boolean;
  /** Menu highlighting alias (fgasto counts as fcompra). */
  alias?: string;
}

export const ACADEMY_TYPES = ['academia', 'autoescuela'] as const satisfies readonly TipoCuenta[];
export const DRIVING_SCHOOL_TYPES = ['autoescuela'] as const satisfies readonly TipoCuenta[];

type Def = Omit<RouteDef, 'action'>;
const u = (title: string, area: RouteArea, extra: Partial<Def> = {}): Def => ({
  title,
  area,
  guard: 'usuario',
  ...extra,
});
const aca = (title: string, area: RouteArea, extra: Partial<Def> = {}): Def =>
  u(title, area, { accountTypes: ACADEMY_TYPES, ...extra });
const ae = (title: string, area: RouteArea, extra: Partial<Def> = {}): Def =>
  u(title, area, { accountTypes: DRIVING_SCHOOL_TYPES, ...extra });
const portal = (title: string): Def => ({ title, area: 'portal', guard: 'alumno', accountTypes: ACADEMY_TYPES });

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

  // General company user
  clientes: u('Clientes', 'contactos'),
  clientespot: u('Clientes potenciales', 'contactos'),
  proveedores: u('Proveedores', 'contactos'),
  pventa: u('Presupuestos', 'ventas', { module: 'ActPresupuestos' }),
  dventa: u('Pedidos de venta', 'ventas', { module: 'ActPedidos' }),
  aventa: u('Albaranes de venta', 'ventas', { module: 'ActAlbaranes' }),
  fventa: u('Facturas de venta', 'ventas'),
  docventahist: u('Histórico de documentos de venta', 'ventas'),
  fventarec: u('Facturas recurrentes', 'ventas', { module: 'ActFactRecurrentes' }),
  factemitidas: u('Facturas emitidas', 'impuestos'),
  fventaverifactu: u('Registros VeriFactu', 'impuestos'),
  fventavisorvf: u('Visor VeriFactu', 'impuestos'),
  lroefactemitidas: u('LROE facturas emitidas', 'impuestos'),
  movstesoreriac: u('Cobros', 'tesoreria'),
  crmoportuni: u('Oportunidades', 'crm'),
  crmembudos: u('Embudos de venta', 'crm'),
  productos: u('Productos y servicios', 'catalogo'),
  familias: u('Familias', 'catalogo'),
  tarifas: u('Tarifas', 'catalogo'),
  almacenes: u('Almacenes', 'catalogo', { module: 'ActStock' }),
  dcompra: u('Pedidos de compra', 'compras', { module: 'ActPedidosCompra' }),
  acompra: u('Albaranes de compra', 'compras', { module: 'ActAlbaranesCompra' }),
  fcompra: u('Facturas de compra', 'compras'),
  fgasto: u('Gastos', 'compras', { alias: 'fcompra' }),
  fgastorec: u('Gastos recurrentes', 'compras', { alias: 'fcomprarec' }),
  fcomprarec: u('Facturas de compra recurrentes', 'compras', { module: 'ActComprasRecurrentes' }),
  factrecibidas: u('Facturas recibidas', 'impuestos'),
  lroefactrecibidas: u('LROE facturas recibidas', 'impuestos'),
  movstesoreriap: u('Pagos', 'tesoreria'),
  empleados: u('Empleados', 'personal'),
  comerciales: u('Comerciales', 'personal', { module: 'ActComerciales' }),
  movstesoreria: u('Movimientos de tesorería', 'tesoreria'),
  remesas: u('Remesas', 'tesoreria'),
  arqueos: u('Arqueos', 'tesoreria'),
  conceptosmovs: u('Conceptos de movimientos', 'tesoreria'),
  correos: u('Correos', 'marketing'),
  sms: u('SMS', 'marketing'),
  auditoria: u('Auditoría', 'configuracion'),
  roles: u('Perfiles y permisos', 'configuracion'),
  series: u('Series', 'configuracion'),
  tesoreria: u('Cuentas de tesorería', 'tesoreria'),
  usuarios: u('Usuarios', 'configuracion'),
  empresa: u('Cambiar de empresa', 'configuracion'),
  gestordoc: u('Gestor documental', 'configuracion'),
  contratado: u('Suscripción y servicios', 'configuracion'),
  asesorias: u('Buscar asesoría', 'configuracion'),
  configura: u('Configuración de la empresa', 'configuracion'),
  fpago: u('Formas de pago', 'configuracion'),
  plantemail: u('Plantillas de correo', 'marketing'),
  centros: u('Centros', 'configuracion'),
  gruposcto: u('Grupos de contactos', 'contactos'),
  modtributarios: u('Modelos tributarios', 'impuestos'),
  contabilidad: u('Contabilidad', 'impuestos'),
  exportaciones: u('Exportaciones', 'configuracion'),
  embudosvta: u('Embudos de venta', 'crm'),
  sitlaboral: u('Situaciones laborales', 'personal'),
  segmentacion: u('Segmentación', 'marketing'),
  contratos: u('Contratos', 'personal'),

  // Academy additions
  matriculas: aca('Alumnos', 'formacion'),
  matriculasonline: aca('Matrículas online', 'formacion'),
  autorizados: aca('Autorizados', 'contactos'),
  tutores: aca('Tutores', 'contactos'),
  cargos: aca('Cargos', 'formacion'),
  factcobros: aca('Facturación de cobros', 'formacion'),
  profesores: aca('Profesores', 'personal'),
  aulas: aca('Aulas', 'formacion'),
  opciones: aca('Opciones', 'formacion'),
  cursando: aca('Cursando', 'formacion'),
  portalalumno: aca('Portal del alumno', 'formacion'),
  cursos: aca('Cursos', 'formacion'),
  tarifascurso: aca('Tarifas de cursos', 'formacion'),
  horario: aca('Horario', 'formacion', { teachersAllowed: true }),
  alumnosprofe: { title: 'Mis alumnos', area: 'formacion', guard: 'profesor', accountTypes: ACADEMY_TYPES },
  portalumatriculas: portal('Mis matrículas'),
  portalusaldo: portal('Mi saldo'),
  portalufacturas: portal('Mis facturas'),
  portaluevaluaciones: portal('Mis evaluaciones'),
  portaludocumentos: portal('Mis documentos'),
  portaluhorario: portal('Mi horario'),

  // Driving-school additions
  calexamenes: ae('Calendario de exámenes', 'autoescuela'),
  imprexamenes: ae('Impresos de examen', 'autoescuela'),
  tasasdgt: ae('Tasas DGT', 'autoescuela'),
  citasaues: ae('Citas AUES', 'autoescuela'),
  confavisos: ae('Configuración de avisos', 'autoescuela'),
  confautoescuela: ae('Configuración de la autoescuela', 'autoescuela'),
  vehiculos: ae('Vehículos', 'autoescuela'),
  examinadores: ae('Examinadores', 'autoescuela'),
  instalaadr: ae('Instalaciones ADR', 'autoescuela'),
  ejercicios: ae('Ejercicios', 'autoescuela'),
  curpermisos: ae('Cursos de permisos', 'autoescuela'),
  clases: ae('Calendario profesores', 'autoescuela', { teachersAllowed: true }),
} satisfies Record<string, Def>;

export type RouteAction = keyof typeof DEFS;

export const ROUTES: Record<string, RouteDef> = Object.fromEntries(
  Object.entries(DEFS).map(([action, def]) => [action, { action, ...def } as RouteDef]),
);

export function routeDef(action: string): RouteDef | undefined {
  return Object.hasOwn(ROUTES, action) ? ROUTES[action] : undefined;
}

/** The action a route highlights in the menu (fgasto → fcompra, fgastorec → fcomprarec). */
export function menuAlias(action: string): string {
  return routeDef(action)?.alias ?? action;
}
