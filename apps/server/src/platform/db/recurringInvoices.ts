import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientesTable, fpagoTable, proveedoresTable, seriesTable } from '../../modules/tablasMaestras.ts';
import { col, type EntityTable } from './entityTable.ts';
import { correosSalida, empresas } from './platformTables.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

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
  const plantillas = pgTable(
    n,
    {
      empresaId: bigint('empresa_id', { mode: 'number' })
        .notNull()
        .references(() => empresas.id),
      Id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
      Descripcion: text('descripcion').notNull(),
      IdTercero: bigint(`id_${o.tercero}`, { mode: 'number' }).notNull(),
      Serie: bigint('id_serie', { mode: 'number' }),
      IdFormaPago: bigint('id_forma_pago', { mode: 'number' }),
      Observaciones: text('observaciones'),
      PorcRetencion: numeric('porc_retencion', { precision: 5, scale: 2 }).notNull().default('0'),
      Periodicidad: text('periodicidad').notNull(),
      FechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
      ProximaFecha: date('proxima_fecha', { mode: 'string' }).notNull(),
      FechaFin: date('fecha_fin', { mode: 'string' }),
      Accion: text('accion').notNull(),
      Baja: boolean('baja').notNull().default(false),
      /** The last period generated (its date) and the last generation error (cleared by the next success). */
      UltimoPeriodo: date('ultimo_periodo', { mode: 'string' }),
      UltimoError: text('ultimo_error'),
      /** Totals of the lines with the party's current regime, for the list (recomputed on save). */
      BaseImponible: numeric('base_imponible', { precision: 16, scale: 2 }).notNull().default('0'),
      Total: numeric('total', { precision: 16, scale: 2 }).notNull().default('0'),
      CreadoEn: ts('creado_en').notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ name: `${n}_pk`, columns: [t.empresaId, t.Id] }),
      index(`${n}_proxima_idx`).on(t.empresaId, t.Baja, t.ProximaFecha),
      foreignKey({
        name: `${n}_${o.tercero}_fk`,
        columns: [t.empresaId, t.IdTercero],
        foreignColumns: [col(o.terceroTable, 'empresaId'), col(o.terceroTable, 'Id')],
      }),
      foreignKey({
        name: `${n}_serie_fk`,
        columns: [t.empresaId, t.Serie],
        foreignColumns: [col(seriesTable, 'empresaId'), col(seriesTable, 'Id')],
      }),
      foreignKey({
        name: `${n}_fpago_fk`,
        columns: [t.empresaId, t.IdFormaPago],
        foreignColumns: [col(fpagoTable, 'empresaId'), col(fpagoTable, 'Id')],
      }),
    ],
  );

  const lineas = pgTable(
    `${n}_lineas`,
    {
      empresaId: bigint('empresa_id', { mode: 'number' }).notNull(),
      IdPlantilla: bigint('id_plantilla', { mode: 'number' }).notNull(),
      Orden: integer('orden').notNull(),
      IdProducto: bigint('id_producto', { mode: 'number' }),
      Descripcion: text('descripcion').notNull(),
      Cantidad: numeric('cantidad', { precision: 16, scale: 3 }).notNull(),
      Precio: numeric('precio', { precision: 18, scale: 6 }).notNull(),
      Descuento: numeric('descuento', { precision: 5, scale: 2 }).notNull().default('0'),
      TipoIva: text('tipo_iva').notNull(),
    },
    (t) => [
      primaryKey({ name: `${n}_lineas_pk`, columns: [t.empresaId, t.IdPlantilla, t.Orden] }),
      foreignKey({
        name: `${n}_lineas_plantilla_fk`,
        columns: [t.empresaId, t.IdPlantilla],
        foreignColumns: [plantillas.empresaId, plantillas.Id],
      }).onDelete('cascade'),
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
      empresaId: bigint('empresa_id', { mode: 'number' }).notNull(),
      IdPlantilla: bigint('id_plantilla', { mode: 'number' }).notNull(),
      Periodo: date('periodo', { mode: 'string' }).notNull(),
      IdFactura: bigint('id_factura', { mode: 'number' }).notNull(),
      GeneradaEn: ts('generada_en').notNull().defaultNow(),
      /** E-mail mode: when the mail was queued (outbox) and why it could not be (no address…). */
      EnviadaEn: ts('enviada_en'),
      ErrorEnvio: text('error_envio'),
    },
    (t) => [
      primaryKey({ name: `${g}_pk`, columns: [t.empresaId, t.IdPlantilla, t.Periodo] }),
      index(`${g}_factura_idx`).on(t.empresaId, t.IdFactura),
      foreignKey({
        name: `${g}_plantilla_fk`,
        columns: [t.empresaId, t.IdPlantilla],
        foreignColumns: [plantillas.empresaId, plantillas.Id],
      }),
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

/**
 * Background jobs (platform/jobs): one row per named job with its schedule. `proxima_ejecucion` survives restarts;
 * the runner holds a PostgreSQL advisory lock while it runs, so one runner at a time executes a job.
 */
export const trabajos = pgTable('trabajos', {
  nombre: text('nombre').primaryKey(),
  intervaloSegundos: integer('intervalo_segundos').notNull(),
  proximaEjecucion: ts('proxima_ejecucion').notNull().defaultNow(),
  ultimaEjecucion: ts('ultima_ejecucion'),
  ultimaDuracionMs: integer('ultima_duracion_ms'),
  ultimoResultado: text('ultimo_resultado'),
  ultimoError: text('ultimo_error'),
  ejecuciones: integer('ejecuciones').notNull().default(0),
});

/** Attachments of outbox mails (the platform mailer stores them beside `correos_salida`). */
export const correosSalidaAdjuntos = pgTable(
  'correos_salida_adjuntos',
  {
    correoId: bigint('correo_id', { mode: 'number' })
      .notNull()
      .references(() => correosSalida.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    contenido: bytea('contenido').notNull(),
  },
  (t) => [primaryKey({ name: 'correos_salida_adjuntos_pk', columns: [t.correoId, t.orden] })],
);
