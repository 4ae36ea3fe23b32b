import { bigint, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dia, empresaId, instante, ref } from '../../../platform/db/columns.ts';
import * as fiscal from '../../registrosFiscales/tablas.ts';

/**
 * The statuses a company reports on the e-invoices it receives. `efactura_recibidas`: which purchase invoices came
 * as e-invoices and when (their four-day clock starts there). `efactura_estados`: each reported status (accepted,
 * rejected with its reason, paid with its date and amount), a row of the fiscal queue (`tablaCola`) that carries it
 * to the issuer's platform (the SPFE); `efactura_estados_envio`: the company's sender lease.
 */

/** A purchase invoice that arrived as an e-invoice: the day its clock starts, the format and the way it came. */
export const efacturaRecibidas = pgTable(
  'efactura_recibidas',
  {
    empresaId: empresaId(),
    /** The draft purchase invoice it became (documentos_compra). */
    IdDocumento: ref('id_documento').notNull(),
    /** When it was received. */
    Recibida: instante('recibida').notNull().defaultNow(),
    /** UBL | CII | Facturae. */
    Formato: text('formato').notNull(),
    /** fichero (uploaded or dropped) | correo (the company's mailbox) | spfe. */
    Origen: text('origen').notNull().default('fichero'),
  },
  (t) => [primaryKey({ name: 'efactura_recibidas_pk', columns: [t.empresaId, t.IdDocumento] })],
);

/**
 * A reported status, on its way to the issuer's platform: what (aceptada | rechazada | pagada), its reason
 * (rejections), its date (the decision's day, or the payment's) and the amount paid; then the queue's columns and
 * the platform's answer (its registry id of the status, or the error).
 */
export const efacturaEstados = pgTable(
  'efactura_estados',
  {
    empresaId: empresaId(),
    idRegistro: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    idDocumento: ref('id_documento').notNull(),
    tipo: text('tipo').notNull(),
    motivo: text('motivo'),
    detalle: text('detalle'),
    fecha: dia('fecha').notNull(),
    importe: numeric('importe', { precision: 16, scale: 2 }),
    /** Who reported it (user name), or null when Faro did by itself (a payment). */
    autor: text('autor'),
    creado: instante('creado').notNull().defaultNow(),
    /** The platform's id of the reported status. */
    numeroRegistro: text('numero_registro'),
    codigoError: text('codigo_error'),
    ...fiscal.estadoCola(),
    ...fiscal.finCola(),
  },
  (t) => [
    ...fiscal.clavesCola('efactura_estados', t, t.idRegistro),
    index('efactura_estados_documento_idx').on(t.empresaId, t.idDocumento),
  ],
);

/** The company's sender of statuses: one at a time, the last send and its answer. */
export const efacturaEstadosEnvio = pgTable('efactura_estados_envio', {
  empresaId: empresaId().primaryKey(),
  ...fiscal.turnoEnvio(),
});
