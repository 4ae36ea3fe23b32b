/**
 * The closed vocabulary of field kinds. Every layer maps kinds with `satisfies Record<FieldKind, …>`, so adding a
 * kind fails the type check until the database, the API schema, the formatter and the inputs all handle it.
 */
export const FIELD_KINDS = [
  'text',
  'code',
  'email',
  'phone',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'minutes',
  'boolean',
  'enum',
  'reference',
  'taxId',
  'iban',
  'inactive',
  'richText',
  'json',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type TextPattern = 'codigo' | 'digitos' | 'alfanumerico' | 'codigoRestringido' | 'codigoRestringidoSimple';

export interface EnumOption {
  value: string;
  label: string;
}

export interface FieldDef {
  kind: FieldKind;
  /** Spanish label, used in messages ("{label} es obligatorio"). */
  label: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: TextPattern;
  options?: readonly EnumOption[];
  /** For kind 'reference': the referenced entity name. */
  ref?: string;
  /** Shown as a list column. */
  list?: boolean;
  /** Offered as a list filter. */
  filter?: boolean;
  /** Part of the free-text search ('Buscar'). */
  search?: boolean;
  sortable?: boolean;
  /** Computed or managed by the server: never accepted from input. */
  readOnly?: boolean;
  /** Unique within the company (a second row with the same value is refused with a Spanish message). */
  unique?: boolean;
  help?: string;
  section?: string;
  /** Decimal places for decimal, money and percent kinds. */
  scale?: number;
  /**
   * For kind 'taxId': the field that holds the identification type (`TIPOS_IDENTIFICACION`). The field alone then
   * only normalises the value; the entity's rules check it by type (Spanish letter, EU VAT id format, free text).
   */
  idTypeField?: string;
}

/** Operators each kind offers in list filters. */
export type FilterOp = 'eq' | 'contains' | 'gte' | 'lte' | 'in';

export const FILTER_OPS = {
  text: ['contains', 'eq'],
  code: ['contains', 'eq'],
  email: ['contains', 'eq'],
  phone: ['contains', 'eq'],
  integer: ['eq', 'gte', 'lte'],
  decimal: ['eq', 'gte', 'lte'],
  money: ['eq', 'gte', 'lte'],
  percent: ['eq', 'gte', 'lte'],
  date: ['eq', 'gte', 'lte'],
  datetime: ['gte', 'lte'],
  minutes: ['eq', 'gte', 'lte'],
  boolean: ['eq'],
  enum: ['eq', 'in'],
  reference: ['eq', 'in'],
  taxId: ['contains', 'eq'],
  iban: ['contains', 'eq'],
  inactive: ['eq'],
  richText: ['contains'],
  json: [],
} as const satisfies Record<FieldKind, readonly FilterOp[]>;
