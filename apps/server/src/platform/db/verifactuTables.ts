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
 * VeriFactu. Records are append-only: migration 0008 installs triggers that refuse any UPDATE or DELETE of
 * `verifactu_registros`. What changes while a record travels to the AEAT lives apart, in `verifactu_cola`; the
 * chain head (one row per company and installation, locked FOR UPDATE while a record is generated) in
 * `verifactu_cadena`; the company's send state and sender lease in `verifactu_envio`.
 */
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Configuration of the SistemaInformatico, the installation, the environment and the certificate per company. */
export const verifactuConfig = pgTable('verifactu_config', {
  empresaId: empresaId().primaryKey(),
  productorNombre: text('productor_nombre'),
  productorNif: text('productor_nif'),
  nombreSistema: text('nombre_sistema'),
  idSistema: text('id_sistema'),
  version: text('version'),
  numeroInstalacion: text('numero_instalacion'),
  /** 'pruebas' | 'produccion': the AEAT host of the QR and of the real endpoint. */
  entorno: text('entorno').notNull().default('pruebas'),
  /** Send to the real AEAT endpoint of `entorno` (only when configured so). Otherwise `url` or nothing. */
  envioAeat: boolean('envio_aeat').notNull().default(false),
  /** Another endpoint (the local simulator); used when `envioAeat` is false. */
  url: text('url'),
  /** The .p12/.pfx and its password, AES-256-GCM with a key derived from the server secret. */
  certificado: text('certificado'),
  certificadoClave: text('certificado_clave'),
  certificadoNombre: text('certificado_nombre'),
  certificadoSubido: ts('certificado_subido'),
  actualizado: ts('actualizado').notNull().defaultNow(),
});

/** The chain head of (company, installation): the last record generated. */
export const verifactuCadena = pgTable(
  'verifactu_cadena',
  {
    empresaId: empresaId(),
    instalacion: text('instalacion').notNull(),
    ultimoId: bigint('ultimo_id', { mode: 'number' }),
    secuencia: integer('secuencia').notNull().default(0),
    ultimoRegistro: jsonb('ultimo_registro'),
  },
  (t) => [primaryKey({ name: 'verifactu_cadena_pk', columns: [t.empresaId, t.instalacion] })],
);

/** Generated records (alta, anulación, subsanación): immutable, stored exactly as generated. */
export const verifactuRegistros = pgTable(
  'verifactu_registros',
  {
    empresaId: empresaId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    instalacion: text('instalacion').notNull(),
    secuencia: integer('secuencia').notNull(),
    /** 'alta' | 'anulacion' | 'subsanacion' */
    clase: text('clase').notNull(),
    idDocumento: bigint('id_documento', { mode: 'number' }),
    numSerieFactura: text('num_serie_factura').notNull(),
    fechaExpedicion: text('fecha_expedicion').notNull(),
    tipoFactura: text('tipo_factura'),
    cuotaTotal: text('cuota_total'),
    importeTotal: text('importe_total'),
    huella: text('huella').notNull(),
    huellaAnterior: text('huella_anterior'),
    fechaHoraHuso: text('fecha_hora_huso').notNull(),
    registro: jsonb('registro').notNull(),
    urlQr: text('url_qr'),
    creado: ts('creado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'verifactu_registros_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('verifactu_registros_secuencia_uq').on(t.empresaId, t.instalacion, t.secuencia),
    index('verifactu_registros_documento_idx').on(t.empresaId, t.idDocumento),
  ],
);

/** Queue state of each record (fventaverifactu): the only thing that changes after generation. */
export const verifactuCola = pgTable(
  'verifactu_cola',
  {
    empresaId: empresaId(),
    idRegistro: bigint('id_registro', { mode: 'number' }).notNull(),
    /** generado | enviado | conerrores | rechazado | anulado */
    estado: text('estado').notNull().default('generado'),
    intentos: integer('intentos').notNull().default(0),
    noAntesDe: bigint('no_antes_de', { mode: 'number' }),
    loteMaximo: integer('lote_maximo'),
    retrasado: boolean('retrasado').notNull().default(false),
    codigoError: integer('codigo_error'),
    descripcionError: text('descripcion_error'),
    csv: text('csv'),
    enviado: ts('enviado'),
    actualizado: ts('actualizado').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'verifactu_cola_pk', columns: [t.empresaId, t.idRegistro] }),
    index('verifactu_cola_estado_idx').on(t.empresaId, t.estado),
  ],
);

/** The company's send state (planner's EstadoEnvioEmpresa), the sender lease and the last answer. */
export const verifactuEnvio = pgTable('verifactu_envio', {
  empresaId: empresaId().primaryKey(),
  estado: jsonb('estado').notNull(),
  /** One sender per company: whoever holds an unexpired lease. */
  bloqueadoPor: text('bloqueado_por'),
  bloqueadoHasta: ts('bloqueado_hasta'),
  ultimoEnvio: ts('ultimo_envio'),
  ultimoResultado: jsonb('ultimo_resultado'),
});
