import { index, numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { creadoEn, dia, ref, tablaEmpresa } from '../../platform/db/columns.ts';

/**
 * The fixed-asset register (module `contabilidad`): one row per asset with what its depreciation schedule needs and
 * the subaccounts it posts to. Properties are the API's names (CODE_STYLE: a row is its JSON); amounts are integer
 * cents. The schedule is computed by the domain (`accounting/amortizacion.ts`); what has been posted is in the
 * ledger (`asientos_contables` with origen 'amortizacion' | 'baja' and id_origen = this row's id).
 */
export const inmovilizado = tablaEmpresa(
  'inmovilizado',
  {
    Codigo: text('codigo').notNull(),
    Descripcion: text('descripcion').notNull(),
    /** The line of the official coefficients table (`COEFICIENTES_OFICIALES`). */
    Grupo: text('grupo').notNull(),
    FechaCompra: dia('fecha_compra'),
    /** Start-up date: its month is the first depreciated. */
    FechaInicio: dia('fecha_inicio').notNull(),
    Coste: ref('coste').notNull(),
    ValorResidual: ref('valor_residual').notNull().default(0),
    /** Annual coefficient (%) or useful life (years): one of them. */
    Coeficiente: numeric('coeficiente', { precision: 5, scale: 2, mode: 'number' }),
    VidaUtil: numeric('vida_util', { precision: 5, scale: 2, mode: 'number' }),
    /** Months up to this date were depreciated before the ledger in Faro (nothing is posted for them). */
    AmortizadoHasta: dia('amortizado_hasta'),
    CuentaActivo: text('cuenta_activo').notNull(),
    CuentaAmortizacion: text('cuenta_amortizacion').notNull(),
    CuentaGasto: text('cuenta_gasto').notNull(),
    /** The received invoice that bought it (documentos_compra), if any. */
    IdFacturaCompra: ref('id_factura_compra'),
    Notas: text('notas').notNull().default(''),
    FechaBaja: dia('fecha_baja'),
    PrecioBaja: ref('precio_baja'),
    CreadoEn: creadoEn(),
  },
  (t) => [
    uniqueIndex('inmovilizado_codigo_uq').on(t.empresaId, t.Codigo),
    index('inmovilizado_factura_idx').on(t.empresaId, t.IdFacturaCompra),
  ],
);
