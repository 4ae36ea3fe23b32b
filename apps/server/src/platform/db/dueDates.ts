import { bigint, date, foreignKey, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tablaStockDocumento } from './documentTables.ts';
import { empresas } from './platformTables.ts';
import { documentosVenta } from './salesDocuments.ts';

/**
 * Due dates (vencimientos) of an issued sales invoice, computed from its payment method when it is issued
 * (`instalments` of the domain) and stored: one row per instalment. `cobrado` is how much of the instalment the
 * invoice's collections have settled, instalments settled in date order (recomputed on every collection change).
 * Properties are the API's names (CODE_STYLE: a row is its JSON).
 */
export const vencimientosVenta = pgTable(
  'vencimientos_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    IdFactura: bigint('id_factura', { mode: 'number' }).notNull(),
    Plazo: integer('plazo').notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
    Cobrado: numeric('cobrado', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'vencimientos_venta_pk', columns: [t.empresaId, t.IdFactura, t.Plazo] }),
    index('vencimientos_venta_fecha_idx').on(t.empresaId, t.Fecha),
    foreignKey({
      name: 'vencimientos_venta_factura_fk',
      columns: [t.empresaId, t.IdFactura],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
  ],
);

/**
 * Stock taken out by a sales document (a delivery note sent, an invoice issued that does not come from a delivery
 * note): the warehouse chosen on the header (IdAlmacen) and the quantities moved out, per product. Kept so a later
 * change (cancellation, a sent delivery note edited, back to Pendiente) moves exactly the difference.
 */
export const stockDocumentosVenta = tablaStockDocumento('venta', documentosVenta);
