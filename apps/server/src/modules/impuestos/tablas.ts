// Tax models presented. Company tables of this area: empresa_id first in every key (platform/db/schemaRules.test.ts). Re-exported by
// schema.ts (drizzle-kit) and platform/tenancy/tables.ts (what modules may import).
import { index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { creadoEn, dia, empresaId, idIdentidad, ref } from '../../platform/db/columns.ts';

/**
 * A tax return of the company (modules/impuestos/modelos): its model, year and period, its kind (normal,
 * complementaria, sustitutiva), its state (borrador → presentada with the date and the AEAT's CSV / justificante)
 * and the boxes as computed when saved. A presented return is locked (never updated again): a change is a new
 * complementaria/sustitutiva row. Later periods read the presented ones (303's pending compensation, 130's payments).
 */
export const modelosPresentados = pgTable(
  'modelos_presentados',
  {
    empresaId: empresaId(),
    id: idIdentidad(),
    modelo: text('modelo').notNull(),
    anyo: integer('anyo').notNull(),
    periodo: text('periodo').notNull(),
    /** 'normal' | 'complementaria' | 'sustitutiva'. */
    tipo: text('tipo').notNull().default('normal'),
    /** 'borrador' | 'presentada'. */
    estado: text('estado').notNull().default('borrador'),
    fechaPresentacion: dia('fecha_presentacion'),
    justificante: text('justificante'),
    /** The AEAT's receipt PDF, kept in the document manager (`gd_ficheros`, origin `modelos`). */
    idJustificantePdf: ref('id_justificante_pdf'),
    /** The return this one completes or replaces (complementaria / sustitutiva). */
    idAnterior: ref('id_anterior'),
    /** Boxes typed in (payroll, regularisations) and the computed boxes when saved. */
    ajustes: jsonb('ajustes').notNull().default({}),
    casillas: jsonb('casillas').notNull().default({}),
    tipoDeclaracion: text('tipo_declaracion'),
    resultado: numeric('resultado', { precision: 16, scale: 2 }).notNull().default('0'),
    creadoEn: creadoEn(),
  },
  (c) => [
    primaryKey({ name: 'modelos_presentados_pk', columns: [c.empresaId, c.id] }),
    index('modelos_presentados_periodo_idx').on(c.empresaId, c.modelo, c.anyo, c.periodo),
  ],
);
