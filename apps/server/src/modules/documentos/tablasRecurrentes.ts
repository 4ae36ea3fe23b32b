import { bigint, boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { creadoEn, dia, fkEmpresa, instante, ref, tablaEmpresa } from '../../platform/db/columns.ts';
import { col, type EntityTable } from '../../platform/db/entityTable.ts';
import { fpagoTable, seriesTable } from '../configuracion/tablas.ts';
import { clientesTable, proveedoresTable } from '../contactos/tablas.ts';

/** What makes one side's recurring-template tables: their names and the party (customer, supplier). */
export interface LadoTablasPlantilla {
  /** `plantillas_recurrentes` (sales), `plantillas_recurrentes_compra`; the lines table is `<plantillas>_lineas`. */
  plantillas: string;
  /** The generation log: `facturas_recurrentes_generadas`, `facturas_recurrentes_compra_generadas`. */
  generadas: string;
  /** The party's column (`cliente` → id_cliente) and its master table. */
  tercero: string;
  terceroTable: EntityTable;
}

/**
 * Recurring invoice templates of one side of the document engine (`fventarec`, `fcomprarec`): templates with their
 * lines, and the generation log keyed by (empresa_id, id_plantilla, periodo) so a period is generated at most once
 * whoever runs the generator and how often. Properties are the API's names (CODE_STYLE: a row is its JSON); the
 * party's column is named after it (id_cliente / id_proveedor) under the neutral `IdTercero` (JSON Cliente /
 * Proveedor, by the side's declaration). Not generic on purpose: both sides get the very same TypeScript type.
 */
export function tablasPlantilla(o: LadoTablasPlantilla) {
  const n = o.plantillas;
  const plantillas = tablaEmpresa(
    n,
    {
      Descripcion: text('descripcion').notNull(),
      IdTercero: bigint(`id_${o.tercero}`, { mode: 'number' }).notNull(),
      Serie: ref('id_serie'),
      IdFormaPago: ref('id_forma_pago'),
      Observaciones: text('observaciones'),
      PorcRetencion: numeric('porc_retencion', { precision: 5, scale: 2 }).notNull().default('0'),
      Periodicidad: text('periodicidad').notNull(),
      FechaInicio: dia('fecha_inicio').notNull(),
      ProximaFecha: dia('proxima_fecha').notNull(),
      FechaFin: dia('fecha_fin'),
      Accion: text('accion').notNull(),
      Baja: boolean('baja').notNull().default(false),
      /** The last period generated (its date) and the last generation error (cleared by the next success). */
      UltimoPeriodo: dia('ultimo_periodo'),
      UltimoError: text('ultimo_error'),
      /** Totals of the lines with the party's current regime, for the list (recomputed on save). */
      BaseImponible: numeric('base_imponible', { precision: 16, scale: 2 }).notNull().default('0'),
      Total: numeric('total', { precision: 16, scale: 2 }).notNull().default('0'),
      CreadoEn: creadoEn(),
    },
    (t) => [
      index(`${n}_proxima_idx`).on(t.empresaId, t.Baja, t.ProximaFecha),
      foreignKey({
        name: `${n}_${o.tercero}_fk`,
        columns: [t.empresaId, t.IdTercero],
        foreignColumns: [col(o.terceroTable, 'empresaId'), col(o.terceroTable, 'Id')],
      }),
      fkEmpresa(`${n}_serie_fk`, t, t.Serie, seriesTable),
      fkEmpresa(`${n}_fpago_fk`, t, t.IdFormaPago, fpagoTable),
    ],
  );

  const lineas = pgTable(
    `${n}_lineas`,
    {
      empresaId: ref('empresa_id').notNull(),
      IdPlantilla: ref('id_plantilla').notNull(),
      Orden: integer('orden').notNull(),
      IdProducto: ref('id_producto'),
      Descripcion: text('descripcion').notNull(),
      Cantidad: numeric('cantidad', { precision: 16, scale: 3 }).notNull(),
      Precio: numeric('precio', { precision: 18, scale: 6 }).notNull(),
      Descuento: numeric('descuento', { precision: 5, scale: 2 }).notNull().default('0'),
      TipoIva: text('tipo_iva').notNull(),
    },
    (t) => [
      primaryKey({ name: `${n}_lineas_pk`, columns: [t.empresaId, t.IdPlantilla, t.Orden] }),
      fkEmpresa(`${n}_lineas_plantilla_fk`, t, t.IdPlantilla, plantillas).onDelete('cascade'),
    ],
  );

  /**
   * One row per generated period: the primary key is the idempotency guard (INSERT … ON CONFLICT DO NOTHING). No
   * foreign key to the invoice: a generated draft may be deleted by the user and its period must still count as done.
   */
  const g = o.generadas;
  const generadas = pgTable(
    g,
    {
      empresaId: ref('empresa_id').notNull(),
      IdPlantilla: ref('id_plantilla').notNull(),
      Periodo: dia('periodo').notNull(),
      IdFactura: ref('id_factura').notNull(),
      GeneradaEn: instante('generada_en').notNull().defaultNow(),
      /** E-mail mode: when the mail was queued (outbox) and why it could not be (no address…). */
      EnviadaEn: instante('enviada_en'),
      ErrorEnvio: text('error_envio'),
    },
    (t) => [
      primaryKey({ name: `${g}_pk`, columns: [t.empresaId, t.IdPlantilla, t.Periodo] }),
      index(`${g}_factura_idx`).on(t.empresaId, t.IdFactura),
      fkEmpresa(`${g}_plantilla_fk`, t, t.IdPlantilla, plantillas),
    ],
  );
  return { plantillas, lineas, generadas };
}
export type TablasPlantilla = ReturnType<typeof tablasPlantilla>;

/** Recurring sales invoices (`fventarec`; SQL as in its first migration). */
export const {
  plantillas: plantillasRecurrentes,
  lineas: plantillasRecurrentesLineas,
  generadas: facturasRecurrentesGeneradas,
} = tablasPlantilla({
  plantillas: 'plantillas_recurrentes',
  generadas: 'facturas_recurrentes_generadas',
  tercero: 'cliente',
  terceroTable: clientesTable,
});

/** Recurring purchase invoices and expenses (`fcomprarec`, `fgastorec`). */
export const {
  plantillas: plantillasRecurrentesCompra,
  lineas: plantillasRecurrentesCompraLineas,
  generadas: facturasRecurrentesCompraGeneradas,
} = tablasPlantilla({
  plantillas: 'plantillas_recurrentes_compra',
  generadas: 'facturas_recurrentes_compra_generadas',
  tercero: 'proveedor',
  terceroTable: proveedoresTable,
});
