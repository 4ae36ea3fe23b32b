import type { InfoEmpresa } from '../session/companyContext.ts';

/** User-menu items of spec section 2 (Shell, top bar and user menu). */
export type UserMenuKey =
  | 'fichajes'
  | 'agenda'
  | 'configura'
  | 'gestordoc'
  | 'notificaciones'
  | 'cambiarEmpresa'
  | 'contratado'
  | 'datosEmpresa'
  | 'aseUsuarios'
  | 'aseDatos'
  | 'buscarAsesoria'
  | 'cambiarContrasena'
  | 'cerrarSesion';

export interface UserMenuItem {
  key: UserMenuKey;
  label: string;
  /** A route to open; items without one open a modal or act (change password, logout, company data). */
  href?: string;
}

const ITEMS = {
  fichajes: { label: 'Mis fichajes', href: '/usuario/fichajes' },
  agenda: { label: 'Mi Agenda', href: '/usuario/agenda' },
  configura: { label: 'Configurar empresa', href: '/configura/lista' },
  gestordoc: { label: 'Gestor documental', href: '/gestordoc/lista' },
  notificaciones: { label: 'Notificaciones', href: '/usuario/notificaciones' },
  cambiarEmpresa: { label: 'Cambiar de empresa', href: '/empresa/lista' },
  contratado: { label: 'Actualizar suscripción y servicios', href: '/contratado/lista' },
  datosEmpresa: { label: 'Datos de la empresa' },
  aseUsuarios: { label: 'Usuarios', href: '/aseusuarios/lista' },
  aseDatos: { label: 'Datos de la empresa', href: '/aseconfigura/editar' },
  buscarAsesoria: { label: 'Buscar asesoría', href: '/asesorias/lista' },
  cambiarContrasena: { label: 'Cambiar contraseña' },
  cerrarSesion: { label: 'Cerrar sesión' },
} as const satisfies Record<UserMenuKey, Omit<UserMenuItem, 'key'>>;

export type UserMenuContext = Pick<InfoEmpresa, 'Roles' | 'Propietario' | 'FichajeActivo' | 'Centros'>;

const has = (ctx: Pick<InfoEmpresa, 'Roles'>, ...roles: InfoEmpresa['Roles']) =>
  roles.some((r) => ctx.Roles.includes(r));

/** A time-clock user: time clock enabled for the user, or the time-clock-only role. */
export function isTimeClockUser(ctx: Pick<InfoEmpresa, 'Roles' | 'FichajeActivo'>): boolean {
  return ctx.FichajeActivo || (ctx.Roles.length === 1 && ctx.Roles[0] === 'reghorario');
}

/**
 * - Time-clock users: time-clock records; employees who are office users also get their own agenda.
 * - Office users and students: Mi Agenda.
 * - Owner office users: configure company, document manager, notifications, change company (owner advisory firms
 *   also), update subscription and services, company data. Owner advisory users also see users and company data.
 * - Owner advisory firms: buscar asesoría; owner office users too, whose company table holds the screen.
 * - Everyone: change password, logout.
 */
export function userMenuItems(ctx: UserMenuContext): UserMenuItem[] {
  const keys: UserMenuKey[] = [];
  const office = has(ctx, 'usuario');
  const advisory = has(ctx, 'asesoria');
  if (isTimeClockUser(ctx)) keys.push('fichajes');
  if (office || has(ctx, 'alumno', 'tutor')) keys.push('agenda');
  if (ctx.Propietario && office) {
    // 'Buscar asesoría' (asesorias/lista) is a route of the company's table: its owner looks for a firm there.
    keys.push(
      'configura',
      'gestordoc',
      'notificaciones',
      'cambiarEmpresa',
      'contratado',
      'datosEmpresa',
      'buscarAsesoria',
    );
  }
  if (ctx.Propietario && advisory) keys.push('cambiarEmpresa', 'aseUsuarios', 'aseDatos', 'buscarAsesoria');
  keys.push('cambiarContrasena', 'cerrarSesion');
  return [...new Set(keys)].map((key) => ({ key, ...ITEMS[key] }));
}

/** Multi-centre users get a centre selector. */
export function showCentreSelector(ctx: Pick<InfoEmpresa, 'Centros' | 'Roles'>): boolean {
  return ctx.Centros.length > 1 && !ctx.Roles.includes('admin');
}

/** Students or tutors get the company and purchase-policy footer (and the enrolment selector with 2+ enrolments). */
export function isStudent(ctx: Pick<InfoEmpresa, 'Roles'>): boolean {
  return has(ctx, 'alumno', 'tutor');
}

export function showEnrolmentSelector(ctx: Pick<InfoEmpresa, 'Roles'>, enrolments: number): boolean {
  return isStudent(ctx) && enrolments > 1;
}

/**
 * The non-dismissable 'Aviso Legal' modal: terms not accepted by an office user or an advisory user.
 */
export function mustAcceptTerms(ctx: Pick<InfoEmpresa, 'Roles' | 'CondicionesAceptadas'>): boolean {
  return !ctx.CondicionesAceptadas && (ctx.Roles.includes('usuario') || ctx.Roles.includes('asesoria'));
}

/** The top bar's test-environment banner ('ENTORNO DE PRUEBAS' with 'Contratar'). */
export function showTestBanner(ctx: Pick<InfoEmpresa, 'EntidadPruebas'>): boolean {
  return ctx.EntidadPruebas;
}
