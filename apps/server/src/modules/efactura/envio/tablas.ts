import { bigint, boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { dia, empresaId, instante, ref } from '../../../platform/db/columns.ts';
import * as fiscal from '../../registrosFiscales/tablas.ts';

/**
 * Sending issued invoices as e-invoices. `efactura_config`: the company's default channel, the platforms' endpoints
 * (SPFE, a Peppol access point, FACe), when it started sending structured invoices (the readable PDF goes alongside
 * for its first 12 months), and the queue's send state and sender lease. `efactura_envios`: one row per issued
 * invoice and channel, shaped as every fiscal queue (`tablaCola`), with the platform's registry number and answer
 * and the status the customer reported on it (accepted, rejected with reason, paid with date).
 */
export const efacturaConfig = pgTable('efactura_config', {
  empresaId: empresaId().primaryKey(),
  /** The channel of a customer without one of its own: pdf_email | spfe | face | peppol | email_xml. */
  canalDefecto: text('canal_defecto').notNull().default('pdf_email'),
  /** The SPFE's endpoint (the AEAT's, or the local simulator's). */
  urlSpfe: text('url_spfe'),
  /** The Peppol access point's endpoint that carries the invoices (Faro is not an access point). */
  urlPeppol: text('url_peppol'),
  /** FACe's endpoint for providers. */
  urlFace: text('url_face'),
  /** First day the company sent structured invoices: the readable PDF goes alongside for 12 months from it. */
  inicioEfactura: dia('inicio_efactura'),
  /** The queue's send state (the planner's `EstadoEnvioEmpresa`). */
  estado: jsonb('estado'),
  ...fiscal.turnoEnvio(),
  actualizado: fiscal.actualizado(),
});

/**
 * One issued invoice on one channel: the queue's state (`tablaCola`'s columns), the platform's answer and the
 * customer's reported status; one row per invoice and channel, so issuing twice never queues it twice.
 */
export const efacturaEnvios = pgTable(
  'efactura_envios',
  {
    empresaId: empresaId(),
    idRegistro: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The issued invoice (documentos_venta). */
    idDocumento: ref('id_documento').notNull(),
    canal: text('canal').notNull(),
    /** The readable PDF went alongside the structured invoice. */
    conPdf: boolean('con_pdf').notNull().default(false),
    /** Largest message this row may travel in (halved after a refused message). */
    loteMaximo: integer('lote_maximo'),
    /** The platform's registry number of the invoice. */
    numeroRegistro: text('numero_registro'),
    codigoError: text('codigo_error'),
    /** The platform's last answer as received. */
    respuesta: jsonb('respuesta'),
    /** What the customer reported: aceptada | rechazada | pagada. */
    estadoCliente: text('estado_cliente'),
    /** The reported status's own date (the payment's date for pagada). */
    fechaEstadoCliente: dia('fecha_estado_cliente'),
    motivoEstadoCliente: text('motivo_estado_cliente'),
    /** When the platform was last asked for the customer's status. */
    consultado: instante('consultado'),
    creado: instante('creado').notNull().defaultNow(),
    ...fiscal.estadoCola(),
    ...fiscal.finCola(),
  },
  (t) => [
    ...fiscal.clavesCola('efactura_envios', t, t.idRegistro),
    uniqueIndex('efactura_envios_documento_uq').on(t.empresaId, t.idDocumento, t.canal),
  ],
);
