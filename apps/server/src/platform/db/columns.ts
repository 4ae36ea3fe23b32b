import { DEFAULT_SCALE, type FieldDef, type FieldKind, NUMERIC_PRECISION } from '@faro/domain';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  foreignKey,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { empresas, miembros, personas } from './platformTables.ts';

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

// The platform's building kit for a module's own tables (`modules/<area>/tablas.ts` may import this file and
// `entityTable.ts`, nothing else of platform/db): the column groups and keys every company table repeats.

/** The company column every company table leads with, a foreign key to `empresas`. */
export const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
/** A global identity id (`id`), unique across companies. */
export const idIdentidad = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
/** Another row's id (bigint read as a number). */
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** A calendar day, read as `YYYY-MM-DD`. */
export const dia = (name: string) => date(name, { mode: 'string' });
/** An instant (timestamp with time zone) read as an ISO string. */
export const instante = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
/** An instant read as a `Date`. */
export const instanteDate = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** When the row was written (`creado_en`), read as an ISO string. */
export const creadoEn = () => instante('creado_en').notNull().defaultNow();
/** A person (the global identity) by id. */
export const refPersona = (name: string) => ref(name).references(() => personas.id);

type ConEmpresa = { empresaId: AnyPgColumn };
type FilaEmpresa = ConEmpresa & { Id: AnyPgColumn };

/** The company-first primary key `<tabla>_pk` on (empresa_id, id). */
export const pkEmpresa = (tabla: string, t: FilaEmpresa) =>
  primaryKey({ name: `${tabla}_pk`, columns: [t.empresaId, t.Id] });

/** A foreign key to a row of the same company: (empresa_id, column) → the target's (empresa_id, id). */
export const fkEmpresa = (name: string, t: ConEmpresa, column: AnyPgColumn, target: FilaEmpresa) =>
  foreignKey({ name, columns: [t.empresaId, column], foreignColumns: [target.empresaId, target.Id] });

/** A foreign key to a member of the same company (a student, a tutor): (empresa_id, column) → miembros. */
export const fkMiembro = (name: string, t: ConEmpresa, column: AnyPgColumn) =>
  foreignKey({ name, columns: [t.empresaId, column], foreignColumns: [miembros.empresaId, miembros.personaId] });

/** The columns a company row with its own identity leads with: its company and its id. */
const columnasEmpresa = () => ({ empresaId: empresaId(), Id: idIdentidad() });
type ColumnasEmpresa = ReturnType<typeof columnasEmpresa>;

/**
 * A company table whose rows have their own identity: `empresa_id` and `id` first, then the given columns, and the
 * company-first primary key `<nombre>_pk` before the table's own keys and indexes (`extra`).
 */
export function tablaEmpresa<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  nombre: N,
  columnas: C,
  extra: (t: BuildExtraConfigColumns<N, ColumnasEmpresa & C, 'pg'>) => PgTableExtraConfigValue[] = () => [],
) {
  return pgTable(nombre, { ...columnasEmpresa(), ...columnas }, (t) => [pkEmpresa(nombre, t), ...extra(t)]);
}
