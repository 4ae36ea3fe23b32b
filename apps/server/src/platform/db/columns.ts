import { DEFAULT_SCALE, type FieldDef, type FieldKind, NUMERIC_PRECISION } from '@faro/domain';
import { bigint, boolean, date, integer, jsonb, numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** snake_case column name of an API field name: 'UserName' → 'user_name', 'IdPerfil' → 'id_perfil'. */
export function columnName(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

type ColumnFor = (name: string, def: FieldDef) => ReturnType<typeof text> | ReturnType<typeof integer> | unknown;

/** The database column of each field kind (the numeric ones from the sizes that bound their input: `KIND_RANGES`). */
export const KIND_COLUMNS = {
  text: (n) => text(n),
  code: (n) => text(n),
  email: (n) => text(n),
  phone: (n) => text(n),
  integer: (n) => integer(n),
  decimal: (n, d) => numeric(n, { precision: NUMERIC_PRECISION.decimal, scale: d.scale ?? DEFAULT_SCALE }),
  money: (n, d) => numeric(n, { precision: NUMERIC_PRECISION.money, scale: d.scale ?? DEFAULT_SCALE }),
  percent: (n, d) => numeric(n, { precision: NUMERIC_PRECISION.percent, scale: d.scale ?? DEFAULT_SCALE }),
  date: (n) => date(n, { mode: 'string' }),
  datetime: (n) => timestamp(n, { withTimezone: true, mode: 'string' }),
  minutes: (n) => integer(n),
  boolean: (n) => boolean(n).notNull().default(false),
  enum: (n) => text(n),
  reference: (n) => bigint(n, { mode: 'number' }),
  taxId: (n) => text(n),
  iban: (n) => text(n),
  inactive: (n) => boolean(n).notNull().default(false),
  richText: (n) => text(n),
  json: (n) => jsonb(n),
} as const satisfies Record<FieldKind, ColumnFor>;
