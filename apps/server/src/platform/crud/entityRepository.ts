import type { EntityDef } from '@faro/domain';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { changedFields } from '../audit/audit.ts';
import { columnName } from '../db/columns.ts';
import type { Db } from '../db/database.ts';
import { col, type EntityTable } from '../db/entityTable.ts';
import { AppError, fieldError, notFound, sqlState } from '../http/errors.ts';
import { handleOf, type Scope } from '../tenancy/scope.ts';
import { allOf, filterConditions, placeholderBinder } from './filters.ts';
import { COUNT_CAP, type ListQuery, type ListResult } from './listQuery.ts';
import { entityCount, entityRows } from './rowStream.ts';

export type Row = Record<string, unknown> & { Id: number };

/** The calls a company-scoped resource answers; the generic routes only talk to this. */
export interface EntityRepository {
  list(query: ListQuery): Promise<ListResult<Row>>;
  get(id: number): Promise<Row>;
  create(values: Record<string, unknown>): Promise<Row>;
  update(id: number, values: Record<string, unknown>): Promise<Row>;
  remove(id: number): Promise<void>;
  /** Every row of the filtered list in its order, in batches (exports). Without it, exports page through list. */
  rows?(query: Pick<ListQuery, 'Filtros' | 'Orden' | 'Descendente'>): AsyncIterable<Row[]>;
  /** Exact count of the filtered list (exports tell it for progress); without it, the capped list total. */
  count?(query: Pick<ListQuery, 'Filtros'>): Promise<number>;
}

/** The company door, under the name old imports use (new code imports it from `platform/tenancy/scope.ts`). */
export type { Scope } from '../tenancy/scope.ts';

/**
 * The generic repository of a declared entity. Every statement carries `empresa_id = scope.empresaId`: a row of
 * another company is simply not found (404), on read and on write.
 */
