import type { PermissionCode } from '../permissions/codes.ts';
import { type InfoEmpresa, levelIn, type ModuleFlag } from '../session/companyContext.ts';
import type { TipoFacturaElectronica } from '../session/roles.ts';
import { routeDef } from './routes.ts';
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
  'impuestos',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** A switch that turns an entry on: a module flag or the company's electronic invoicing type. */
export type EntrySwitch = { module: ModuleFlag } | { facturaElectronica: Exclude<TipoFacturaElectronica, ''> };

/**
 * A menu entry: where it stands is stated here; what it is comes from its route (`routes.ts`, or the entity for
 * entity routes): the name defaults to the route's title, the permission to the route's, the switch to the route's
 * module gate.
 */
interface EntryDef {
  action: string;
  /** The entry's own key when two entries open screens of one action (accounting and its reports). */
  id?: string;
  /** When the menu words it otherwise than the route's title ('Pedidos' for 'Pedidos de venta'). */
  name?: string;
  /** Defaults to `{action}/lista`. */
  route?: string;
  /** Defaults to the route's; null: shown without one (the teacher's agenda). */
  permission?: PermissionCode | null;
  /** Shown when any of these codes is open (the reports, each with its own code); replaces `permission`. */
  anyOf?: readonly PermissionCode[];
  query?: Readonly<Record<string, string>>;
  /** Defaults to the route's module gate; set when the entry has another switch (CRM, VeriFactu, LROE). */
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
  /** Unique in a menu: the action, or the entry's own key. */
  id: string;
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
const OD = ['odontologia'] as const;
const mod = (module: ModuleFlag): EntrySwitch => ({ module });

/**
 * The reports' codes (server `modules/contabilidad/informes.ts`, web `features/informes`): the reports screen lists
 * those the user's level opens, so its menu entry shows while any of them is open.
 */
export const INFORMES_PERMISOS: readonly PermissionCode[] = [
  'VentasFact',
  'TesoMovsCajaBanco',
  'TesoRemesa',
  'TesoArqueo',
  'PersEmple',
  'CursoHorario',
  'CursoCursos',
];

/** The office menu of spec section 2 (general, academy and driving-school variants). */
const OFFICE: readonly GroupDef[] = [
  {
    id: 'clinica',
    title: 'Clínica',
    icon: 'agenda',
    only: OD,
    entries: [
      { action: 'pacientes' },
      { action: 'citas' },
      { action: 'odontograma' },
      { action: 'planestrat' },
      { action: 'tratamientos' },
    ],
  },
  {
    id: 'contactos',
    title: 'Contactos',
    icon: 'contactos',
    entries: [
      { action: 'matriculas', only: ACA },
      // Online enrolments come in through the client portal: its flag (ActPortalCliente) switches the entry.
      { action: 'matriculasonline', only: ACA, switch: mod('ActPortalCliente') },
      { action: 'clientes' },
      { action: 'clientespot' },
      { action: 'tutores', only: ACA },
      { action: 'autorizados', only: ACA },
      { action: 'proveedores' },
    ],
  },
  {
    id: 'formacion',
    title: 'Formación',
    icon: 'formacion',
    only: ACA,
    entries: [
      { action: 'cursos' },
      { action: 'tarifascurso' },
      { action: 'horario' },
      { action: 'curpermisos', only: AE },
      { action: 'clases', only: AE },
    ],
  },
  {
    id: 'examenes',
    title: 'Exámenes',
    icon: 'examenes',
    only: AE,
    entries: [{ action: 'calexamenes' }, { action: 'imprexamenes' }, { action: 'tasasdgt' }, { action: 'citasaues' }],
  },
  {
    id: 'ventas',
    title: 'Ventas',
    icon: 'ventas',
    entries: [
      { action: 'pventa' },
      { action: 'dventa', name: 'Pedidos' },
      { action: 'aventa', name: 'Albaranes' },
      { action: 'fventa', name: 'Facturas' },
      { action: 'cargos', only: ACA },
      { action: 'factcobros', only: ACA },
      { action: 'fventarec' },
      { action: 'factemitidas' },
      { action: 'fventaverifactu', switch: { facturaElectronica: 'verifactu' } },
      { action: 'fventavisorvf', switch: { facturaElectronica: 'verifactu' } },
      { action: 'lroefactemitidas', name: 'LROE emitidas', switch: { facturaElectronica: 'lroe' } },
      { action: 'fventaefactura' },
      { action: 'movstesoreriac', query: { tipomov: 'cobro' } },
      { action: 'crmoportuni', switch: mod('ActCrm') },
      { action: 'crmembudos', switch: mod('ActCrm') },
    ],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    icon: 'marketing',
    entries: [{ action: 'correos' }, { action: 'sms' }],
  },
  {
    id: 'catalogo',
    title: 'Catálogo',
    icon: 'catalogo',
    entries: [{ action: 'productos' }, { action: 'familias' }, { action: 'tarifas' }, { action: 'almacenes' }],
  },
  {
    id: 'compras',
    title: 'Compras',
    icon: 'compras',
    entries: [
      { action: 'dcompra', name: 'Pedidos' },
      { action: 'acompra', name: 'Albaranes' },
      { action: 'fcompra', name: 'Facturas y gastos' },
      { action: 'fcomprarec', name: 'Facturas recurrentes' },
      { action: 'factrecibidas' },
      { action: 'lroefactrecibidas', name: 'LROE recibidas', switch: { facturaElectronica: 'lroe' } },
      { action: 'movstesoreriap', query: { tipomov: 'pago' } },
    ],
  },
  {
    id: 'personal',
    title: 'Personal',
    icon: 'personal',
    entries: [{ action: 'empleados' }, { action: 'comerciales' }, { action: 'profesores', only: ACA }],
  },
  {
    id: 'tesoreria',
    title: 'Tesorería',
    icon: 'tesoreria',
    entries: [{ action: 'movstesoreria', name: 'Movimientos' }, { action: 'remesas' }, { action: 'arqueos' }],
  },
  // Beyond the spec's menu, which is silent on these routes of its table: tax models, the accounting export and the
  // reports. No module flag gates them (the server asks only the permission codes below).
  {
    id: 'impuestos',
    title: 'Impuestos y contabilidad',
    icon: 'impuestos',
    entries: [
      { action: 'modtributarios', permission: 'ImptoEmit' },
      { action: 'calendariofiscal', permission: 'ImptoEmit' },
      {
        action: 'modtributarios',
        id: 'comprobaciones',
        name: 'Comprobaciones anuales',
        route: 'modtributarios/comprobaciones',
        permission: 'ImptoEmit',
      },
      { action: 'contabilidad', permission: 'ImptoEmit' },
      {
        action: 'contabilidad',
        id: 'libro',
        name: 'Libro contable',
        route: 'contabilidad/libro',
        permission: 'ImptoEmit',
      },
      {
        action: 'contabilidad',
        id: 'cierre',
        name: 'Cierre del ejercicio',
        route: 'contabilidad/cierre',
        permission: 'ImptoEmit',
      },
      {
        action: 'contabilidad',
        id: 'inmovilizado',
        name: 'Inmovilizado',
        route: 'contabilidad/inmovilizado',
        permission: 'ImptoEmit',
      },
      {
        action: 'contabilidad',
        id: 'informes',
        name: 'Informes',
        route: 'contabilidad/informes',
        anyOf: INFORMES_PERMISOS,
      },
    ],
  },
];

const MENUS: Record<MenuVariant, readonly GroupDef[]> = {
  general: OFFICE,
  academia: OFFICE,
  autoescuela: OFFICE,
  odontologia: OFFICE,
  admin: [
    {
      id: 'administracion',
      title: 'Administración',
      icon: 'admin',
      entries: [
        { action: 'admempresas' },
        { action: 'adminformes' },
        { action: 'admexcep' },
        { action: 'admnotifica' },
        { action: 'admcontrato', route: 'admcontrato/editar' },
        { action: 'admvideoscont', name: 'Videotutoriales' },
        { action: 'admversiones', route: 'admversiones/editar' },
      ],
    },
  ],
  asesoria: [
    {
      id: 'asesoria',
      title: 'Asesoría',
      icon: 'asesoria',
      entries: [{ action: 'aseempresas' }, { action: 'asesolicitud' }],
    },
  ],
  profesor: [
    {
      id: 'agenda',
      title: 'Agenda',
      icon: 'agenda',
      // The teacher's own agenda: no permission code (the office entries of horario and clases have theirs).
      entries: [
        { action: 'horario', permission: null },
        { action: 'alumnosprofe' },
        { action: 'clases', name: 'Mi agenda', permission: null, only: ['autoescuela'] },
      ],
    },
  ],
  alumno: [
    {
      id: 'misgestiones',
      title: 'Mis gestiones',
      icon: 'portal',
      entries: [
        { action: 'portaluhorario' },
        { action: 'portalusaldo' },
        { action: 'portalufacturas' },
        { action: 'portaluevaluaciones' },
        { action: 'portaludocumentos' },
        { action: 'portalumatriculas' },
      ],
    },
  ],
};

/** An entry with what its route says filled in (name, permission, module switch). */
function resolveEntry(e: EntryDef): Omit<EntryDef, 'permission'> & { name: string; permission?: PermissionCode } {
  const route = routeDef(e.action);
  if (!route) throw new Error(`La entrada de menú ${e.action} no tiene ruta`);
  const permission = e.permission === null ? undefined : (e.permission ?? route.permission);
  const sw = e.switch ?? (route.module ? mod(route.module) : undefined);
  return {
    ...e,
    name: e.name ?? route.title,
    permission,
    switch: sw,
  };
}

/** The slice of the company context the menu reads. */
export type MenuContext = Pick<
  InfoEmpresa,
  'Modulos' | 'Permisos' | 'Denegados' | 'DenegadosCentro' | 'TipoFacturaElectronica' | 'TipoCuenta'
>;

const OFFICE_VARIANTS: readonly MenuVariant[] = ['general', 'academia', 'autoescuela', 'odontologia'];

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
        .map(resolveEntry)
        .map((e) => ({
          id: e.id ?? e.action,
          action: e.action,
          name: e.name,
          route: e.route ?? `${e.action}/lista`,
          ...(e.permission ? { permission: e.permission } : {}),
          ...(e.query ? { query: e.query } : {}),
          active:
            switchOn(e.switch, ctx) &&
            (e.anyOf
              ? e.anyOf.some((c) => permitted(c, ctx, centro, office))
              : permitted(e.permission, ctx, centro, office)),
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
