import { and, type Column, eq, getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type PgInsertValue,
  PgTable,
  PgTransaction,
  type PgTransactionConfig,
  type PgUpdateSetSource,
  type SelectedFields,
  type TableLikeHasEmptySelection,
} from 'drizzle-orm/pg-core';
import { type AuditAction, writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { empresas } from '../db/platformTables.ts';
import { EMPRESA, type Plantilla, type PredicadoEmpresa } from './plantilla.ts';

/** A table owned by one company: `empresa_id` leads its keys and is the tenancy column the door filters on. */

export type { PredicadoEmpresa } from './plantilla.ts';

const ALIAS = /^[a-z_][a-z0-9_]*$/;
/** `alias.empresa_id = :company` for raw SQL (the alias is checked: it is written into the statement as is). */
function predicadoDe(alias: string, empresaId: number): SQL {
  if (!ALIAS.test(alias)) throw new Error(`Alias de tabla no válido: ${alias}`);
  return sql`${sql.raw(alias)}.empresa_id = ${empresaId}`;
}

export type CompanyTable = PgTable & { readonly empresaId: AnyPgColumn };

/** The values of a row to insert, without the company (the door sets it). */
export type CompanyInsert<T extends CompanyTable> = Omit<PgInsertValue<T>, 'empresaId'>;

/** Who acts and in which company. */
export interface Actor {
  empresaId: number;
  personaId: number | null;
  userName: string;
}

/** One audit record of the scope's company and actor. */
export interface AuditOf {
  accion: AuditAction;
  recurso: string;
  idRegistro: number | null;
  campos: unknown;
}

/**
 * The only door to a company's data. Every read, update and delete carries `empresa_id = empresaId` (ANDed with the
 * caller's predicate) and every insert sets it; the builders returned are Drizzle's, already filtered, so they chain
 * (`orderBy`, `limit`, joins, `for('update')`, `returning`, `onConflictDoNothing`) but cannot be re-filtered.
 * `tx` opens a transaction (a savepoint inside one) whose handle is a Scope of the same company.
 */
export interface Scope extends Actor {
  /** `SELECT * FROM table WHERE empresa_id = :company AND where`. */
  select<T extends CompanyTable>(table: T, where?: SQL): ReturnType<typeof selectAll<T>>;
  /** `SELECT fields FROM table WHERE empresa_id = :company AND where` (join more company tables with `on`). */
  pick<F extends SelectedFields, T extends CompanyTable>(
    fields: F,
    table: T,
    where?: SQL,
  ): ReturnType<typeof selectSome<F, T>>;
  /** `UPDATE table SET values WHERE empresa_id = :company AND where` (undefined: every row of the company). */
  update<T extends CompanyTable>(
    table: T,
    values: PgUpdateSetSource<T>,
    where: SQL | undefined,
  ): ReturnType<typeof updateOf<T>>;
  /** `DELETE FROM table WHERE empresa_id = :company AND where` (the predicate is required: pass it even if `and(…)`). */
  delete<T extends CompanyTable>(table: T, where: SQL | undefined): ReturnType<typeof deleteOf<T>>;
  /** `INSERT INTO table` with `empresa_id = :company` on every row. */
  insert<T extends CompanyTable>(
    table: T,
    values: CompanyInsert<T> | CompanyInsert<T>[],
  ): ReturnType<typeof insertOf<T>>;
  /** A join condition on a company table: `other.empresa_id = :company AND on`. */
  on(table: CompanyTable, on?: SQL): SQL;
  /** The company-column predicate of a table, for sub-queries and raw fragments: `table.empresa_id = :company`. */
  mine(table: CompanyTable): SQL;
  /**
   * Raw SQL, the escape hatch: `build` receives the company id (bound as a parameter) and `de(alias)`, the door's
   * predicate `alias.empresa_id = :company` — write `${de('a')}` for every company table of the statement (its
   * WHERE, or the ON of a join), never the predicate by hand.
   */
  execute<R extends Record<string, unknown> = Record<string, unknown>>(
    build: (empresaId: number, de: PredicadoEmpresa) => SQL,
  ): Promise<R[]>;
  /**
   * A template (`plantilla`: SQL text built once) run with `valores` by name; its `de(alias)` predicates get the
   * scope's company. The hot statements of issuing use it; anything else may keep `execute`.
   */
  consulta<R extends Record<string, unknown> = Record<string, unknown>>(
    plantilla: Plantilla,
    valores: Record<string, unknown>,
  ): Promise<R[]>;
  /** The scope's own row of `empresas` (the company itself): chain `.for('update')` to lock it. */
  company<F extends SelectedFields>(fields: F): ReturnType<typeof companyOf<F>>;
  /** Updates the scope's own row of `empresas`. */
  updateCompany(values: PgUpdateSetSource<typeof empresas>): ReturnType<typeof updateCompanyOf>;
  /** Appends an audit record of this company and actor. */
  audit(entry: AuditOf): Promise<void>;
  /** A transaction (a savepoint when already inside one); its handle is the same door. */
  tx<R>(work: (t: Scope) => Promise<R>, config?: PgTransactionConfig): Promise<R>;
  /** The same company acting as someone else (jobs acting for a user, sign-up acting for the new owner). */
  as(actor: Pick<Actor, 'personaId' | 'userName'>): Scope;
}

/** A transaction handle: the same door, named for readability in signatures (`(t: ScopedTx, …)`). */
export type ScopedTx = Scope;

/**
 * A company table as a FROM source. Drizzle guards `from` against empty sub-queries with a conditional type it
 * cannot resolve over a generic table; a table is never a sub-query, so the guard's `false` branch is stated here.
 */
export const source = <T extends CompanyTable>(table: T) =>
  table as TableLikeHasEmptySelection<T> extends true ? never : T;

const selectAll = <T extends CompanyTable>(db: Db, table: T, where: SQL | undefined) =>
  db.select().from(source(table)).where(where);
const selectSome = <F extends SelectedFields, T extends CompanyTable>(
  db: Db,
  fields: F,
  table: T,
  where: SQL | undefined,
) => db.select(fields).from(source(table)).where(where);
const updateOf = <T extends CompanyTable>(db: Db, table: T, values: PgUpdateSetSource<T>, where: SQL | undefined) =>
  db.update(table).set(values).where(where);
const deleteOf = <T extends CompanyTable>(db: Db, table: T, where: SQL | undefined) => db.delete(table).where(where);
const insertOf = <T extends CompanyTable>(db: Db, table: T, values: PgInsertValue<T>[]) =>
  db.insert(table).values(values);
const companyOf = <F extends SelectedFields>(db: Db, fields: F, empresaId: number) =>
  db.select(fields).from(empresas).where(eq(empresas.id, empresaId));
const updateCompanyOf = (db: Db, values: PgUpdateSetSource<typeof empresas>, empresaId: number) =>
  db.update(empresas).set(values).where(eq(empresas.id, empresaId));

/** The raw handle behind each scope, for the platform only (`platform/tenancy/internal.ts`). */
const handles = new WeakMap<Scope, Db>();

/** Builds the door of one company over a database or transaction handle. Platform code only. */
export function companyScope(db: Db, actor: Actor): Scope {
  const { empresaId } = actor;
  if (!Number.isSafeInteger(empresaId) || empresaId <= 0) throw new Error('Empresa no válida para el ámbito');
  const mine = (table: CompanyTable) => eq(table.empresaId, empresaId);
  const scoped = (table: CompanyTable, where?: SQL) => (where ? and(mine(table), where) : mine(table));
  const scope: Scope = {
    empresaId,
    personaId: actor.personaId,
    userName: actor.userName,
    select: (table, where) => selectAll(db, table, scoped(table, where)),
    pick: (fields, table, where) => selectSome(db, fields, table, scoped(table, where)),
    update: (table, values, where) => updateOf(db, table, values, scoped(table, where)),
    delete: (table, where) => deleteOf(db, table, scoped(table, where)),
    insert: (table, values) => insertOf(db, table, withCompany(table, values, empresaId)),
    on: (table, on) => scoped(table, on) ?? mine(table),
    mine,
    async execute<R extends Record<string, unknown>>(build: (empresaId: number, de: PredicadoEmpresa) => SQL) {
      return rowsOf<R>(await db.execute<R>(build(empresaId, (alias) => predicadoDe(alias, empresaId))));
    },
    async consulta<R extends Record<string, unknown>>(p: Plantilla, valores: Record<string, unknown>) {
      const conEmpresa = { ...valores, [EMPRESA]: empresaId };
      return rowsOf<R>(await db._.session.prepareQuery(p.consulta(), undefined, undefined, false).execute(conEmpresa));
    },
    company: (fields) => companyOf(db, fields, empresaId),
    updateCompany: (values) => updateCompanyOf(db, values, empresaId),
    audit: (entry) => writeAudit(db, { ...entry, empresaId, personaId: scope.personaId, userName: scope.userName }),
    tx: (work, config) => db.transaction((tx) => work(companyScope(tx, scope)), config),
    as: (who) => companyScope(db, { empresaId, personaId: who.personaId, userName: who.userName }),
  };
  handles.set(scope, db);
  return scope;
}

/** Each row with the scope's company set (whatever the caller passed for it). */
function withCompany<T extends CompanyTable>(
  table: T,
  values: CompanyInsert<T> | CompanyInsert<T>[],
  empresaId: number,
): PgInsertValue<T>[] {
  if (!is(table, PgTable)) throw new Error('Tabla no válida');
  const list: CompanyInsert<T>[] = Array.isArray(values) ? values : [values];
  // The insert shape of a generic table is a mapped type TypeScript cannot rebuild from its parts: the row is the
  // caller's typed values plus the company column every company table has.
  return list.map((v) => ({ ...v, empresaId }) as PgInsertValue<T>);
}

/** Rows of a raw statement on either driver (node-postgres answers `{ rows }`, PGlite too). */
function rowsOf<R>(result: unknown): R[] {
  if (Array.isArray(result)) return result;
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  return [];
}

/**
 * Whether the scope runs inside a transaction: its statements then share one connection and snapshot, so they
 * cannot run at once (concurrent savepoints would interleave).
 */
export function enTransaccion(scope: Scope): boolean {
  return is(handleOf(scope), PgTransaction);
}

/** The raw handle of a scope (platform code that needs prepared statements or platform tables in the same tx). */
export function handleOf(scope: Scope): Db {
  const db = handles.get(scope);
  if (!db) throw new Error('Ámbito desconocido');
  return db;
}

/**
 * A raw row of `execute` (e.g. a RETURNING of `d.*`, keyed by column name) mapped as drizzle's `select()` of the
 * table maps it: the same keys and the same decoded values, so a statement that writes a row can also hand it back.
 */
export function filaDe<T extends CompanyTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnasDe(table)) {
    const v = raw[column.name];
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
  }
  return out as T['$inferSelect'];
}

