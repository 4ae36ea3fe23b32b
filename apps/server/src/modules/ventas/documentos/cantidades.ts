import {
  CAMPOS_LLEVADO,
  CONVERSIONES,
  cantidadPendiente,
  type DestinoConversion,
  ES_FACTURA,
  type TipoDocumentoVenta,
} from '@faro/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/database.ts';
import { documentosVentaLineas as dl, documentosVenta as dv } from '../../../platform/db/schema.ts';
import type { Cabecera, Linea } from './documentosRepository.ts';

/**
 * Partial conversions (issue 5): the quantity of an origin line carried into live (not cancelled) documents of a
 * destination kind is the sum of the lines pointing at it (`id_linea_origen`); no stored counter, so cancelling,
 * deleting or editing a destination frees or takes quantities by itself. Corrective invoices copy the origins of
 * the invoice they correct and are not counted (the corrected invoice is).
 */
export const tiposLlevados = (destino: DestinoConversion): string[] =>
  destino === 'factura' ? ['factura', 'simplificada'] : [destino];

export const destinoDeTipo = (tipo: string): DestinoConversion | null =>
  ES_FACTURA(tipo)
    ? tipo === 'rectificativa'
      ? null
      : 'factura'
    : tipo === 'pedido' || tipo === 'albaran'
      ? tipo
      : null;

/** Carried sum per origin line id into live documents of `destino` (optionally leaving one document out). */
export async function cantidadesLlevadas(
  db: Db,
  empresaId: number,
  lineas: number[],
  destino: DestinoConversion,
  excluirDocumento?: number,
): Promise<Map<number, string>> {
  if (lineas.length === 0) return new Map();
  const rows = await db
    .select({ origen: dl.idLineaOrigen, suma: sql<string>`sum(${dl.cantidad})::text` })
    .from(dl)
    .innerJoin(dv, and(eq(dv.empresaId, dl.empresaId), eq(dv.id, dl.idDocumento)))
    .where(
      and(
        eq(dl.empresaId, empresaId),
        inArray(dl.idLineaOrigen, lineas),
        inArray(dv.tipo, tiposLlevados(destino)),
        ne(dv.estado, 'Anulada'),
        excluirDocumento ? ne(dv.id, excluirDocumento) : undefined,
      ),
    )
    .groupBy(dl.idLineaOrigen);
  return new Map(rows.map((r) => [r.origen as number, r.suma]));
}

/** Pending quantity of each line towards `destino`. */
export async function pendientes(
  db: Db,
  empresaId: number,
  lineas: Linea[],
  destino: DestinoConversion,
): Promise<Map<number, string>> {
  const llevadas = await cantidadesLlevadas(
    db,
    empresaId,
    lineas.map((l) => l.id),
    destino,
  );
  return new Map(lineas.map((l) => [l.id, cantidadPendiente(l.cantidad, llevadas.get(l.id) ?? '0')]));
}

const esCero = (v: string) => Number(v) === 0;

/** Per line of `edit/{id}`: carried and pending quantity for each kind the document converts into. */
export async function llevadoPorLinea(
  db: Db,
  empresaId: number,
  h: Cabecera,
  lineas: Linea[],
): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>(lineas.map((l) => [l.id, {}]));
  for (const destino of CONVERSIONES[h.tipo as TipoDocumentoVenta] ?? []) {
    const d = destinoDeTipo(destino);
    if (!d) continue;
    const llevadas = await cantidadesLlevadas(
      db,
      empresaId,
      lineas.map((l) => l.id),
      d,
    );
    for (const l of lineas) {
      const llevado = llevadas.get(l.id) ?? '0.000';
      const campos = out.get(l.id)!;
      campos[CAMPOS_LLEVADO[d].llevado] = llevado;
      campos[CAMPOS_LLEVADO[d].pendiente] = cantidadPendiente(l.cantidad, llevado);
    }
  }
  return out;
}

/** The documents whose lines the lines of `id` were carried from. */
export async function documentosOrigen(db: Db, empresaId: number, id: number): Promise<number[]> {
  const origen = alias(dl, 'origen');
  const rows = await db
    .selectDistinct({ doc: origen.idDocumento })
    .from(dl)
    .innerJoin(origen, and(eq(origen.empresaId, dl.empresaId), eq(origen.id, dl.idLineaOrigen)))
    .where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, id)));
  return rows.map((r) => r.doc);
}

/** Locks documents in id order (origins before their quantities are checked: two edits can't both fit). */
export async function bloquearDocumentos(db: Db, empresaId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: dv.id })
    .from(dv)
    .where(and(eq(dv.empresaId, empresaId), inArray(dv.id, ids)))
    .orderBy(dv.id)
    .for('update');
}

/**
 * Sets the statuses of origin documents from their pending quantities: Facturado when no line has anything left
 * to invoice, an order Entregado when nothing is left to deliver. With `liberar` (a destination was cancelled,
 * deleted or edited) an origin with quantities pending again goes back (Facturado off, order Pendiente).
 */
export async function recalcularOrigenes(db: Db, empresaId: number, ids: number[], liberar: boolean): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [h] = await db
      .select()
      .from(dv)
      .where(and(eq(dv.empresaId, empresaId), eq(dv.id, id)))
      .for('update');
    if (!h || h.estado === 'Anulada' || ES_FACTURA(h.tipo)) continue;
    const lineas = await db
      .select()
      .from(dl)
      .where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, id)));
    if (lineas.length === 0) continue;
    const todo = async (d: DestinoConversion) =>
      [...(await pendientes(db, empresaId, lineas, d)).values()].every(esCero);
    const cambios: Partial<Cabecera> = {};
    const facturado = await todo('factura');
    if (facturado && !h.facturado) cambios.facturado = true;
    if (liberar && !facturado && h.facturado) cambios.facturado = false;
    if (h.tipo === 'pedido') {
      const entregado = await todo('albaran');
      if (entregado && h.estado === 'Pendiente') cambios.estado = 'Entregado';
      if (liberar && !entregado && h.estado === 'Entregado') cambios.estado = 'Pendiente';
    }
    if (Object.keys(cambios).length)
      await db
        .update(dv)
        .set(cambios)
        .where(and(eq(dv.empresaId, empresaId), eq(dv.id, id)));
  }
}
