import { type DocumentoVentaInput, MSG_VENTAS, superaLimiteSimplificada, type TipoDocumentoVenta } from '@faro/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { documentosVentaLineas as dl, documentosVenta as dv } from '../../../platform/db/schema.ts';
import { badRequest, fieldError } from '../../../platform/http/errors.ts';
import { tomarNumero } from '../numeracion/numeracion.ts';
import { registrarAlta } from '../verifactu/registros.ts';
import {
  type Cabecera,
  cargarCabecera,
  cargarLineas,
  type Linea,
  preparar,
  resolverSerie,
} from './documentosRepository.ts';
import { generarVencimientos } from './vencimientos.ts';

export const TIPOS_FACTURA = ['factura', 'simplificada', 'rectificativa'] as const;

/** The save body equivalent of a stored document (to recompute it with today's master data). */
export function comoEntrada(h: Cabecera, lineas: Linea[]): DocumentoVentaInput {
  return {
    Cliente: h.idCliente,
    Fecha: h.fecha,
    Serie: h.idSerie,
    IdCentro: h.idCentro,
    IdFormaPago: h.idFormaPago,
    IdComercial: h.idComercial,
    DireccionEnvio: h.direccionEnvio,
    Observaciones: h.observaciones,
    VentasTxtLibre1: h.txtLibre1,
    VentasTxtLibre2: h.txtLibre2,
    VentasTxtLibre3: h.txtLibre3,
    PorcRetencion: h.porcRetencion,
    Lineas: lineas.map((l) => ({
      IdProducto: l.idProducto,
      Descripcion: l.descripcion,
      Cantidad: l.cantidad,
      Precio: l.precio,
      Descuento: l.descuento,
      TipoIva: l.tipoIva,
      Lote: l.lote,
      Caducidad: l.caducidad,
      IdLineaOrigen: l.idLineaOrigen,
    })) as DocumentoVentaInput['Lineas'],
  };
}

/**
 * Seam for VeriFactu (issue 6): called inside the issuing transaction once the invoice has its number, before
 * commit. For a VeriFactu company it generates and stores the chained registro de alta (modules/ventas/verifactu).
 */
export async function alEmitirFactura(tx: Db, empresaId: number, factura: Cabecera): Promise<void> {
  await registrarAlta(tx, empresaId, factura);
}

export interface OpcionesEmision {
  /** Retail activities of RD 1619/2012 art. 4.2: simplified invoices up to 3,000 € instead of 400 €. */
  Minorista?: boolean;
  /**
   * Work of the same transaction that does not need the number (the stock taken out by the invoice): it runs before
   * the number so the series' counter row stays locked as briefly as possible (issuing throughput per series).
   */
  antesDelNumero?: (tx: Db) => Promise<void>;
}

/**
 * Issues a draft invoice. Call inside ONE transaction: locks the draft, recomputes its totals and copies the
 * customer's current data, checks the simplified-invoice limit and the F1 customer's NIF, then takes the number of
 * its series as the LAST step (tomarNumero: counter row locked until commit, dates in number order) and marks it
 * Emitida — from then on the database triggers keep it immutable.
 */
export async function emitirFactura(
  tx: Db,
  empresaId: number,
  id: number,
  op: OpcionesEmision = {},
): Promise<Cabecera> {
  const h = await cargarCabecera(tx, empresaId, id, TIPOS_FACTURA, true);
  if (h.numero !== null) throw badRequest(MSG_VENTAS.yaEmitida);
  if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
  const lineas = await cargarLineas(tx, empresaId, [id]);
  if (lineas.length === 0) throw badRequest(MSG_VENTAS.sinLineas);
  const prep = await preparar(tx, empresaId, comoEntrada(h, lineas));
  const tipo = h.tipo as TipoDocumentoVenta;
  if (tipo === 'simplificada' && superaLimiteSimplificada(prep.cabecera.total as string, op.Minorista === true)) {
    throw badRequest(MSG_VENTAS.limiteSimplificada(op.Minorista ? '3.000' : '400'));
  }
  // A simplified invoice and its corrective (R5) need no recipient NIF; every other invoice does.
  const sinDestinatario = tipo === 'simplificada' || (tipo === 'rectificativa' && h.tipoRectificativa === 'R5');
  if (!sinDestinatario && !prep.cabecera.clienteNif) throw fieldError('Cliente', MSG_VENTAS.sinNif);
  const idSerie = await resolverSerie(tx, empresaId, tipo, h.idSerie, true);
  await tx.delete(dl).where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, id)));
  await tx.insert(dl).values(prep.lineas.map((l) => ({ ...l, empresaId, idDocumento: id })));
  // Due dates and the caller's work (stock) need no number: done before it, outside the counter lock.
  await generarVencimientos(tx, empresaId, { ...h, ...prep.cabecera, idSerie } as Cabecera);
  if (op.antesDelNumero) await op.antesDelNumero(tx);
  // Last step: the number. Only the VeriFactu record, which needs it, comes after it.
  const n = await tomarNumero(tx, empresaId, idSerie as number, h.fecha);
  const [emitida] = await tx
    .update(dv)
    .set({
      ...prep.cabecera,
      idSerie,
      numero: n.Numero,
      numSerie: n.NumSerie,
      anyo: n.Anyo,
      estado: 'Emitida',
      estadoCobro: 'Pendiente',
      emitidaEn: new Date().toISOString(),
    })
    .where(and(eq(dv.empresaId, empresaId), eq(dv.id, id)))
    .returning();
  await alEmitirFactura(tx, empresaId, emitida!);
  return emitida!;
}
