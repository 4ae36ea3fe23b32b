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

export type TextPattern =
  | 'codigo'
  | 'digitos'
  | 'alfanumerico'
  | 'codigoRestringido'
  | 'codigoRestringidoSimple'
  | 'hora';

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

/** Digits of the database `numeric` column of the decimal kinds; the scale is the field's `scale` (default 2). */
export const NUMERIC_PRECISION = { decimal: 18, money: 18, percent: 7 } as const;
export const DEFAULT_SCALE = 2;
/** A PostgreSQL `integer` (int4) column. */
export const INTEGER_BOUNDS = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The smallest and largest value a column holds, as exact decimal texts ('-9999999999999999.99'). */
export interface KindRange {
  min: string;
  max: string;
}

const integerRange: KindRange = { min: String(INTEGER_BOUNDS.min), max: String(INTEGER_BOUNDS.max) };

/** ±(10^(precision-scale) − 10^-scale): what `numeric(precision, scale)` can store. */
export function numericRange(precision: number, scale: number): KindRange {
  const max = `${'9'.repeat(precision - scale)}${scale ? `.${'9'.repeat(scale)}` : ''}`;
  return { min: `-${max}`, max };
}

/**
 * The values each numeric kind's column can hold (null: not a number). The input schema of every field refuses a
 * value outside with "Debe ser mayor o igual a N" / "Debe ser menor o igual a N" before the database or the money
 * arithmetic sees it, so no field can forget its range; the database columns are built from the same constants.
 */
export const KIND_RANGES = {
  text: () => null,
  code: () => null,
  email: () => null,
  phone: () => null,
  integer: () => integerRange,
  decimal: (def) => numericRange(NUMERIC_PRECISION.decimal, def.scale ?? DEFAULT_SCALE),
  money: (def) => numericRange(NUMERIC_PRECISION.money, def.scale ?? DEFAULT_SCALE),
  percent: (def) => numericRange(NUMERIC_PRECISION.percent, def.scale ?? DEFAULT_SCALE),
  date: () => null,
  datetime: () => null,
  minutes: () => integerRange,
  boolean: () => null,
  enum: () => null,
  // Ids are bigint columns read as JavaScript numbers: exact up to 2^53 − 1.
  reference: () => ({ min: '1', max: String(Number.MAX_SAFE_INTEGER) }),
  taxId: () => null,
  iban: () => null,
  inactive: () => null,
  richText: () => null,
  json: () => null,
} as const satisfies Record<FieldKind, (def: FieldDef) => KindRange | null>;
