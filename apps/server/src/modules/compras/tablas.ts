import { boolean, foreignKey, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dia, empresaId, ref } from '../../platform/db/columns.ts';
import { ficheros } from '../configuracion/tablas.ts';
import { documentosCompra } from '../documentos/tablasCompra.ts';

/**
 * Purchases. `datos_compra`: a received invoice's or expense's own data, one row per purchase document
 * (the engine's header `documentos_compra` holds what both sides share): the dates of the books, the kind of
 * operation (interior, intra-EU, reverse charge, import with its DUA), the buyer's VAT figures (non-deductible %,
 * self-assessed rate), the IRPF key (models 111 / 115), the totals typed from the supplier's paper and whether their
 * difference was accepted, the attached original (a `ficheros` row), and the expense's quick fields (a free
 * supplier name, the concept, the accounting category). Immutable once its invoice is registered (migration
 * `compras_inmutables`), except the attachment.
 */
export const datosCompra = pgTable(
  'datos_compra',
  {
    empresaId: empresaId(),
    idDocumento: ref('id_documento').notNull(),
    fechaContable: dia('fecha_contable'),
    fechaDeduccion: dia('fecha_deduccion'),
    operacion: text('operacion').notNull().default('interior'),
    dua: text('dua'),
    porcNoDeducible: numeric('porc_no_deducible', { precision: 5, scale: 2 }).notNull().default('0'),
    porcAutoliquidacion: numeric('porc_autoliquidacion', { precision: 5, scale: 2 }),
    claveRetencion: text('clave_retencion'),
    basePapel: numeric('base_papel', { precision: 16, scale: 2 }),
    ivaPapel: numeric('iva_papel', { precision: 16, scale: 2 }),
    totalPapel: numeric('total_papel', { precision: 16, scale: 2 }),
    aceptarDiferencia: boolean('aceptar_diferencia').notNull().default(false),
    /** Booked from a per-rate breakdown (no real lines): each line is one rate's base. */
    sinLineas: boolean('sin_lineas').notNull().default(false),
    nombreLibre: text('nombre_libre'),
    concepto: text('concepto'),
    categoria: text('categoria'),
    idFichero: ref('id_fichero'),
  },
  (c) => [
    primaryKey({ name: 'datos_compra_pk', columns: [c.empresaId, c.idDocumento] }),
    foreignKey({
      name: 'datos_compra_doc_fk',
      columns: [c.empresaId, c.idDocumento],
      foreignColumns: [documentosCompra.empresaId, documentosCompra.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'datos_compra_fichero_fk',
      columns: [c.empresaId, c.idFichero],
      foreignColumns: [ficheros.empresaId, ficheros.id],
    }),
  ],
);
