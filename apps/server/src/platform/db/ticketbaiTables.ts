// TicketBAI records and LROE. Company tables of this area: empresa_id first in every key (platform/db/schemaRules.test.ts). Re-exported by
// schema.ts (drizzle-kit) and platform/tenancy/tables.ts (what modules may import).
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { empresas } from './platformTables.ts';

/**
 * TicketBAI files are append-only (the custom migration after this table's refuses UPDATE/DELETE/TRUNCATE of
 * `ticketbai_registros`); what changes while a file travels to the Diputación lives in `ticketbai_cola`. The chain
 * head of each series (locked FOR UPDATE while a file is generated) is `ticketbai_cadena`. The company's certificate
 * is VeriFactu's store (verifactu_config, encrypted at rest).
 */
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Software licence, device, environment and destination per company (defaults when there is no row). */
export const ticketbaiConfig = pgTable('ticketbai_config', {
  empresaId: empresaId().primaryKey(),
  licencia: text('licencia'),
  nifDesarrollador: text('nif_desarrollador'),
  nombreSoftware: text('nombre_software'),
  version: text('version'),
  dispositivo: text('dispositivo'),
  /** 'pruebas' | 'produccion': QR host and real endpoints. */
  entorno: text('entorno').notNull().default('pruebas'),
  /** Send to the Diputación's real endpoint of `entorno`; otherwise to `url` (the local simulator) or nowhere. */
  envioReal: boolean('envio_real').notNull().default(false),
  url: text('url'),
  /** Bizkaia LROE: '240' (companies) or '140' (individuals). */
  modeloLroe: text('modelo_lroe').notNull().default('240'),
  actualizado: ts('actualizado').notNull().defaultNow(),
});

/** Chain head per series: the last file's identification and the first 100 characters of its SignatureValue. */
export const ticketbaiCadena = pgTable(
  'ticketbai_cadena',
  {
    empresaId: empresaId(),
    serie: text('serie').notNull(),
    secuencia: integer('secuencia').notNull().default(0),
    ultimoId: bigint('ultimo_id', { mode: 'number' }),
    ultimoNumero: text('ultimo_numero'),
    ultimaFecha: text('ultima_fecha'),
    ultimaFirma: text('ultima_firma'),
  },
  (t) => [primaryKey({ name: 'ticketbai_cadena_pk', columns: [t.empresaId, t.serie] })],
);

/** Signed TicketBAI files (alta, anulación): immutable, the XML stored exactly as signed. */
export const ticketbaiRegistros = pgTable(
  'ticketbai_registros',
  {
    empresaId: empresaId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** 'alta' | 'anulacion' */
    clase: text('clase').notNull(),
    provincia: text('provincia').notNull(),
    idDocumento: bigint('id_documento', { mode: 'number' }),
    serie: text('serie').notNull(),
    numero: text('numero').notNull(),
    /** yyyy-mm-dd */
    fecha: text('fecha').notNull(),
    /** Position in the series' chain (altas only). */
    secuencia: integer('secuencia'),
    identificador: text('identificador'),
    signatureValue: text('signature_value').notNull(),
    firmaAnterior: text('firma_anterior'),
    importeTotal: text('importe_total'),
    urlQr: text('url_qr'),
    xml: text('xml').notNull(),
    creado: ts('creado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketbai_registros_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('ticketbai_registros_secuencia_uq').on(t.empresaId, t.serie, t.secuencia),
    index('ticketbai_registros_documento_idx').on(t.empresaId, t.idDocumento),
  ],
);

/** Queue state of each file: generado | enviado | conerrores | rechazado | anulado. */
export const ticketbaiCola = pgTable(
  'ticketbai_cola',
  {
    empresaId: empresaId(),
    idRegistro: bigint('id_registro', { mode: 'number' }).notNull(),
    estado: text('estado').notNull().default('generado'),
    intentos: integer('intentos').notNull().default(0),
    /** Epoch ms before which the file is not retried (back-off). */
    noAntesDe: bigint('no_antes_de', { mode: 'number' }),
    codigoError: text('codigo_error'),
    descripcionError: text('descripcion_error'),
    /** Registration number / CSV the Diputación returned. */
    numeroRegistro: text('numero_registro'),
    enviado: ts('enviado'),
    actualizado: ts('actualizado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ticketbai_cola_pk', columns: [t.empresaId, t.idRegistro] }),
    index('ticketbai_cola_estado_idx').on(t.empresaId, t.estado),
  ],
);

/** Bizkaia LROE, received invoices (chapter 2): the send state of each registered purchase invoice. */
export const lroeRecibidas = pgTable(
  'lroe_recibidas',
  {
    empresaId: empresaId(),
    idDocumento: bigint('id_documento', { mode: 'number' }).notNull(),
    estado: text('estado').notNull().default('generado'),
    intentos: integer('intentos').notNull().default(0),
    noAntesDe: bigint('no_antes_de', { mode: 'number' }),
    codigoError: text('codigo_error'),
    descripcionError: text('descripcion_error'),
    numeroRegistro: text('numero_registro'),
    enviado: ts('enviado'),
    actualizado: ts('actualizado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'lroe_recibidas_pk', columns: [t.empresaId, t.idDocumento] }),
    index('lroe_recibidas_estado_idx').on(t.empresaId, t.estado),
  ],
);

/** The company's sender lease and last answer. */
export const ticketbaiEnvio = pgTable('ticketbai_envio', {
  empresaId: empresaId().primaryKey(),
  bloqueadoPor: text('bloqueado_por'),
  bloqueadoHasta: ts('bloqueado_hasta'),
  ultimoEnvio: ts('ultimo_envio'),
  ultimoResultado: jsonb('ultimo_resultado'),
});
