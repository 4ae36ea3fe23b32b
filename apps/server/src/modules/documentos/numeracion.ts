import { and, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, seriesContadores, seriesTable } from '../../platform/tenancy/tables.ts';

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

/** The series' prefix and restart rule; 404 when missing, 400 when it is withdrawn. Takes no lock. */
export async function leerSerie(t: Scope, serieId: number): Promise<SerieNumeracion> {
  const [serie] = await t
    .pick(
      {
        prefijo: col(seriesTable, 'Prefijo'),
        anual: col(seriesTable, 'ReinicioAnual'),
        baja: col(seriesTable, 'Baja'),
      },
      seriesTable,
      eq(col(seriesTable, 'Id'), serieId),
    )
    .limit(1);
  if (!serie) throw notFound();
  if (serie.baja) throw new AppError(400, 'La serie está de baja: elige otra serie');
  return { id: serieId, prefijo: (serie.prefijo as string | null) ?? '', anual: serie.anual === true };
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
  const anyo = serie.anual ? Number(fecha.slice(0, 4)) : 0;
  const sc = seriesContadores;
  const [movido] = await t
    .insert(sc, { serieId, anyo, siguiente: 2, ultimaFecha: fecha })
    .onConflictDoUpdate({
      target: [sc.empresaId, sc.serieId, sc.anyo],
      set: { siguiente: sql`${sc.siguiente} + 1`, ultimaFecha: fecha },
      setWhere: sql`${sc.ultimaFecha} is null or ${sc.ultimaFecha} <= ${fecha}`,
    })
    .returning({ siguiente: sc.siguiente });
  if (!movido) {
    const [counter] = await t.pick(
      { ultimaFecha: sc.ultimaFecha },
      sc,
      and(eq(sc.serieId, serieId), eq(sc.anyo, anyo)),
    );
    const [y, m, d] = (counter?.ultimaFecha ?? fecha).split('-');
    throw new AppError(
      400,
      `La fecha es anterior a la del último número de la serie (${d}/${m}/${y}): la numeración debe seguir el orden de las fechas`,
    );
  }
  const numero = movido.siguiente - 1;
  return {
    Numero: numero,
    NumSerie: `${serie.prefijo}${String(numero).padStart(DIGITOS_NUMERO, '0')}`,
    Anyo: anyo,
  };
}
