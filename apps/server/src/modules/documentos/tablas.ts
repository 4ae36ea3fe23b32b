import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creadoEn, dia, empresaId, idIdentidad, instante, ref } from '../../platform/db/columns.ts';
import { col, type EntityTable } from '../../platform/db/entityTable.ts';
import { almacenesTable, productosTable } from '../catalogo/tablas.ts';
import { fpagoTable, seriesTable } from '../configuracion/tablas.ts';
import { comercialesTable } from '../rrhh/tablas.ts';

/** What makes one side's document tables: their name (`documentos_<lado>`) and the party (customer, supplier). */
export interface LadoTablas {
  /** `venta` → documentos_venta, documentos_venta_lineas, stock_documentos_venta. */
  lado: string;
  /** The party's column prefix (`cliente` → id_cliente, cliente_nombre…) and its master table. */
  tercero: string;
  terceroTable: EntityTable;
}

/**
 * The document tables of one side (one engine, two sides): a header table for every kind of the side
 * (keyed by `tipo`) and its lines, with the SAME column set and the same Drizzle properties on every side, so the
 * document engine (`modules/documentos`) works on either. Only the party's columns are named after it (id_cliente
 * / id_proveedor…); their properties are neutral (`idTercero`, `terceroNombre`…). The function is not generic on
 * purpose: every side gets the very same TypeScript type (`TablasDocumento`).
 */
export function tablasDocumento(o: LadoTablas) {
  const t = `documentos_${o.lado}`;
  const p = o.tercero;
  const cabecera = pgTable(
    t,
    {
      empresaId: empresaId(),
      id: idIdentidad(),
      tipo: text('tipo').notNull(),
      fecha: dia('fecha').notNull(),
      idSerie: ref('id_serie'),
      anyo: integer('anyo'),
      numero: integer('numero'),
      numSerie: text('num_serie'),
      estado: text('estado').notNull(),
      facturado: boolean('facturado').notNull().default(false),
      /** Collection (sales) or payment (purchases) status of an invoice. */
      estadoCobro: text('estado_cobro'),
      idTercero: bigint(`id_${p}`, { mode: 'number' }).notNull(),
      terceroNombre: text(`${p}_nombre`).notNull(),
      terceroNif: text(`${p}_nif`),
      terceroDireccion: text(`${p}_direccion`),
      terceroCodPostal: text(`${p}_cod_postal`),
      terceroPoblacion: text(`${p}_poblacion`),
      terceroProvincia: text(`${p}_provincia`),
      terceroPais: text(`${p}_pais`),
      /** The party's own number and date of the document: a received invoice's supplier number (purchases). */
      numTercero: text('num_tercero'),
      fechaTercero: dia('fecha_tercero'),
      regimenIva: text('regimen_iva'),
      direccionEnvio: text('direccion_envio'),
      idCentro: ref('id_centro'),
      idFormaPago: ref('id_forma_pago'),
      idComercial: ref('id_comercial'),
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
      idRectificada: ref('id_rectificada'),
      tipoRectificativa: text('tipo_rectificativa'),
      modoRectificativa: text('modo_rectificativa'),
      emitidaEn: instante('emitida_en'),
      creadoEn: creadoEn(),
    },
    (c) => [
      primaryKey({ name: `${t}_pk`, columns: [c.empresaId, c.id] }),
      index(`${t}_lista_idx`).on(c.empresaId, c.tipo, c.fecha, c.id),
      // The invoice list spans several kinds (tipo IN …): ordered by date it needs the date right after the company.
      index(`${t}_fecha_idx`).on(c.empresaId, c.fecha, c.id),
      // Status filters of the list: the page in date order and the capped count (index-only, tipo carried) read only
      // matching rows, however rare the status (1 % cancelled used to count through the whole company).
      index(`${t}_estado_idx`).on(c.empresaId, c.estado, c.fecha, c.id, c.tipo),
      index(`${t}_estado_cobro_idx`).on(c.empresaId, c.estadoCobro, c.fecha, c.id, c.tipo),
      index(`${t}_${p}_idx`).on(c.empresaId, c.idTercero, c.fecha),
      uniqueIndex(`${t}_numero_uq`).on(c.empresaId, c.idSerie, c.anyo, c.numero),
      // The lists' Buscar (ILIKE '%…%' on number, party name and NIF): trigram GIN indexes of the text alone, like
      // the master data's (platform/db/entityTable.ts, trigramIndexes); the company and kind are checked on the few matching rows. New entries
      // go to a small pending list (256 kB), not straight into the posting trees that concurrent issuers fight over
      // (migration 0038): an insert that fills it moves it in one batch, with or without autovacuum.
      // The supplier's own number is searched on the purchases side only (repositorio.ts `columnasBuscar`).
      ...(
        ['numSerie', 'terceroNombre', 'terceroNif', ...(o.lado === 'compra' ? (['numTercero'] as const) : [])] as const
      ).map((f) =>
        index(`${t}_${c[f].name}_trgm`)
          .using('gin', c[f].op('gin_trgm_ops'))
          .with({ fastupdate: true, gin_pending_list_limit: 256 }),
      ),
      foreignKey({
        name: `${t}_${p}_fk`,
        columns: [c.empresaId, c.idTercero],
        foreignColumns: [col(o.terceroTable, 'empresaId'), col(o.terceroTable, 'Id')],
      }),
      foreignKey({
        name: `${t}_serie_fk`,
        columns: [c.empresaId, c.idSerie],
        foreignColumns: [col(seriesTable, 'empresaId'), col(seriesTable, 'Id')],
      }),
      foreignKey({
        name: `${t}_fpago_fk`,
        columns: [c.empresaId, c.idFormaPago],
        foreignColumns: [col(fpagoTable, 'empresaId'), col(fpagoTable, 'Id')],
      }),
      foreignKey({
        name: `${t}_comercial_fk`,
        columns: [c.empresaId, c.idComercial],
        foreignColumns: [col(comercialesTable, 'empresaId'), col(comercialesTable, 'Id')],
      }),
    ],
  );

  const lineas = pgTable(
    `${t}_lineas`,
    {
      empresaId: empresaId(),
      id: idIdentidad(),
      idDocumento: ref('id_documento').notNull(),
      orden: integer('orden').notNull(),
      idProducto: ref('id_producto'),
      descripcion: text('descripcion').notNull(),
      cantidad: numeric('cantidad', { precision: 16, scale: 3 }).notNull(),
      precio: numeric('precio', { precision: 18, scale: 6 }).notNull(),
      descuento: numeric('descuento', { precision: 5, scale: 2 }).notNull().default('0'),
      tipoIva: text('tipo_iva').notNull(),
      porcIva: numeric('porc_iva', { precision: 5, scale: 2 }).notNull().default('0'),
      porcRecargo: numeric('porc_recargo', { precision: 5, scale: 2 }).notNull().default('0'),
      importe: numeric('importe', { precision: 16, scale: 2 }).notNull().default('0'),
      lote: text('lote'),
      caducidad: dia('caducidad'),
      /** The line of the document this one was converted from (quote → order → delivery note → invoice). */
      idLineaOrigen: ref('id_linea_origen'),
      /** Sales: the product's purchase price when the invoice was issued (the margin's cost); null before 0049. */
      coste: numeric('coste', { precision: 18, scale: 6 }),
    },
    (c) => [
      primaryKey({ name: `${t}_lineas_pk`, columns: [c.empresaId, c.id] }),
      index(`${t}_lineas_doc_idx`).on(c.empresaId, c.idDocumento, c.orden),
      index(`${t}_lineas_origen_idx`).on(c.empresaId, c.idLineaOrigen),
      foreignKey({
        name: `${t}_lineas_doc_fk`,
        columns: [c.empresaId, c.idDocumento],
        foreignColumns: [cabecera.empresaId, cabecera.id],
      }),
      foreignKey({
        name: `${t}_lineas_producto_fk`,
        columns: [c.empresaId, c.idProducto],
        foreignColumns: [col(productosTable, 'empresaId'), col(productosTable, 'Id')],
      }),
    ],
  );
  return { cabecera, lineas };
}