export function entityRepository(entity: EntityDef, table: EntityTable, scope: Scope): EntityRepository {
  const c = (field: string) => col(table, field);
  const byId = (id: number) => eq(c('Id'), id);
  const audited = entity.audit !== false;

  const toRow = (raw: Record<string, unknown>): Row => {
    const row: Record<string, unknown> = { Id: raw.Id };
    for (const [key, def] of Object.entries(entity.fields)) {
      const v = raw[key];
      row[key] = def.kind === 'datetime' && typeof v === 'string' ? new Date(v).toISOString() : (v ?? null);
    }
    return row as Row;
  };

  async function fetch(s: Scope, id: number): Promise<Row | undefined> {
    const [raw] = await s.select(table, byId(id)).limit(1);
    return raw ? toRow(raw) : undefined;
  }

  function translate(error: unknown): never {
    const state = sqlState(error);
    if (state === '23505') {
      const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
      const field = Object.entries(entity.fields).find(([k]) => constraint.includes(`_${columnName(k)}_`));
      const label = field?.[1].label ?? 'valor';
      throw fieldError(
        field?.[0] ?? 'Id',
        `Ya existe ${article(entity)} ${entity.label.toLowerCase()} con ese ${label.toLowerCase()}`,
      );
    }
    if (state === '23503')
      throw new AppError(400, 'No se puede completar: el registro está relacionado con otros datos');
    throw error;
  }

  return {
    async list(query) {
      const orderField = query.Orden ?? entity.defaultOrder;
      if (!Object.hasOwn(entity.fields, orderField)) throw new AppError(400, `No se puede ordenar por ${orderField}`);
      const binder = placeholderBinder();
      const conditions = filterConditions(entity, query.Filtros, c, binder);
      const shape = `${orderField}|${query.Descendente ? 'd' : 'a'}|${binder.shape.join(',')}`;
      const dir = query.Descendente ? desc : asc;
      // The one hand-written company predicate of the platform's lists: a prepared statement binds the company as
      // a placeholder (`emp`), so the list is built on the raw handle of the scope, here and only here.
      const db = handleOf(scope);
      const build = (conds: SQL[], emp: unknown) => {
        const where = allOf([eq(c('empresaId'), emp), ...conds]);
        return {
          page: db
            .select()
            .from(table)
            .where(where)
            .orderBy(dir(c(orderField)), dir(c('Id'))),
          count: db.select({ n: sql<number>`count(*)::int` }).from(
            db
              .select({ one: sql`1` })
              .from(table)
              .where(where)
              .limit(COUNT_CAP + 1)
              .as('capped'),
          ),
        };
      };
      const limit = query.TotalPagina;
      const offset = (query.Pagina - 1) * query.TotalPagina;
      // Text searches (ILIKE '%…%') are planned with their pattern each time: a generic plan of a prepared
      // statement cannot tell a rare pattern (trigram index) from a common one, and scanned 100k rows instead.
      const searches = binder.shape.some((s) => s === 'Buscar' || s.endsWith(':like'));
      const statements = searches
        ? undefined
        : listStatements(db, `${entity.name}|${shape}`, () => {
            const q = build(conditions, sql.placeholder('emp'));
            return { page: q.page.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')), count: q.count };
          });
      let rows: unknown[];
      let n: number;
      if (statements) {
        const params = { ...binder.params, emp: scope.empresaId };
        // Page and capped count in parallel (two pooled connections on PostgreSQL).
        const [page, count] = await Promise.all([
          statements.page.execute({ ...params, limit, offset }),
          statements.count.execute(params),
        ]);
        rows = page;
        n = count[0]?.n ?? 0;
      } else {
        const q = build(filterConditions(entity, query.Filtros, c), scope.empresaId);
        const [page, count] = await Promise.all([q.page.limit(limit).offset(offset), q.count]);
        rows = page;
        n = count[0]?.n ?? 0;
      }
      return {
        Items: (rows as Record<string, unknown>[]).map(toRow),
        Total: Math.min(n, COUNT_CAP),
        TotalLimitado: n > COUNT_CAP,
      };
    },

    async get(id) {
      const row = await fetch(scope, id);
      if (!row) throw notFound();
      return row;
    },

    async create(values) {
      try {
        return await scope.tx(async (t) => {
          const [raw] = await t.insert(table, values).returning();
          const row = toRow(raw!);
          if (audited) await audit(t, 'A', row.Id, values);
          return row;
        });
      } catch (error) {
        translate(error);
      }
    },

    async update(id, values) {
      try {
        return await scope.tx(async (t) => {
          const before = await fetch(t, id);
          if (!before) throw notFound();
          const [raw] = await t.update(table, values, byId(id)).returning();
          const row = toRow(raw!);
          if (audited) await audit(t, 'M', id, changedFields(before, row));
          return row;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        translate(error);
      }
    },

    count: (query) => entityCount(entity, table, scope, query),

    async *rows(query) {
      for await (const batch of entityRows(entity, table, scope, query)) yield batch.map(toRow);
    },

    async remove(id) {
      try {
        await scope.tx(async (t) => {
          const before = await fetch(t, id);
          if (!before) throw notFound();
          if (entity.softDelete) await t.update(table, { Baja: true }, byId(id));
          else await t.delete(table, byId(id));
          if (audited) await audit(t, 'D', id, before);
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        translate(error);
      }
    },
  };

  function audit(t: Scope, accion: 'A' | 'M' | 'D', id: number, campos: unknown) {
    return t.audit({ accion, recurso: entity.name, idRegistro: id, campos });
  }
}

interface ListStatements {
  page: { execute(params: Record<string, unknown>): Promise<unknown[]> };
  count: { execute(params: Record<string, unknown>): Promise<{ n: number }[]> };
}

const MAX_SHAPES_PER_DB = 500;
const statementCache = new WeakMap<Db, Map<string, ListStatements>>();

/**
 * Prepared list statements per database and query shape (entity, order, which filters): building a Drizzle query
 * costs more CPU than PostgreSQL spends answering it, and a named statement also skips parsing and planning. Past
 * MAX_SHAPES_PER_DB shapes the caller builds a plain query: statement names are never reused for other SQL.
 */
function listStatements(
  db: Db,
  key: string,
  build: () => { page: { prepare(name: string): unknown }; count: { prepare(name: string): unknown } },
): ListStatements | undefined {
  let byShape = statementCache.get(db);
  if (!byShape) {
    byShape = new Map();
    statementCache.set(db, byShape);
  }
  const cached = byShape.get(key);
  if (cached || byShape.size >= MAX_SHAPES_PER_DB) return cached;
  const n = byShape.size;
  const built = build();
  const statements = {
    page: built.page.prepare(`faro_lista_${n}`),
    count: built.count.prepare(`faro_cuenta_${n}`),
  } as ListStatements;
  byShape.set(key, statements);
  return statements;
}

function article(entity: EntityDef): string {
  return entity.gender === 'f' ? 'una' : 'un';
}
