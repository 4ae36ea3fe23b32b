import type { FieldDef } from '../fields/kinds.ts';
import { TIPOS_IDENTIFICACION } from '../reference/fiscal.ts';
import { PROVINCIAS } from '../reference/provincias.ts';
import { spanishAddress, taxIdByType } from '../validation/entityRules.ts';

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
  Codigo: {
    kind: 'code',
    label: 'Código',
    maxLength: 20,
    list: true,
    search: true,
    sortable: true,
    unique: true,
    help: 'Se asigna el siguiente número libre si lo dejas vacío',
    section: S.datos,
  },
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

/** Identity checked by its type; Spanish postal code against the province. */
export const contactRules = [taxIdByType('NIF', 'TipoNIF'), spanishAddress('CodPostal', 'Provincia', 'Pais')] as const;