const COLUMNAS = new WeakMap<CompanyTable, [string, Column][]>();

/** A table's `[key, column]` pairs, listed once per table (`filaDe` runs for every row a template reads). */
function columnasDe(table: CompanyTable): [string, Column][] {
  let columnas = COLUMNAS.get(table);
  if (!columnas) {
    columnas = Object.entries(getTableColumns(table));
    COLUMNAS.set(table, columnas);
  }
  return columnas;
}

const SELECCIONES = new WeakMap<CompanyTable, SQL>();

/**
 * `select <every column> from <table> <alias>` as ONE raw fragment, built once per table and alias (drizzle
 * rebuilds a whole-row selection on every call, ~45 columns of `is` checks for a document header). Read the rows
 * with `filaDe`; the caller adds `where ${de(alias)} …`.
 */
export function todoDe(table: CompanyTable, alias = 't'): SQL {
  if (!ALIAS.test(alias)) throw new Error(`Alias de tabla no válido: ${alias}`);
  const hecho = alias === 't' ? SELECCIONES.get(table) : undefined;
  if (hecho) return hecho;
  const columnas = Object.values(getTableColumns(table))
    .map((c) => `${alias}."${c.name}"`)
    .join(', ');
  const fragmento = sql.raw(`select ${columnas} from "${getTableName(table)}" ${alias}`);
  if (alias === 't') SELECCIONES.set(table, fragmento);
  return fragmento;
}

/** `sql` re-exported so raw fragments of modules need no other import. */
export { sql };
