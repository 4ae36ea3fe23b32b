import type { PermissionCode } from '../permissions/codes.ts';
import { type InfoEmpresa, levelIn, type ModuleFlag } from '../session/companyContext.ts';
import type { TipoFacturaElectronica } from '../session/roles.ts';
import type { MenuVariant } from './tables.ts';

/** Icons the side menu uses; the web maps each one to a drawing. */
export const MENU_ICONS = [
  'contactos',
  'formacion',
  'examenes',
  'ventas',
  'marketing',
  'catalogo',
  'compras',
  'personal',
  'tesoreria',
  'agenda',
  'portal',
  'admin',
  'asesoria',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** A switch that turns an entry on: a module flag or the company's electronic invoicing type. */
export type EntrySwitch = { module: ModuleFlag } | { facturaElectronica: Exclude<TipoFacturaElectronica, ''> };

interface EntryDef {
  action: string;
  name: string;
  /** Defaults to `{action}/lista`. */
  route?: string;
  permission?: PermissionCode;
  query?: Readonly<Record<string, string>>;
  switch?: EntrySwitch;
  /** Only in these variants (academy and driving-school items). */
  only?: readonly MenuVariant[];
}

interface GroupDef {
  id: string;
  title: string;
  icon: MenuIcon;
  entries: readonly EntryDef[];
  only?: readonly MenuVariant[];
}

export interface MenuEntry {
  action: string;
  name: string;
  route: string;
  permission?: PermissionCode;
  query?: Readonly<Record<string, string>>;
  active: boolean;
}

export interface MenuGroup {
  id: string;
  title: string;
  icon: MenuIcon;
  active: boolean;
  entries: MenuEntry[];
}

const ACA = ['academia', 'autoescuela'] as const;
const AE = ['autoescuela'] as const;
const mod = (module: ModuleFlag): EntrySwitch => ({ module });

/** The office menu of spec section 2 (general, academy and driving-school variants). */
const OFFICE: readonly GroupDef[] = [
  {
    id: 'contactos',
    title: 'Contactos',
    icon: 'contactos',
    entries: [
      { action: 'matriculas', name: 'Alumnos', permission: 'AlumnoMatriculas', only: ACA },
      { action: 'matriculasonline', name: 'Matrículas online', permission: 'AlumnoMatriculas', only: ACA },
      { action: 'clientes', name: 'Clientes', permission: 'ConClientes' },
      { action: 'clientespot', name: 'Clientes potenciales', permission: 'ConClientes' },
      { action: 'tutores', name: 'Tutores', permission: 'ConClientes', only: ACA },
      { action: 'autorizados', name: 'Autorizados', permission: 'ConClientes', only: ACA },
      { action: 'proveedores', name: 'Proveedores', permission: 'ConProveedores' },
    ],
  },
  {
    id: 'formacion',
    title: 'Formación',
    icon: 'formacion',
    only: ACA,
    entries: [
      { action: 'cursos', name: 'Cursos', permission: 'CursoCursos' },
      { action: 'tarifascurso', name: 'Tarifas de cursos', permission: 'CataTarifa' },
      { action: 'horario', name: 'Horario', permission: 'CursoHorario' },
      { action: 'curpermisos', name: 'Cursos de permisos', permission: 'CursoCursos', only: AE },
      { action: 'clases', name: 'Calendario profesores', permission: 'CursoHorario', only: AE },
    ],
  },
  {
    id: 'examenes',
    title: 'Exámenes',
    icon: 'examenes',
    only: AE,
    entries: [
      { action: 'calexamenes', name: 'Calendario de exámenes', permission: 'ExamCalendario' },
      { action: 'imprexamenes', name: 'Impresos de examen', permission: 'ExamCalendario' },
      { action: 'tasasdgt', name: 'Tasas DGT', permission: 'ExamTasas' },
      { action: 'citasaues', name: 'Citas AUES', permission: 'ExamAues' },
    ],
  },
  {
    id: 'ventas',
    title: 'Ventas',
    icon: 'ventas',
    entries: [
      { action: 'pventa', name: 'Presupuestos', permission: 'VentasPresup', switch: mod('ActPresupuestos') },
      { action: 'dventa', name: 'Pedidos', permission: 'VentasPedi', switch: mod('ActPedidos') },
      { action: 'aventa', name: 'Albaranes', permission: 'VentasAlba', switch: mod('ActAlbaranes') },
      { action: 'fventa', name: 'Facturas', permission: 'VentasFact' },
      { action: 'cargos', name: 'Cargos', permission: 'AlumnoCargosCobros', only: ACA },
      { action: 'factcobros', name: 'Facturación de cobros', permission: 'AlumnoCargosCobros', only: ACA },
      {
        action: 'fventarec',
        name: 'Facturas recurrentes',
        permission: 'VentasRecurr',
        switch: mod('ActFactRecurrentes'),
      },
      { action: 'factemitidas', name: 'Facturas emitidas', permission: 'ImptoEmit' },
      {
        action: 'fventaverifactu',
        name: 'Registros VeriFactu',
        permission: 'VentasVeriFactu',
        switch: { facturaElectronica: 'verifactu' },
      },
      {
        action: 'fventavisorvf',
        name: 'Visor VeriFactu',
        permission: 'VentasVeriFactu',
        switch: { facturaElectronica: 'verifactu' },
      },
      {
        action: 'lroefactemitidas',
        name: 'LROE emitidas',
        permission: 'ImptoEmit',
        switch: { facturaElectronica: 'lroe' },
      },
      { action: 'movstesoreriac', name: 'Cobros', permission: 'TesoMovsCajaBanco', query: { tipomov: 'cobro' } },
      { action: 'crmoportuni', name: 'Oportunidades', permission: 'VentasCrmOport', switch: mod('ActCrm') },
      { action: 'crmembudos', name: 'Embudos de venta', permission: 'VentasCrmOport', switch: mod('ActCrm') },
    ],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    icon: 'marketing',
    entries: [
      { action: 'correos', name: 'Correos', permission: 'MarketCorreos' },
      { action: 'sms', name: 'SMS', permission: 'MarketCorreos' },
    ],
  },
  {
    id: 'catalogo',
    title: 'Catálogo',
    icon: 'catalogo',
    entries: [
      { action: 'productos', name: 'Productos y servicios', permission: 'CataProdServ' },
      { action: 'familias', name: 'Familias', permission: 'CataFamilia' },
      { action: 'tarifas', name: 'Tarifas', permission: 'CataTarifa' },
      { action: 'almacenes', name: 'Almacenes', permission: 'CataAlmacen', switch: mod('ActStock') },
    ],
  },
  {
    id: 'compras',
    title: 'Compras',
    icon: 'compras',
    entries: [
      { action: 'dcompra', name: 'Pedidos', permission: 'ComprasPedi', switch: mod('ActPedidosCompra') },
      { action: 'acompra', name: 'Albaranes', permission: 'ComprasAlba', switch: mod('ActAlbaranesCompra') },
      { action: 'fcompra', name: 'Facturas y gastos', permission: 'ComprasFact' },
      {
        action: 'fcomprarec',
        name: 'Facturas recurrentes',
        permission: 'ComprasRecurr',
        switch: mod('ActComprasRecurrentes'),
      },
      { action: 'factrecibidas', name: 'Facturas recibidas', permission: 'ImptoRecib' },
      {
        action: 'lroefactrecibidas',
        name: 'LROE recibidas',
        permission: 'ImptoRecib',
        switch: { facturaElectronica: 'lroe' },
      },
      { action: 'movstesoreriap', name: 'Pagos', permission: 'TesoMovsCajaBanco', query: { tipomov: 'pago' } },
    ],
  },
  {
    id: 'personal',
    title: 'Personal',
    icon: 'personal',
    entries: [
      { action: 'empleados', name: 'Empleados', permission: 'PersEmple' },
      { action: 'comerciales', name: 'Comerciales', permission: 'PersComercial', switch: mod('ActComerciales') },
      { action: 'profesores', name: 'Profesores', permission: 'PersProfe', only: ACA },
    ],
  },
  {
    id: 'tesoreria',
    title: 'Tesorería',
    icon: 'tesoreria',
    entries: [
      { action: 'movstesoreria', name: 'Movimientos', permission: 'TesoMovsCajaBanco' },
      { action: 'remesas', name: 'Remesas', permission: 'TesoRemesa' },
      { action: 'arqueos', name: 'Arqueos', permission: 'TesoArqueo' },
    ],
  },
];

const MENUS: Record<MenuVariant, readonly GroupDef[]> = {
  general: OFFICE,
  academia: OFFICE,
  autoescuela: OFFICE,
  admin: [
    {
      id: 'administracion',
      title: 'Administración',
      icon: 'admin',
      entries: [
        { action: 'admempresas', name: 'Empresas' },
        { action: 'adminformes', name: 'Informes' },
        { action: 'admexcep', name: 'Excepciones' },
        { action: 'admnotifica', name: 'Notificaciones' },
        { action: 'admcontrato', name: 'Contrato', route: 'admcontrato/editar' },
        { action: 'admvideoscont', name: 'Videotutoriales' },
        { action: 'admversiones', name: 'Versiones', route: 'admversiones/editar' },
      ],
    },
  ],
  asesoria: [
    {
      id: 'asesoria',
      title: 'Asesoría',
      icon: 'asesoria',
      entries: [
        { action: 'aseempresas', name: 'Empresas' },
        { action: 'asesolicitud', name: 'Solicitudes recibidas' },
      ],
    },
  ],
  profesor: [
    {
      id: 'agenda',
      title: 'Agenda',
      icon: 'agenda',
      entries: [
        { action: 'horario', name: 'Horario' },
        { action: 'alumnosprofe', name: 'Mis alumnos' },
        { action: 'clases', name: 'Mi agenda', only: ['autoescuela'] },
      ],
    },
  ],
  alumno: [
    {
      id: 'misgestiones',
      title: 'Mis gestiones',
      icon: 'portal',
      entries: [
        { action: 'portaluhorario', name: 'Mi horario' },
        { action: 'portalusaldo', name: 'Mi saldo', permission: 'ClieAlumnoSaldo' },
        { action: 'portalufacturas', name: 'Mis facturas', permission: 'ClieFacturas' },
        { action: 'portaluevaluaciones', name: 'Mis evaluaciones', permission: 'ClieAlumnoExped' },
        { action: 'portaludocumentos', name: 'Mis documentos', permission: 'ClieContratos' },
        { action: 'portalumatriculas', name: 'Mis matrículas', permission: 'AlumnosMatriculas' },
      ],
    },
  ],
};

/** The slice of the company context the menu reads. */
export type MenuContext = Pick<
  InfoEmpresa,
  'Modulos' | 'Permisos' | 'Denegados' | 'DenegadosCentro' | 'TipoFacturaElectronica' | 'TipoCuenta'
>;

const OFFICE_VARIANTS: readonly MenuVariant[] = ['general', 'academia', 'autoescuela'];

/** The account-type part of a variant for the teacher and student menus ('clases' only in driving schools). */
function effectiveVariant(variant: MenuVariant, ctx: MenuContext): MenuVariant {
  if ((variant === 'profesor' || variant === 'alumno') && ctx.TipoCuenta === 'autoescuela') return 'autoescuela';
  return variant;
}

function switchOn(sw: EntrySwitch | undefined, ctx: MenuContext): boolean {
  if (!sw) return true;
  if ('module' in sw) return ctx.Modulos[sw.module] === true;
  return ctx.TipoFacturaElectronica === sw.facturaElectronica;
}

/**
 * Permission rule: an entry is hidden when its code is denied company-wide or in the current centre. Office menus
 * also hide entries whose level is 0; the teacher and student portals have no levels, only denials.
 */
function permitted(code: PermissionCode | undefined, ctx: MenuContext, centro: string | undefined, office: boolean) {
  if (!code) return true;
  if (ctx.Denegados.includes(code)) return false;
  if (centro && ctx.DenegadosCentro[centro]?.includes(code)) return false;
  return office ? levelIn(ctx, code, centro) > 0 : true;
}

/** Every group and entry of a menu variant with its active flag (spec section 4, Menu visibility). */
export function buildMenu(variant: MenuVariant, ctx: MenuContext, centro?: string): MenuGroup[] {
  const office = OFFICE_VARIANTS.includes(variant);
  const scope = effectiveVariant(variant, ctx);
  const inScope = (only?: readonly MenuVariant[]) => !only || only.includes(scope);
  return MENUS[variant]
    .filter((g) => inScope(g.only))
    .map((g) => {
      const entries = g.entries
        .filter((e) => inScope(e.only))
        .map((e) => ({
          action: e.action,
          name: e.name,
          route: e.route ?? `${e.action}/lista`,
          ...(e.permission ? { permission: e.permission } : {}),
          ...(e.query ? { query: e.query } : {}),
          active: switchOn(e.switch, ctx) && permitted(e.permission, ctx, centro, office),
        }));
      return { id: g.id, title: g.title, icon: g.icon, active: entries.some((e) => e.active), entries };
    });
}

/** Only what is shown: active groups with their active entries. */
export function visibleMenu(variant: MenuVariant | null, ctx: MenuContext, centro?: string): MenuGroup[] {
  if (!variant) return [];
  return buildMenu(variant, ctx, centro)
    .filter((g) => g.active)
    .map((g) => ({ ...g, entries: g.entries.filter((e) => e.active) }));
}

/** The link of an entry: `/{route}` plus its query parameters. */
export function menuHref(entry: Pick<MenuEntry, 'route' | 'query'>): string {
  const qs = entry.query ? new URLSearchParams(entry.query).toString() : '';
  return `/${entry.route}${qs ? `?${qs}` : ''}`;
}
