import { bigint, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tablasDocumento } from './documentTables.ts';
import { col } from './entityTable.ts';
import { clientesTable, conceptosmovsTable, tesoreriaTable } from './masterTables.ts';
import { empresas } from './platformTables.ts';

/**
 * Sales documents (issue 5): quotes, orders, delivery notes and invoices in one header table keyed by `tipo`, with
 * their lines — the sales side of the document tables (`documentTables.ts`, the same columns as purchases). The
 * customer's data is COPIED onto the header (an invoice keeps what it said). An issued invoice (a
 * factura/rectificativa/simplificada with a number) is immutable: migration 0006 installs triggers that refuse any
 * UPDATE/DELETE of it or its lines except the collection status and the cancellation (Estado → Anulada).
 */
export const { cabecera: documentosVenta, lineas: documentosVentaLineas } = tablasDocumento({
  lado: 'venta',
  tercero: 'cliente',
  terceroTable: clientesTable,
});

/**
 * Collections of issued invoices (`movstesoreriac`): full or partial, into a treasury account, by concept. Each
 * insert or delete recomputes the invoice's collection status (Pendiente / Cobrado parcialmente / Cobrado).
 * Properties are the API's names (CODE_STYLE: a row is its JSON).
 */
export const cobrosVenta = pgTable(
  'cobros_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    IdFactura: bigint('id_factura', { mode: 'number' }).notNull(),
    Fecha: date('fecha', { mode: 'string' }).notNull(),
    Importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
    IdTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    IdConcepto: bigint('id_concepto', { mode: 'number' }),
    Notas: text('notas'),
    CreadoEn: timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cobros_venta_pk', columns: [t.empresaId, t.Id] }),
    index('cobros_venta_factura_idx').on(t.empresaId, t.IdFactura),
    index('cobros_venta_lista_idx').on(t.empresaId, t.Fecha, t.Id),
    foreignKey({
      name: 'cobros_venta_factura_fk',
      columns: [t.empresaId, t.IdFactura],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
    foreignKey({
      name: 'cobros_venta_tesoreria_fk',
      columns: [t.empresaId, t.IdTesoreria],
      foreignColumns: [col(tesoreriaTable, 'empresaId'), col(tesoreriaTable, 'Id')],
    }),
    foreignKey({
      name: 'cobros_venta_concepto_fk',
      columns: [t.empresaId, t.IdConcepto],
      foreignColumns: [col(conceptosmovsTable, 'empresaId'), col(conceptosmovsTable, 'Id')],
    }),
  ],
);
