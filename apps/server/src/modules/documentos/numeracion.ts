import { MSG_VENTAS } from '@faro/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { plantilla } from '../../platform/tenancy/plantilla.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, seriesContadores, seriesTable } from '../../platform/tenancy/tables.ts';
import type { LecturaPrevia } from './lado.ts';

export interface NumeroTomado {
  /** The correlative number within (series, year). */
  Numero: number;
  /** The printed number: prefix + number (e.g. "F2026-0042"). */
  NumSerie: string;
  Anyo: number;
}

/** What numbering needs of a series, read before the counter is locked (`leerSerie`). */
export interface SerieNumeracion {
  id: number;
  prefijo: string;
  anual: boolean;
}

export const DIGITOS_NUMERO = 4;

/**
 * The series' prefix and restart rule; 404 when missing (with `tipos`: a field error unless the series is of one of
 * those document kinds), 400 when it is withdrawn. Takes no lock.
 */
export async function leerSerie(t: Scope, serieId: number, tipos?: readonly string[]): Promise<SerieNumeracion> {
  const [serie] = await t.consulta(Q_SERIE, { serie_id: serieId });
  return serieLeida(serieId, serie?.serie ?? null, tipos);
}

/** What `leerSerie` reads of a series, as one json value (also folded into issuing's first read: `lecturaSerie`). */
const SERIE_JSON: LecturaPrevia['sql'] = (p, de) => {
  const sc = (f: string) => sql.identifier(col(seriesTable, f).name);
  return sql`select json_build_object('prefijo', s.${sc('Prefijo')}, 'anual', s.${sc('ReinicioAnual')},
      'baja', s.${sc('Baja')}, 'tipo', s.${sc('TipoDocumento')})
    from ${seriesTable} s where ${de('s')} and s.${sc('Id')} = ${p('serie_id')}`;
};
const Q_SERIE = plantilla((p, de) => sql`select (${SERIE_JSON(p, de)}) as serie`);

/** `leerSerie`'s read, folded into issuing's first statement; `serieLeida` checks its answer. */
export const lecturaSerie = (serieId: number): LecturaPrevia => ({
  nombre: 'serie',
  sql: SERIE_JSON,
  valores: { serie_id: serieId },
});

/** `leerSerie`'s checks over a series already read (null: no such series in the company). */
export function serieLeida(serieId: number, leida: unknown, tipos?: readonly string[]): SerieNumeracion {
  const serie = leida as { prefijo: string | null; anual: boolean; baja: boolean; tipo: string } | null;
  if (tipos && (!serie || !tipos.includes(serie.tipo))) throw fieldError('Serie', MSG_VENTAS.serieNoValida);
  if (!serie) throw notFound();
  if (serie.baja) throw new AppError(400, 'La serie está de baja: elige otra serie');
  return { id: serieId, prefijo: serie.prefijo ?? '', anual: serie.anual === true };
}

/**
 * Takes the next number of a series for a document dated `fecha` (yyyy-mm-dd). Call it INSIDE the issuing
 * transaction, as its last step: the counter row stays locked until commit, a rollback returns the number, and the
 * unique key of the documents is the second guard. A date earlier than the last number's is refused (numbers must
 * follow dates, RD 1619/2012).
 */
export async function tomarNumero(t: Scope, serieId: number, fecha: string): Promise<NumeroTomado> {
  return tomarNumeroDe(t, await leerSerie(t, serieId), fecha);
}

/**
 * `tomarNumero` for a series already read: ONE statement locks the counter row and moves it — an upsert whose
 * update only applies when `fecha` is not before the last number's date. The row is created at 2 (number 1 handed
 * out) or incremented; either way RETURNING gives the next one and the number taken is that minus one. When the date
 * check fails no row comes back (the row is locked all the same) and the last date is read for the message.
 */
