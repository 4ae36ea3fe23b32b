import type { EntityDef } from '@faro/domain';
import { and, asc, count, desc, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { col, type EntityTable } from '../db/entityTable.ts';
import type { Scope } from '../tenancy/scope.ts';
import { allOf, filterConditions } from './filters.ts';
import type { ListQuery } from './listQuery.ts';

export const EXPORT_BATCH = 1000;

/**
 * Every row of a filtered list, in the list's order, in batches: keyset pagination over (order field, Id), so
 * the 100,000th row costs what the first does (no OFFSET). NULLs of the order field come last ascending and first
 * descending, as in the list, walked by Id apart.
 */
export async function* entityRows(
  entity: EntityDef,
  table: EntityTable,
  scope: Scope,
  query: Pick<ListQuery, 'Filtros' | 'Orden' | 'Descendente'>,
): AsyncGenerator<Record<string, unknown>[]> {
  const c = (f: string) => col(table, f);
  const orderField = query.Orden && Object.hasOwn(entity.fields, query.Orden) ? query.Orden : entity.defaultOrder;
  const order = c(orderField);
  const id = c('Id');
  const base = filterConditions(entity, query.Filtros, c);
  const descending = query.Descendente;
  const dir = descending ? desc : asc;
  const after = descending ? lt : gt;

  async function* walk(phase: 'values' | 'nulls'): AsyncGenerator<Record<string, unknown>[]> {
    let last: { v: unknown; id: number } | undefined;
    for (;;) {
      const keyset: (SQL | undefined)[] = [];
      if (phase === 'nulls') {
        keyset.push(isNull(order));
        if (last) keyset.push(after(id, last.id));
      } else {
        keyset.push(isNotNull(order));
        if (last)
          keyset.push(
            descending
              ? sql`(${order}, ${id}) < (${last.v}, ${last.id})`
              : sql`(${order}, ${id}) > (${last.v}, ${last.id})`,
          );
      }
      const rows: Record<string, unknown>[] = await scope
        .select(table, allOf([...base, and(...keyset)]))
        .orderBy(...(phase === 'nulls' ? [dir(id)] : [dir(order), dir(id)]))
        .limit(EXPORT_BATCH);
      if (rows.length) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      const tail = rows[rows.length - 1] as Record<string, unknown>;
      last = { v: tail[orderField], id: tail.Id as number };
    }
  }

  if (descending) {
    yield* walk('nulls');
    yield* walk('values');
  } else {
    yield* walk('values');
    yield* walk('nulls');
  }
}

/** Exact number of rows of a filtered list (one index-backed count; exports only, lists keep their cap). */
export async function entityCount(
  entity: EntityDef,
  table: EntityTable,
  scope: Scope,
  query: Pick<ListQuery, 'Filtros'>,
): Promise<number> {
  const c = (f: string) => col(table, f);
  const [row] = await scope.pick({ n: count() }, table, allOf(filterConditions(entity, query.Filtros, c)));
  return Number(row?.n ?? 0);
}
