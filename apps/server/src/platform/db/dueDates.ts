import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { col } from './entityTable.ts';
import { almacenesTable } from './masterTables.ts';
import { empresas } from './platformTables.ts';
import { documentosVenta } from './salesDocuments.ts';

/**
 * Due dates (vencimientos) of an issued sales invoice, computed from its payment method when it is issued
 * (`instalments` of the domain) and stored: one row per instalment. `cobrado` is how much of the instalment the
 * invoice's collections have settled, instalments settled in date order (recomputed on every collection change).
 */
export const vencimientosVenta = pgTable(
  'vencimientos_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    idFactura: bigint('id_factura', { mode: 'number' }).notNull(),
    plazo: integer('plazo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
    cobrado: numeric('cobrado', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'vencimientos_venta_pk', columns: [t.empresaId, t.idFactura, t.plazo] }),
    index('vencimientos_venta_fecha_idx').on(t.empresaId, t.fecha),
    foreignKey({
      name: 'vencimientos_venta_factura_fk',
      columns: [t.empresaId, t.idFactura],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
  ],
);

/**
 * Stock taken out by a sales document (a delivery note sent, an invoice issued that does not come from a delivery
 * note): the warehouse chosen on the header (IdAlmacen) and the quantities moved out, per product. Kept so a later
 * change (cancellation, a sent delivery note edited, back to Pendiente) moves exactly the difference.
 */
export const stockDocumentosVenta = pgTable(
  'stock_documentos_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    idDocumento: bigint('id_documento', { mode: 'number' }).notNull(),
    idAlmacen: bigint('id_almacen', { mode: 'number' }),
    /** { "<IdProducto>": "<quantity out>" } currently taken out of `movido_almacen`. */
    movido: jsonb('movido').notNull().default(sql`'{}'::jsonb`),
    movidoAlmacen: bigint('movido_almacen', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'stock_documentos_venta_pk', columns: [t.empresaId, t.idDocumento] }),
    foreignKey({
      name: 'stock_documentos_venta_doc_fk',
      columns: [t.empresaId, t.idDocumento],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'stock_documentos_venta_almacen_fk',
      columns: [t.empresaId, t.idAlmacen],
      foreignColumns: [col(almacenesTable, 'empresaId'), col(almacenesTable, 'Id')],
    }),
  ],
);
