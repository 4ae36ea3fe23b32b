import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { dia, empresaId, fkEmpresa, ref } from '../../platform/db/columns.ts';
import { seriesTable } from '../configuracion/tablas.ts';

/**
 * Invoice numbering counters: one row per (company, series, year) — year 0 for series that never restart. Taking a
 * number locks the row, so issuers of one series queue up while other series go on; the number is taken as the last
 * step of the issuing transaction, so a rollback gives it back and no gap is ever committed. Never a SQL SEQUENCE.
 */
export const seriesContadores = pgTable(
  'series_contadores',
  {
    empresaId: empresaId(),
    serieId: ref('serie_id').notNull(),
    anyo: integer('anyo').notNull(),
    siguiente: integer('siguiente').notNull().default(1),
    /** Date of the last number taken: a new number may not carry an earlier date (numbers follow dates). */
    ultimaFecha: dia('ultima_fecha'),
  },
  (t) => [
    primaryKey({ name: 'series_contadores_pk', columns: [t.empresaId, t.serieId, t.anyo] }),
    fkEmpresa('series_contadores_serie_fk', t, t.serieId, seriesTable),
  ],
);
