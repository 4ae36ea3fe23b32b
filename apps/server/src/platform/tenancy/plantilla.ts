import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The door's company predicate of a table alias in raw SQL (`Scope.execute`'s second argument). */
export type PredicadoEmpresa = (alias: string) => SQL;

/** The placeholder the door fills with its company (`de(alias)` in a template compares with it). */
export const EMPRESA = 'faro_empresa';

const ALIAS = /^[a-z_][a-z0-9_]*$/;
const dialecto = new PgDialect();

/**
 * A statement whose SQL text is built ONCE: drizzle walks a statement's tree of fragments on every call
 * (`is` checks, escaping, column names), ~0.1–0.3 ms of CPU per statement, several times per issue. A template is
 * written as any raw statement, with `p('name')` where a value goes; `Scope.consulta(template, values)` runs it with
 * the values. Values go as the driver takes them (text, numbers, arrays for `= any($n::bigint[])`): map a column's
 * value with its `mapToDriverValue` when it needs it. `de(alias)` is the door's company predicate, as in `execute`.
 */
export interface Plantilla {
  /** The text and the parameters (placeholders), compiled on first use. */
  readonly consulta: () => Query;
}

export type Marcador = (nombre: string) => Placeholder;

const marcador: Marcador = (nombre) => {
  if (nombre === EMPRESA) throw new Error(`Nombre reservado en una plantilla: ${nombre}`);
  return sql.placeholder(nombre);
};

const deEmpresa: PredicadoEmpresa = (alias) => {
  if (!ALIAS.test(alias)) throw new Error(`Alias de tabla no válido: ${alias}`);
  return sql`${sql.raw(alias)}.empresa_id = ${sql.placeholder(EMPRESA)}`;
};

export function plantilla(build: (p: Marcador, de: PredicadoEmpresa) => SQL): Plantilla {
  let hecha: Query | undefined;
  return {
    consulta: () => {
      hecha ??= dialecto.sqlToQuery(build(marcador, deEmpresa));
      return hecha;
    },
  };
}

/**
 * Templates of one shape per key (a statement whose columns depend on the call, e.g. the set of header columns an
 * issue writes): the key names the shape, `build` makes its template the first time the key is seen.
 */
export function plantillasPorClave(build: (clave: string) => Plantilla, maximo = 64) {
  const hechas = new Map<string, Plantilla>();
  return (clave: string): Plantilla => {
    let p = hechas.get(clave);
    if (!p) {
      // A bound, so that a caller passing ever-new keys cannot grow it without end.
      if (hechas.size >= maximo) hechas.clear();
      p = build(clave);
      hechas.set(clave, p);
    }
    return p;
  };
}
