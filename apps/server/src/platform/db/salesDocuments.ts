import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { col } from './entityTable.ts';
import {
  clientesTable,
  comercialesTable,
  conceptosmovsTable,
  fpagoTable,
  productosTable,
  seriesTable,
  tesoreriaTable,
} from './masterTables.ts';
import { empresas } from './platformTables.ts';

/**
 * Sales documents (issue 5): quotes, orders, delivery notes and invoices in one header table keyed by `tipo`, with
 * their lines. The customer's data is COPIED onto the header (an invoice keeps what it said). An issued invoice
 * (a factura/rectificativa/simplificada with a number) is immutable: migration 0006 installs triggers that refuse
 * any UPDATE/DELETE of it or its lines except the collection status and the cancellation (Estado → Anulada).
 */
export const documentosVenta = pgTable(
  'documentos_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tipo: text('tipo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idSerie: bigint('id_serie', { mode: 'number' }),
    anyo: integer('anyo'),
    numero: integer('numero'),
    numSerie: text('num_serie'),
    estado: text('estado').notNull(),
    facturado: boolean('facturado').notNull().default(false),
    estadoCobro: text('estado_cobro'),
    idCliente: bigint('id_cliente', { mode: 'number' }).notNull(),
    clienteNombre: text('cliente_nombre').notNull(),
    clienteNif: text('cliente_nif'),
    clienteDireccion: text('cliente_direccion'),
    clienteCodPostal: text('cliente_cod_postal'),
    clientePoblacion: text('cliente_poblacion'),
    clienteProvincia: text('cliente_provincia'),
    clientePais: text('cliente_pais'),
    regimenIva: text('regimen_iva'),
    direccionEnvio: text('direccion_envio'),
    idCentro: bigint('id_centro', { mode: 'number' }),
    idFormaPago: bigint('id_forma_pago', { mode: 'number' }),
    idComercial: bigint('id_comercial', { mode: 'number' }),
    observaciones: text('observaciones'),
    txtLibre1: text('txt_libre1'),
    txtLibre2: text('txt_libre2'),
    txtLibre3: text('txt_libre3'),
    porcRetencion: numeric('porc_retencion', { precision: 5, scale: 2 }).notNull().default('0'),
    baseImponible: numeric('base_imponible', { precision: 16, scale: 2 }).notNull().default('0'),
    totalIva: numeric('total_iva', { precision: 16, scale: 2 }).notNull().default('0'),
    totalRecargo: numeric('total_recargo', { precision: 16, scale: 2 }).notNull().default('0'),
    totalRetencion: numeric('total_retencion', { precision: 16, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 16, scale: 2 }).notNull().default('0'),
    desglose: jsonb('desglose').notNull().default(sql`'[]'::jsonb`),
    /** Corrective invoices: the invoice they rectify, R1–R5 and S (substitution) / I (difference). */
    idRectificada: bigint('id_rectificada', { mode: 'number' }),
    tipoRectificativa: text('tipo_rectificativa'),
    modoRectificativa: text('modo_rectificativa'),
    emitidaEn: timestamp('emitida_en', { withTimezone: true, mode: 'string' }),
    creadoEn: timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'documentos_venta_pk', columns: [t.empresaId, t.id] }),
    index('documentos_venta_lista_idx').on(t.empresaId, t.tipo, t.fecha, t.id),
    // The invoice list spans three kinds (tipo IN …): ordered by date it needs the date right after the company.
    index('documentos_venta_fecha_idx').on(t.empresaId, t.fecha, t.id),
    // Status filters of the list: the page in date order and the capped count (index-only, tipo carried) read only
    // matching rows, however rare the status (1 % cancelled used to count through the whole company).
    index('documentos_venta_estado_idx').on(t.empresaId, t.estado, t.fecha, t.id, t.tipo),
    index('documentos_venta_estado_cobro_idx').on(t.empresaId, t.estadoCobro, t.fecha, t.id, t.tipo),
    index('documentos_venta_cliente_idx').on(t.empresaId, t.idCliente, t.fecha),
    uniqueIndex('documentos_venta_numero_uq').on(t.empresaId, t.idSerie, t.anyo, t.numero),
    // The lists' Buscar (ILIKE '%…%' on number, customer name and NIF): trigram GIN indexes of the text alone, like
    // the master data's (masterTables.ts); the company and kind are checked on the few matching rows.
    ...(['numSerie', 'clienteNombre', 'clienteNif'] as const).map((f) =>
      index(`documentos_venta_${t[f].name}_trgm`).using('gin', t[f].op('gin_trgm_ops')).with({ fastupdate: false }),
    ),
    foreignKey({
      name: 'documentos_venta_cliente_fk',
      columns: [t.empresaId, t.idCliente],
      foreignColumns: [col(clientesTable, 'empresaId'), col(clientesTable, 'Id')],
    }),
    foreignKey({
      name: 'documentos_venta_serie_fk',
      columns: [t.empresaId, t.idSerie],
      foreignColumns: [col(seriesTable, 'empresaId'), col(seriesTable, 'Id')],
    }),
    foreignKey({
      name: 'documentos_venta_fpago_fk',
      columns: [t.empresaId, t.idFormaPago],
      foreignColumns: [col(fpagoTable, 'empresaId'), col(fpagoTable, 'Id')],
    }),
    foreignKey({
      name: 'documentos_venta_comercial_fk',
      columns: [t.empresaId, t.idComercial],
      foreignColumns: [col(comercialesTable, 'empresaId'), col(comercialesTable, 'Id')],
    }),
  ],
);

