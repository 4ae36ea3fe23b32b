import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { empresaId, idIdentidad, instante } from '../../platform/db/columns.ts';

/**
 * The column groups every fiscal channel's tables share (VeriFactu's `verifactu_*`, TicketBAI's `ticketbai_*` and
 * `lroe_recibidas`): a chain of immutable records per company and chain key (installation, series), its head, the
 * queue state that changes while a record travels, the sender lease and the configuration's destination. Each
 * channel's `tablas.ts` declares its own columns around these; every table leads with `empresa_id`.
 */

type ConEmpresa = { empresaId: AnyPgColumn };

/** The configuration's environment and destination: 'pruebas' | 'produccion' (QR host and real endpoints). */
export const entornoConfig = () => text('entorno').notNull().default('pruebas');
/** When a configuration row was last saved. */
export const actualizado = () => instante('actualizado').notNull().defaultNow();

/** A channel's settings: one row per company (`empresa_id` its key), the channel's columns, when it last changed. */
export function tablaConfig<N extends string, C extends Columnas>(nombre: N, columnas: C) {
  return pgTable(nombre, { empresaId: empresaId().primaryKey(), ...columnas, actualizado: actualizado() });
}

/** A chain head: one row per company and chain key (`<tabla>_pk`), locked FOR UPDATE while a record is made. */
export const pkCadena = (tabla: string, t: ConEmpresa, clave: AnyPgColumn) =>
  primaryKey({ name: `${tabla}_pk`, columns: [t.empresaId, clave] });

/** The columns every generated record starts with: its company, its global id and the invoice it records. */
export const inicioRegistro = () => ({ empresaId: empresaId(), id: idIdentidad() });
/** The columns every generated record ends with: its QR URL and when it was made. */
export const finRegistro = () => ({ urlQr: text('url_qr'), creado: instante('creado').notNull().defaultNow() });

/** Keys of a records table: (company, id), one position per chain, the records of an invoice. */
export const clavesRegistros = (
  tabla: string,
  t: ConEmpresa & { id: AnyPgColumn; secuencia: AnyPgColumn; idDocumento: AnyPgColumn },
  cadena: AnyPgColumn,
) => [
  primaryKey({ name: `${tabla}_pk`, columns: [t.empresaId, t.id] }),
  uniqueIndex(`${tabla}_secuencia_uq`).on(t.empresaId, cadena, t.secuencia),
  index(`${tabla}_documento_idx`).on(t.empresaId, t.idDocumento),
];

/** Where a record stands in its queue: generado | enviado | conerrores | rechazado | anulado, its tries and back-off. */
export const estadoCola = () => ({
  estado: text('estado').notNull().default('generado'),
  intentos: integer('intentos').notNull().default(0),
  /** Epoch ms before which the record is not retried (back-off). */
  noAntesDe: bigint('no_antes_de', { mode: 'number' }),
});

/** The end of a queue row: the answer's text, when it was sent and last changed. */
export const finCola = () => ({
  descripcionError: text('descripcion_error'),
  enviado: instante('enviado'),
  actualizado: actualizado(),
});

/** Keys of a queue table: (company, the queued row) and a look-up by state. */
export const clavesCola = (tabla: string, t: ConEmpresa & { estado: AnyPgColumn }, fila: AnyPgColumn) => [
  primaryKey({ name: `${tabla}_pk`, columns: [t.empresaId, fila] }),
  index(`${tabla}_estado_idx`).on(t.empresaId, t.estado),
];

/** The company's sender: one at a time (whoever holds an unexpired lease), the last send and its answer. */
export const turnoEnvio = () => ({
  bloqueadoPor: text('bloqueado_por'),
  bloqueadoHasta: instante('bloqueado_hasta'),
  ultimoEnvio: instante('ultimo_envio'),
  ultimoResultado: jsonb('ultimo_resultado'),
});

type Columnas = Record<string, PgColumnBuilderBase>;

/**
 * A channel's records table: company and id first, its own columns (the chain key, `secuencia`, `idDocumento`…),
 * the QR URL and creation time last; keyed by (company, id), one position per chain, looked up by invoice.
 */
export function tablaRegistros<
  N extends string,
  C extends Columnas & { secuencia: PgColumnBuilderBase; idDocumento: PgColumnBuilderBase },
>(nombre: N, cadena: keyof C & string, columnas: C) {
  return pgTable(nombre, { ...inicioRegistro(), ...columnas, ...finRegistro() }, (t) =>
    clavesRegistros(nombre, t, t[cadena] as AnyPgColumn),
  );
}

/** A channel's queue table: company and the queued row (`fila`), its state, its own columns, the answer's end. */
export function tablaCola<N extends string, C extends Columnas>(nombre: N, fila: keyof C & string, columnas: C) {
  return pgTable(nombre, { empresaId: empresaId(), ...columnas, ...estadoCola(), ...finCola() }, (t) =>
    clavesCola(nombre, t, t[fila] as AnyPgColumn),
  );
}
