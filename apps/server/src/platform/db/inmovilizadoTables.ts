import { bigint, date, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { empresas } from './platformTables.ts';

/**
 * The fixed-asset register (module `contabilidad`): one row per asset with what its depreciation schedule needs and
 * the subaccounts it posts to. Properties are the API's names (CODE_STYLE: a row is its JSON); amounts are integer
 * cents. The schedule is computed by the domain (`accounting/amortizacion.ts`); what has been posted is in the
 * ledger (`asientos_contables` with origen 'amortizacion' | 'baja' and id_origen = this row's id).
 */
export const inmovilizado = pgTable(
  'inmovilizado',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    Codigo: text('codigo').notNull(),
    Descripcion: text('descripcion').notNull(),
    /** The line of the official coefficients table (`COEFICIENTES_OFICIALES`). */
    Grupo: text('grupo').notNull(),
    FechaCompra: date('fecha_compra', { mode: 'string' }),
    /** Start-up date: its month is the first depreciated. */
    FechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    Coste: bigint('coste', { mode: 'number' }).notNull(),
    ValorResidual: bigint('valor_residual', { mode: 'number' }).notNull().default(0),
    /** Annual coefficient (%) or useful life (years): one of them. */
    Coeficiente: numeric('coeficiente', { precision: 5, scale: 2, mode: 'number' }),
    VidaUtil: numeric('vida_util', { precision: 5, scale: 2, mode: 'number' }),
    /** Months up to this date were depreciated before the ledger in Faro (nothing is posted for them). */
    AmortizadoHasta: date('amortizado_hasta', { mode: 'string' }),
    CuentaActivo: text('cuenta_activo').notNull(),
    CuentaAmortizacion: text('cuenta_amortizacion').notNull(),
    CuentaGasto: text('cuenta_gasto').notNull(),
    /** The received invoice that bought it (documentos_compra), if any. */
    IdFacturaCompra: bigint('id_factura_compra', { mode: 'number' }),
    Notas: text('notas').notNull().default(''),
    FechaBaja: date('fecha_baja', { mode: 'string' }),
    PrecioBaja: bigint('precio_baja', { mode: 'number' }),
    CreadoEn: timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'inmovilizado_pk', columns: [t.empresaId, t.Id] }),
    uniqueIndex('inmovilizado_codigo_uq').on(t.empresaId, t.Codigo),
    index('inmovilizado_factura_idx').on(t.empresaId, t.IdFacturaCompra),
  ],
);