export async function tomarNumeroDe(t: Scope, serie: SerieNumeracion, fecha: string): Promise<NumeroTomado> {
  const serieId = serie.id;
  const anyo = anyoDe(serie, fecha);
  const sc = seriesContadores;
  const [movido] = await t
    .insert(sc, { serieId, anyo, siguiente: 2, ultimaFecha: fecha })
    .onConflictDoUpdate({
      target: [sc.empresaId, sc.serieId, sc.anyo],
      set: { siguiente: sql`${sc.siguiente} + 1`, ultimaFecha: fecha },
      setWhere: sql`${sc.ultimaFecha} is null or ${sc.ultimaFecha} <= ${fecha}`,
    })
    .returning({ siguiente: sc.siguiente });
  if (!movido) return fechaAnterior(t, serie, fecha);
  return numeroTomado(serie, fecha, movido.siguiente - 1);
}

/** The counter's year of a document dated `fecha`: its year, or 0 for a series that never restarts. */
export const anyoDe = (serie: SerieNumeracion, fecha: string) => (serie.anual ? Number(fecha.slice(0, 4)) : 0);

export const numeroTomado = (serie: SerieNumeracion, fecha: string, numero: number): NumeroTomado => ({
  Numero: numero,
  NumSerie: `${serie.prefijo}${String(numero).padStart(DIGITOS_NUMERO, '0')}`,
  Anyo: anyoDe(serie, fecha),
});

/** The 400 of a date earlier than the series' last number's (read after the counter upsert refused to move). */
export async function fechaAnterior(t: Scope, serie: SerieNumeracion, fecha: string): Promise<never> {
  const sc = seriesContadores;
  const [counter] = await t.pick(
    { ultimaFecha: sc.ultimaFecha },
    sc,
    and(eq(sc.serieId, serie.id), eq(sc.anyo, anyoDe(serie, fecha))),
  );
  const [y, m, d] = (counter?.ultimaFecha ?? fecha).split('-');
  throw new AppError(
    400,
    `La fecha es anterior a la del último número de la serie (${d}/${m}/${y}): la numeración debe seguir el orden de las fechas`,
  );
}

/** The values of `contadorSql`'s statement: real values, or a template's placeholders (`p('…')`). */
export interface ValoresContador {
  empresa: unknown;
  serie: unknown;
  anyo: unknown;
  fecha: unknown;
  prefijo: unknown;
}

/**
 * `tomarNumeroDe` as a CTE for the issuing statement (a template: `emision.ts`), over values or placeholders: the
 * same upsert, answering one row `numero` (none when the date is refused), `num_serie`, printed as `NumSerie` is, and its
 * `digitos` (the number without the prefix).
 */
export function contadorSql(v: ValoresContador): SQL {
  const sc = seriesContadores;
  const c = (column: { name: string }) => sql.identifier(column.name);
  const digitos = sql`lpad((c.${c(sc.siguiente)} - 1)::text,
    greatest(${sql.raw(String(DIGITOS_NUMERO))}, length((c.${c(sc.siguiente)} - 1)::text)), '0')`;
  return sql`insert into ${sc} as c (${c(sc.empresaId)}, ${c(sc.serieId)}, ${c(sc.anyo)}, ${c(sc.siguiente)},
      ${c(sc.ultimaFecha)})
    values (${v.empresa}, ${v.serie}, ${v.anyo}, 2, ${v.fecha}::date)
    on conflict (${c(sc.empresaId)}, ${c(sc.serieId)}, ${c(sc.anyo)}) do update
      set ${c(sc.siguiente)} = c.${c(sc.siguiente)} + 1, ${c(sc.ultimaFecha)} = excluded.${c(sc.ultimaFecha)}
      where c.${c(sc.ultimaFecha)} is null or c.${c(sc.ultimaFecha)} <= excluded.${c(sc.ultimaFecha)}
    returning c.${c(sc.siguiente)} - 1 as numero, ${v.prefijo}::text || ${digitos} as num_serie, ${digitos} as digitos`;
}
