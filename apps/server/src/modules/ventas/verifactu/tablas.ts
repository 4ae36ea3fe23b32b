import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { empresaId, instante, ref } from '../../../platform/db/columns.ts';
import * as fiscal from '../../registrosFiscales/tablas.ts';

/**
 * VeriFactu. Records are append-only: migration 0008 installs triggers that refuse any UPDATE or DELETE of
 * `verifactu_registros`. What changes while a record travels to the AEAT lives apart, in `verifactu_cola`; the
 * chain head (one row per company and installation, locked FOR UPDATE while a record is generated) in
 * `verifactu_cadena`; the company's send state and sender lease in `verifactu_envio`. Re-exported by schema.ts
 * (drizzle-kit) and platform/tenancy/tables.ts (what modules may import).
 */

/** Configuration of the SistemaInformatico, the installation, the environment and the certificate per company. */
export const verifactuConfig = fiscal.tablaConfig('verifactu_config', {
  productorNombre: text('productor_nombre'),
  productorNif: text('productor_nif'),
  nombreSistema: text('nombre_sistema'),
  idSistema: text('id_sistema'),
  version: text('version'),
  numeroInstalacion: text('numero_instalacion'),
  /** The AEAT host of the QR and of the real endpoint. */
  entorno: fiscal.entornoConfig(),
  /** Send to the real AEAT endpoint of `entorno` (only when configured so). Otherwise `url` or nothing. */
  envioAeat: boolean('envio_aeat').notNull().default(false),
  /** Another endpoint (the local simulator); used when `envioAeat` is false. */
  url: text('url'),
  /**
   * The fiscal channels' certificate store (TicketBAI's too): the .p12/.pfx and its password, AES-256-GCM with a
   * key derived from the server secret (modules/registrosFiscales/certificado.ts).
   */
  certificado: text('certificado'),
  certificadoClave: text('certificado_clave'),
  certificadoNombre: text('certificado_nombre'),
  certificadoSubido: instante('certificado_subido'),
});

/** The chain head of (company, installation): the last record generated. */
export const verifactuCadena = pgTable(
  'verifactu_cadena',
  {
    empresaId: empresaId(),
    instalacion: text('instalacion').notNull(),
    ultimoId: ref('ultimo_id'),
    secuencia: integer('secuencia').notNull().default(0),
    ultimoRegistro: jsonb('ultimo_registro'),
  },
  (t) => [fiscal.pkCadena('verifactu_cadena', t, t.instalacion)],
);

/** Generated records (alta, anulación, subsanación): immutable, stored exactly as generated. */
export const verifactuRegistros = fiscal.tablaRegistros('verifactu_registros', 'instalacion', {
  instalacion: text('instalacion').notNull(),
  secuencia: integer('secuencia').notNull(),
  /** 'alta' | 'anulacion' | 'subsanacion' */
  clase: text('clase').notNull(),
  idDocumento: ref('id_documento'),
  numSerieFactura: text('num_serie_factura').notNull(),
  fechaExpedicion: text('fecha_expedicion').notNull(),
  tipoFactura: text('tipo_factura'),
  cuotaTotal: text('cuota_total'),
  importeTotal: text('importe_total'),
  huella: text('huella').notNull(),
  huellaAnterior: text('huella_anterior'),
  fechaHoraHuso: text('fecha_hora_huso').notNull(),
  registro: jsonb('registro').notNull(),
});

/** Queue state of each record (fventaverifactu): the only thing that changes after generation. */
export const verifactuCola = fiscal.tablaCola('verifactu_cola', 'idRegistro', {
  idRegistro: ref('id_registro').notNull(),
  loteMaximo: integer('lote_maximo'),
  retrasado: boolean('retrasado').notNull().default(false),
  codigoError: integer('codigo_error'),
  csv: text('csv'),
});

/** The company's send state (planner's EstadoEnvioEmpresa), the sender lease and the last answer. */
export const verifactuEnvio = pgTable('verifactu_envio', {
  empresaId: empresaId().primaryKey(),
  estado: jsonb('estado').notNull(),
  ...fiscal.turnoEnvio(),
});
