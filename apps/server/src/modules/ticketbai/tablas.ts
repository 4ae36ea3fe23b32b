import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { empresaId, ref } from '../../platform/db/columns.ts';
import * as fiscal from '../registrosFiscales/tablas.ts';

/**
 * TicketBAI records and LROE. TicketBAI files are append-only (the custom migration after this table's refuses
 * UPDATE/DELETE/TRUNCATE of `ticketbai_registros`); what changes while a file travels to the Diputación lives in
 * `ticketbai_cola`. The chain head of each series (locked FOR UPDATE while a file is generated) is
 * `ticketbai_cadena`. The company's certificate is the fiscal channels' store (verifactu_config, encrypted at
 * rest). Re-exported by schema.ts (drizzle-kit) and platform/tenancy/tables.ts (what modules may import).
 */

/** Software licence, device, environment and destination per company (defaults when there is no row). */
export const ticketbaiConfig = fiscal.tablaConfig('ticketbai_config', {
  licencia: text('licencia'),
  nifDesarrollador: text('nif_desarrollador'),
  nombreSoftware: text('nombre_software'),
  version: text('version'),
  dispositivo: text('dispositivo'),
  entorno: fiscal.entornoConfig(),
  /** Send to the Diputación's real endpoint of `entorno`; otherwise to `url` (the local simulator) or nowhere. */
  envioReal: boolean('envio_real').notNull().default(false),
  url: text('url'),
  /** Bizkaia LROE: '240' (companies) or '140' (individuals). */
  modeloLroe: text('modelo_lroe').notNull().default('240'),
});

/** Chain head per series: the last file's identification and the first 100 characters of its SignatureValue. */
export const ticketbaiCadena = pgTable(
  'ticketbai_cadena',
  {
    empresaId: empresaId(),
    serie: text('serie').notNull(),
    secuencia: integer('secuencia').notNull().default(0),
    ultimoId: ref('ultimo_id'),
    ultimoNumero: text('ultimo_numero'),
    ultimaFecha: text('ultima_fecha'),
    ultimaFirma: text('ultima_firma'),
  },
  (t) => [fiscal.pkCadena('ticketbai_cadena', t, t.serie)],
);

/** Signed TicketBAI files (alta, anulación): immutable, the XML stored exactly as signed. */
export const ticketbaiRegistros = fiscal.tablaRegistros('ticketbai_registros', 'serie', {
  /** 'alta' | 'anulacion' */
  clase: text('clase').notNull(),
  provincia: text('provincia').notNull(),
  idDocumento: ref('id_documento'),
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
  xml: text('xml').notNull(),
});

/** The Diputación's answer in a queue row: its code and text, the registration number / CSV it returned. */
const respuestaDiputacion = () => ({
  codigoError: text('codigo_error'),
  numeroRegistro: text('numero_registro'),
});

/** Queue state of each file: generado | enviado | conerrores | rechazado | anulado. */
export const ticketbaiCola = fiscal.tablaCola('ticketbai_cola', 'idRegistro', {
  idRegistro: ref('id_registro').notNull(),
  ...respuestaDiputacion(),
});

/** Bizkaia LROE, received invoices (chapter 2): the send state of each registered purchase invoice. */
export const lroeRecibidas = fiscal.tablaCola('lroe_recibidas', 'idDocumento', {
  idDocumento: ref('id_documento').notNull(),
  ...respuestaDiputacion(),
});

/** The company's sender lease and last answer. */
export const ticketbaiEnvio = pgTable('ticketbai_envio', {
  empresaId: empresaId().primaryKey(),
  ...fiscal.turnoEnvio(),
});