/**
 * Stock moved by a document of a side (a sales delivery note sent or invoice issued takes goods out; a purchase
 * delivery note or registered invoice brings them in): the warehouse chosen on the header (IdAlmacen) and the
 * quantities moved, per product, so a later change (cancellation, an edit, a deletion) moves exactly the difference.
 */
export function tablaStockDocumento(lado: string, cabecera: TablaCabecera) {
  const t = `stock_documentos_${lado}`;
  return pgTable(
    t,
    {
      empresaId: empresaId(),
      idDocumento: ref('id_documento').notNull(),
      idAlmacen: ref('id_almacen'),
      /** { "<IdProducto>": "<quantity moved>" } currently moved in `movido_almacen`. */
      movido: jsonb('movido').notNull().default(sql`'{}'::jsonb`),
      movidoAlmacen: ref('movido_almacen'),
    },
    (c) => [
      primaryKey({ name: `${t}_pk`, columns: [c.empresaId, c.idDocumento] }),
      foreignKey({
        name: `${t}_doc_fk`,
        columns: [c.empresaId, c.idDocumento],
        foreignColumns: [cabecera.empresaId, cabecera.id],
      }).onDelete('cascade'),
      foreignKey({
        name: `${t}_almacen_fk`,
        columns: [c.empresaId, c.idAlmacen],
        foreignColumns: [col(almacenesTable, 'empresaId'), col(almacenesTable, 'Id')],
      }),
    ],
  );
}
export type TablaStock = ReturnType<typeof tablaStockDocumento>;

export type TablasDocumento = ReturnType<typeof tablasDocumento>;
export type TablaCabecera = TablasDocumento['cabecera'];
export type TablaLineas = TablasDocumento['lineas'];
export type Cabecera = TablaCabecera['$inferSelect'];
export type Linea = TablaLineas['$inferSelect'];
