import type { EntityDef } from '@faro/domain';
import {
  type IndexBuilder,
  index,
  type PgColumn,
  type PgColumnBuilderBase,
  pgTable,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { columnName, empresaId, idIdentidad, KIND_COLUMNS, pkEmpresa } from './columns.ts';

/** More keys of one table (the company column first, as every key): `(t) => [uniqueIndex(…).on(t.empresaId, …)]`. */
// biome-ignore lint/suspicious/noExplicitAny: the columns are the entity's fields, typed by the definition
export type ExtraIndexes = (t: any) => IndexBuilder[];

/** Every derived table by its entity's name, filled as each area's tables file declares them. */
const DERIVADAS = new Map<string, EntityTable>();

/**
 * The table of a declared entity: the company id first in the primary key and in every unique key and index
 * (ready to distribute by company), a global identity id, one column per field.
 */
export function entityTable(
  entity: EntityDef,
  extra: Record<string, PgColumnBuilderBase> = {},
  extraIndexes: ExtraIndexes = () => [],
) {
  const keys = { empresaId: empresaId(), Id: idIdentidad() };
  // The company and id columns are typed (the company door needs `empresaId`); the fields are the definition's.
  const columns: typeof keys & Record<string, PgColumnBuilderBase> = { ...keys };
  for (const [key, def] of Object.entries(entity.fields)) {
    const column = KIND_COLUMNS[def.kind](columnName(key), def);
    columns[key] = (
      def.required && !('notNull' in column && isNotNull(column)) ? column.notNull() : column
    ) as PgColumnBuilderBase;
  }
  Object.assign(columns, extra);
  const tableName = entity.name;
  // biome-ignore lint/suspicious/noExplicitAny: generic over every entity; rows are typed by the entity definition
  const table = pgTable(tableName, columns, (t: any) => [
    pkEmpresa(tableName, t),
    index(`${tableName}_orden_idx`).on(t.empresaId, t[entity.defaultOrder], t.Id),
    ...Object.entries(entity.fields)
      .filter(([, def]) => def.unique)
      .map(([key]) => uniqueIndex(`${tableName}_${columnName(key)}_uq`).on(t.empresaId, t[key])),
    ...extraIndexes(t),
  ]);
  DERIVADAS.set(entity.name, table);
  return table;
}

function isNotNull(column: object): boolean {
  return (column as { config?: { notNull?: boolean } }).config?.notNull === true;
}

export type EntityTable = ReturnType<typeof entityTable>;

/** The derived table of an entity by name (undefined for entities kept in their own tables, like usuarios). */
export function tablaDerivada(entityName: string): EntityTable | undefined {
  return DERIVADAS.get(entityName);
}

/** A column of an entity table by its field name ('Id', 'Val', 'Baja'…). */
export function col(table: EntityTable, field: string): PgColumn {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[field];
  if (!column) throw new Error(`La tabla no tiene el campo ${field}`);
  return column;
}

/**
 * Search indexes of derived tables. Text search (ILIKE '%x%' on names, codes and NIFs) runs on trigram GIN
 * indexes (`pg_trgm`, created by migration 0002) on PostgreSQL and PGlite alike. They are the one kind of index
 * that does not lead with empresa_id: a (empresa_id, col gin_trgm_ops) GIN index (btree_gin) measured 25 times
 * slower and the planner then preferred a sequential scan; the company filter is applied on the few matching rows.
 * Non-unique indexes need not carry the distribution column in Citus (schemaRules.test.ts allows `*_trgm`).
 */
// biome-ignore lint/suspicious/noExplicitAny: columns of a derived table
export const trigramIndexes = (table: string, t: any, fields: string[]) =>
  fields.map((f) =>
    index(`${table}_${f.toLowerCase()}_trgm`).using('gin', t[f].op('gin_trgm_ops')).with({ fastupdate: false }),
  );

/** One trigram index per search field of the entity: `Buscar` ORs them all, and one field without an index would
 * turn the whole search into a sequential scan. */
export const searchFields = (entity: EntityDef) =>
  Object.entries(entity.fields)
    .filter(([, f]) => f.search)
    .map(([k]) => k);

// biome-ignore lint/suspicious/noExplicitAny: columns of a derived table
export const contactIndexes = (entity: EntityDef) => (t: any) => [
  ...trigramIndexes(entity.name, t, searchFields(entity)),
  index(`${entity.name}_nif_idx`).on(t.empresaId, t.NIF),
];
