import { type EntityDef, FILTER_OPS, type FieldDef, KIND_SCHEMAS, MSG } from '@faro/domain';
import { and, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors.ts';

const TEXTUAL = new Set(['text', 'code', 'email', 'phone', 'taxId', 'iban', 'richText']);

export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Turns Filtros into SQL over the entity's columns: `Buscar` searches the search fields; `Campo` filters with
 * the kind's default operator (contains for text, equality else, a list for `in`); `CampoDesde`/`CampoHasta` are
 * ranges. Unknown keys and malformed values are a 400, never a database error.
 */
export function filterConditions(
  entity: EntityDef,
  filtros: Record<string, unknown>,
  column: (field: string) => PgColumn,
  binder: Binder = inlineBinder(),
): SQL[] {
  const conditions: SQL[] = [];
  const bind = binder.bind;
  for (const [key, raw] of Object.entries(filtros)) {
    if (raw === undefined || raw === null || raw === '') continue;
    if (key === 'Buscar') {
      const text = String(raw).trim();
      const fields = Object.entries(entity.fields).filter(([, f]) => f.search);
      if (text && fields.length) {
        const pattern = bind(likePattern(text)) as string;
        const cond = or(...fields.map(([k]) => ilike(column(k), pattern)));
        if (cond) conditions.push(cond);
        binder.shape.push('Buscar');
      }
      continue;
    }
    const range = /^(.*)(Desde|Hasta)$/.exec(key);
    // Own fields only: a client's key must never reach Object.prototype (`constructor`, `toStringDesde`).
    const fieldKey = range && Object.hasOwn(entity.fields, range[1] as string) ? (range[1] as string) : key;
    const def = Object.hasOwn(entity.fields, fieldKey) ? entity.fields[fieldKey] : undefined;
    if (!def || (!def.filter && !def.search && !def.list)) throw badRequest(`El filtro ${key} no existe`);
    const ops = FILTER_OPS[def.kind] as readonly string[];
    if (range && fieldKey !== key) {
      if (!ops.includes('gte')) throw badRequest(`El filtro ${key} no existe`);
      const value = bind(parseValue(def, raw));
      conditions.push(range[2] === 'Desde' ? gte(column(fieldKey), value) : lte(column(fieldKey), value));
      binder.shape.push(key);
      continue;
    }
    if (Array.isArray(raw)) {
      if (!ops.includes('in') || raw.length === 0 || raw.length > 100) throw badRequest(MSG.format);
      conditions.push(
        inArray(
          column(fieldKey),
          raw.map((v) => bind(parseValue(def, v))),
        ),
      );
      binder.shape.push(`${key}:in${raw.length}`);
    } else if (TEXTUAL.has(def.kind)) {
      conditions.push(ilike(column(fieldKey), bind(likePattern(String(raw))) as string));
      binder.shape.push(`${key}:like`);
    } else {
      conditions.push(eq(column(fieldKey), bind(parseValue(def, raw))));
      binder.shape.push(`${key}:eq`);
    }
  }
  if (binder.shape.length !== conditions.length)
    throw new Error('filterConditions: cada condición debe dejar su forma');
  return conditions;
}

function parseValue(def: FieldDef, raw: unknown): unknown {
  if (def.kind === 'boolean' || def.kind === 'inactive') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw badRequest(MSG.format);
  }
  const parsed = KIND_SCHEMAS[def.kind]({ ...def, min: undefined, max: undefined }).safeParse(raw);
  if (!parsed.success) throw badRequest(`${def.label}: ${MSG.format}`);
  return parsed.data;
}

/** How filter values enter the SQL: inline, or as named placeholders of a prepared statement. */
export interface Binder {
  bind(value: unknown): unknown;
  /** The query's shape (which filters, which operators): equal shapes share one prepared statement. */
  shape: string[];
  params: Record<string, unknown>;
}

export function inlineBinder(): Binder {
  return { bind: (v) => v, shape: [], params: {} };
}

export function placeholderBinder(): Binder {
  const binder: Binder = {
    shape: [],
    params: {},
    bind(value) {
      const name = `p${Object.keys(binder.params).length}`;
      binder.params[name] = value;
      return sql.placeholder(name);
    },
  };
  return binder;
}

export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions.filter(Boolean));