export const documentosVentaLineas = pgTable(
  'documentos_venta_lineas',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    idDocumento: bigint('id_documento', { mode: 'number' }).notNull(),
    orden: integer('orden').notNull(),
    idProducto: bigint('id_producto', { mode: 'number' }),
    descripcion: text('descripcion').notNull(),
    cantidad: numeric('cantidad', { precision: 16, scale: 3 }).notNull(),
    precio: numeric('precio', { precision: 18, scale: 6 }).notNull(),
    descuento: numeric('descuento', { precision: 5, scale: 2 }).notNull().default('0'),
    tipoIva: text('tipo_iva').notNull(),
    porcIva: numeric('porc_iva', { precision: 5, scale: 2 }).notNull().default('0'),
    porcRecargo: numeric('porc_recargo', { precision: 5, scale: 2 }).notNull().default('0'),
    importe: numeric('importe', { precision: 16, scale: 2 }).notNull().default('0'),
    lote: text('lote'),
    caducidad: date('caducidad', { mode: 'string' }),
    /** The line of the document this one was converted from (quote → order → delivery note → invoice). */
    idLineaOrigen: bigint('id_linea_origen', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'documentos_venta_lineas_pk', columns: [t.empresaId, t.id] }),
    index('documentos_venta_lineas_doc_idx').on(t.empresaId, t.idDocumento, t.orden),
    index('documentos_venta_lineas_origen_idx').on(t.empresaId, t.idLineaOrigen),
    foreignKey({
      name: 'documentos_venta_lineas_doc_fk',
      columns: [t.empresaId, t.idDocumento],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
    foreignKey({
      name: 'documentos_venta_lineas_producto_fk',
      columns: [t.empresaId, t.idProducto],
      foreignColumns: [col(productosTable, 'empresaId'), col(productosTable, 'Id')],
    }),
  ],
);

/**
 * Collections of issued invoices (`movstesoreriac`): full or partial, into a treasury account, by concept. Each
 * insert or delete recomputes the invoice's collection status (Pendiente / Cobrado parcialmente / Cobrado).
 */
export const cobrosVenta = pgTable(
  'cobros_venta',
  {
    empresaId: bigint('empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    idFactura: bigint('id_factura', { mode: 'number' }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    importe: numeric('importe', { precision: 16, scale: 2 }).notNull(),
    idTesoreria: bigint('id_tesoreria', { mode: 'number' }).notNull(),
    idConcepto: bigint('id_concepto', { mode: 'number' }),
    notas: text('notas'),
    creadoEn: timestamp('creado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cobros_venta_pk', columns: [t.empresaId, t.id] }),
    index('cobros_venta_factura_idx').on(t.empresaId, t.idFactura),
    index('cobros_venta_lista_idx').on(t.empresaId, t.fecha, t.id),
    foreignKey({
      name: 'cobros_venta_factura_fk',
      columns: [t.empresaId, t.idFactura],
      foreignColumns: [documentosVenta.empresaId, documentosVenta.id],
    }),
    foreignKey({
      name: 'cobros_venta_tesoreria_fk',
      columns: [t.empresaId, t.idTesoreria],
      foreignColumns: [col(tesoreriaTable, 'empresaId'), col(tesoreriaTable, 'Id')],
    }),
    foreignKey({
      name: 'cobros_venta_concepto_fk',
      columns: [t.empresaId, t.idConcepto],
      foreignColumns: [col(conceptosmovsTable, 'empresaId'), col(conceptosmovsTable, 'Id')],
    }),
  ],
);
