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

export const DIGITOS_NUMERO = 4;

/**
 * Takes the next number of a series for a document dated `fecha` (yyyy-mm-dd). Call it INSIDE the issuing
 * transaction, as its last step: the counter row stays locked until commit, a rollback returns the number, and the
 * unique key of the documents is the second guard. A date earlier than the last number's is refused (numbers must
 * follow dates, RD 1619/2012).
 */
export async function tomarNumero(t: Scope, serieId: number, fecha: string): Promise<NumeroTomado> {
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
  const anyo = serie.anual ? Number(fecha.slice(0, 4)) : 0;
  const key = and(eq(seriesContadores.serieId, serieId), eq(seriesContadores.anyo, anyo))!;
  await t.insert(seriesContadores, { serieId, anyo }).onConflictDoNothing();
  const [counter] = await t
    .pick({ siguiente: seriesContadores.siguiente, ultimaFecha: seriesContadores.ultimaFecha }, seriesContadores, key)
    .for('update');
  if (!counter) throw new Error('contador de serie ausente tras crearlo');
  if (counter.ultimaFecha && fecha < counter.ultimaFecha) {
    const [y, m, d] = counter.ultimaFecha.split('-');
    throw new AppError(
      400,
      `La fecha es anterior a la del último número de la serie (${d}/${m}/${y}): la numeración debe seguir el orden de las fechas`,
    );
  }
  await t.update(seriesContadores, { siguiente: sql`${seriesContadores.siguiente} + 1`, ultimaFecha: fecha }, key);
  const numero = counter.siguiente;
  const prefijo = (serie.prefijo as string | null) ?? '';
  return { Numero: numero, NumSerie: `${prefijo}${String(numero).padStart(DIGITOS_NUMERO, '0')}`, Anyo: anyo };
}
