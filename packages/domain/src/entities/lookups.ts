import type { PermissionCode } from '../permissions/codes.ts';
import { TIPOS_DOCUMENTO_VENTA } from '../sales/documents.ts';
import type { InfoEmpresa } from '../session/companyContext.ts';
import type { EntityDef } from './defineEntity.ts';
import { ENTITY_LIST } from './registry.ts';

/**
 * Reading a reference list (its lookup, `GET /api/{area}/{name}/lookup`) is not managing it: whoever may see a
 * screen that shows the list may read its labels. A list's readers are its own permission code, the code of every
 * entity with a field that references it, and the codes of the bespoke screens below that show it.
 */
const SALES_LISTS = [
  'clientes',
  'productos',
  'series',
  'fpago',
  'almacenes',
  'comerciales',
  'tiposiva',
  'tarifas',
  'tesoreria',
  'plantemail',
  // The company's sales settings: free texts, default VAT type, payment method, warehouse, tariff and account.
  'configura',
];

/** Bespoke screens (outside the entity registry) and the reference lists they show. */
const SCREEN_LISTS: { codes: readonly PermissionCode[]; lists: readonly string[] }[] = [
  {
    codes: [...Object.values(TIPOS_DOCUMENTO_VENTA).map((d) => d.permission), 'VentasRecurr', 'ImptoEmit'],
    lists: SALES_LISTS,
  },
  // Collections (cobros) of sales invoices: the account and the payment method.
  { codes: ['TesoMovsCajaBanco'], lists: ['tesoreria', 'fpago', 'clientes'] },
];

/** Columns a lookup returns beyond Id, the title field and Baja: what the screens showing the list need. */
const LOOKUP_EXTRA_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // Spec section 3: value, description, type, generates-surcharge flag, VAT % and surcharge %.
  tiposiva: ['Valor', 'Impuesto', 'Tipo', 'PorcentajeIva', 'GeneraRecargo', 'PorcentajeRecargo', 'Exencion'],
  // The account's type: the bank statement import offers bank accounts only.
  tesoreria: ['Arqueable', 'Tipo'],
  series: ['Codigo', 'TipoDocumento', 'Prefijo', 'Defecto', 'IdSerieRectificativa'],
  conceptosmovs: ['Tipo'],
  plantemail: ['Tipo'],
  contratos: ['Tipo', 'IdCentro'],
  clientes: ['Codigo'],
  productos: ['Codigo'],
  // Academy people are chosen by full name (many share a first name).
  alumnos: ['Apellidos'],
  tutores: ['Apellidos'],
  profesores: ['Apellidos'],
  configura: [
    'VentasTxtLibre2',
    'VentasTxtLibre3',
    'DiasValidezPresupuesto',
    'IdFormaPago',
    'IdTipoIva',
    'IdTarifa',
    'IdAlmacen',
    'IdCuentaTesoreria',
  ],
};

function referencesOf(entity: EntityDef): string[] {
  return Object.values(entity.fields).flatMap((f) => (f.kind === 'reference' && f.ref ? [f.ref] : []));
}

/** The permission codes whose level 1 reads the lookup of `name` (its own code first). */
export function lookupReaders(entity: EntityDef): PermissionCode[] {
  const codes = new Set<PermissionCode>([entity.permission]);
  for (const other of ENTITY_LIST) {
    if (other !== entity && referencesOf(other).includes(entity.name)) codes.add(other.permission);
  }
  for (const screen of SCREEN_LISTS) {
    if (screen.lists.includes(entity.name)) for (const c of screen.codes) codes.add(c);
  }
  return [...codes];
}

/** The columns of a lookup row: Id, the title field, Baja when the entity has it, and the declared extras. */
export function lookupColumns(entity: EntityDef): string[] {
  const columns = ['Id', entity.titleField, ...(LOOKUP_EXTRA_COLUMNS[entity.name] ?? [])];
  if (entity.fields.Baja) columns.push('Baja');
  return [...new Set(columns)].filter((c) => c === 'Id' || entity.fields[c]);
}

/**
 * Whether the company has the module of a reference list: its module flag is on and, for the lists of an account
 * type (academy, driving school), the company is of that type. A screen asks only for these: a trading company never
 * reads courses, rooms or tutors.
 */
export function listOfCompany(entity: EntityDef, ctx: Pick<InfoEmpresa, 'Modulos' | 'TipoCuenta'>): boolean {
  if (entity.module && ctx.Modulos[entity.module] !== true) return false;
  const types = entity.nav?.accountTypes;
  return !types || types.includes(ctx.TipoCuenta);
}

/** Every code that reads some reference list: whoever has none of them reads no list (the batched lists' access). */
export function anyLookupReaders(): PermissionCode[] {
  return [...new Set(ENTITY_LIST.flatMap((e) => lookupReaders(e)))];
}
