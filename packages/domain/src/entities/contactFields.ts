import type { EnumOption, FieldDef } from '../fields/kinds.ts';
import { TIPOS_IDENTIFICACION } from '../reference/fiscal.ts';
import { PROVINCIAS } from '../reference/provincias.ts';
import { spanishAddress, taxIdByType } from '../validation/entityRules.ts';
import { BAJA, CODIGO_AUTOMATICO, CUENTA_CONTABLE, OBSERVACIONES } from './commonFields.ts';

/**
 * Field groups every contact shares (customers, potential customers, suppliers): code, names, identification by
 * type, the fiscal address and the ways to reach them. Spread them into an entity and add its own fields.
 */
export const CONTACT_SECTIONS = {
  datos: 'Datos generales',
  direccion: 'Dirección',
  contacto: 'Contacto',
  envio: 'Direcciones de envío',
  comercial: 'Datos comerciales',
  pago: 'Cobros y pagos',
  fiscal: 'Fiscalidad y contabilidad',
  notas: 'Observaciones',
} as const;
const S = CONTACT_SECTIONS;

const tiposIdentificacion = TIPOS_IDENTIFICACION.map(({ value, label }) => ({ value, label }));

export const identityFields = {
  Codigo: { ...CODIGO_AUTOMATICO, section: S.datos },
  Nombre: {
    kind: 'text',
    label: 'Nombre o razón social',
    required: true,
    maxLength: 150,
    list: true,
    search: true,
    sortable: true,
    section: S.datos,
  },
  NombreComercial: {
    kind: 'text',
    label: 'Nombre comercial',
    maxLength: 150,
    list: true,
    search: true,
    sortable: true,
    section: S.datos,
  },
  TipoNIF: {
    kind: 'enum',
    label: 'Tipo de identificación',
    options: tiposIdentificacion,
    filter: true,
    help: 'NIF/NIE/CIF español por defecto',
    section: S.datos,
  },
  NIF: {
    kind: 'taxId',
    label: 'NIF',
    maxLength: 20,
    list: true,
    search: true,
    sortable: true,
    idTypeField: 'TipoNIF',
    section: S.datos,
  },
} as const satisfies Record<string, FieldDef>;

export const addressFields = {
  Direccion: { kind: 'text', label: 'Dirección', maxLength: 200, section: S.direccion },
  CodPostal: { kind: 'code', label: 'Código postal', maxLength: 10, filter: true, section: S.direccion },
  Poblacion: {
    kind: 'text',
    label: 'Población',
    maxLength: 100,
    list: true,
    filter: true,
    sortable: true,
    section: S.direccion,
  },
  Provincia: {
    kind: 'enum',
    label: 'Provincia',
    options: PROVINCIAS,
    filter: true,
    help: 'Se deduce del código postal español si la dejas vacía',
    section: S.direccion,
  },
  Pais: { kind: 'code', label: 'País', maxLength: 2, help: 'Código ISO: ES, FR, PT…', section: S.direccion },
} as const satisfies Record<string, FieldDef>;

export const reachFields = {
  Email: { kind: 'email', label: 'Email', maxLength: 120, list: true, search: true, section: S.contacto },
  Telefono: { kind: 'phone', label: 'Teléfono', maxLength: 20, list: true, section: S.contacto },
  Movil: { kind: 'phone', label: 'Móvil', maxLength: 20, section: S.contacto },
  Web: { kind: 'text', label: 'Web', maxLength: 200, section: S.contacto },
  Contactos: {
    kind: 'json',
    label: 'Personas de contacto',
    help: 'Nombre, cargo, email y teléfono de cada persona',
    section: S.contacto,
  },
} as const satisfies Record<string, FieldDef>;

/** Identity, fiscal address and ways to reach: how every contact starts. */
export const contactFields = { ...identityFields, ...addressFields, ...reachFields } as const;

/** The contact group (customers, potential customers and suppliers): a group can carry a tariff. */
export const grupoField = {
  kind: 'reference',
  label: 'Grupo',
  ref: 'gruposcto',
  filter: true,
  section: S.comercial,
} as const satisfies FieldDef;

/** How a customer or supplier pays: the default payment method, fixed payment days and the bank account. */
export const paymentFields = {
  IdFormaPago: { kind: 'reference', label: 'Forma de pago', ref: 'fpago', filter: true, section: S.pago },
  DiaPago1: { kind: 'integer', label: 'Día de pago 1', min: 1, max: 31, section: S.pago },
  DiaPago2: { kind: 'integer', label: 'Día de pago 2', min: 1, max: 31, section: S.pago },
  IBAN: { kind: 'iban', label: 'IBAN', maxLength: 34, filter: true, section: S.pago },
  BIC: { kind: 'code', label: 'BIC', maxLength: 11, section: S.pago },
} as const satisfies Record<string, FieldDef>;

/**
 * The tax side of a customer or supplier: its VAT regime (each side has its own list), the income-tax withholding
 * (`retencionHelp` says who withholds) and its ledger account; then the notes and the Baja flag.
 */
export function fiscalFields<const O extends readonly EnumOption[], const H extends string>(
  regimenes: O,
  retencionHelp: H,
) {
  return {
    RegimenIva: { kind: 'enum', label: 'Régimen de IVA', options: regimenes, filter: true, section: S.fiscal },
    RetencionIrpf: {
      kind: 'percent',
      label: 'Retención IRPF',
      min: 0,
      max: 100,
      help: retencionHelp,
      section: S.fiscal,
    },
    CuentaContable: { ...CUENTA_CONTABLE, section: S.fiscal },
    Observaciones: { ...OBSERVACIONES, section: S.notas },
    Baja: { ...BAJA, section: S.datos },
  } as const satisfies Record<string, FieldDef>;
}

/** Identity checked by its type; Spanish postal code against the province. */
export const contactRules = [taxIdByType('NIF', 'TipoNIF'), spanishAddress('CodPostal', 'Provincia', 'Pais')] as const;
