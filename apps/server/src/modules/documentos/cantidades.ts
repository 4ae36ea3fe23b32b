import { CAMPOS_LLEVADO, cantidadPendiente, type DestinoConversion, ES_FACTURA } from '@faro/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/tenancy/scope.ts';
import type { Cabecera, LadoDocumentos, Linea } from './lado.ts';

/**
 * Partial conversions: the quantity of an origin line carried into live (not cancelled) documents of a
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

const esCero = (v: string) => Number(v) === 0;

/** The conversion quantities of one side's documents. */
export function cantidadesDe(lado: LadoDocumentos) {
  const { cabecera: dv, lineas: dl } = lado.tablas;

  /** Carried sum per origin line id into live documents of `destino` (optionally leaving one document out). */
  async function cantidadesLlevadas(
    s: Scope,
    lineas: number[],
    destino: DestinoConversion,
    excluirDocumento?: number,
  ): Promise<Map<number, string>> {
    if (lineas.length === 0) return new Map();
    const rows = await s
      .pick(
        { origen: dl.idLineaOrigen, suma: sql<string>`sum(${dl.cantidad})::text` },
        dl,
        and(
          inArray(dl.idLineaOrigen, lineas),
          inArray(dv.tipo, tiposLlevados(destino)),
          ne(dv.estado, 'Anulada'),
          excluirDocumento ? ne(dv.id, excluirDocumento) : undefined,
        ),
      )
      .innerJoin(dv, s.on(dv, eq(dv.id, dl.idDocumento)))
      .groupBy(dl.idLineaOrigen);
    return new Map(rows.map((r) => [r.origen as number, r.suma]));
  }

  /** Pending quantity of each line towards `destino`. */
  async function pendientes(s: Scope, lineas: Linea[], destino: DestinoConversion): Promise<Map<number, string>> {
    const llevadas = await cantidadesLlevadas(
      s,
      lineas.map((l) => l.id),
      destino,
    );
    return new Map(lineas.map((l) => [l.id, cantidadPendiente(l.cantidad, llevadas.get(l.id) ?? '0')]));
  }

  /** Per line of `edit/{id}`: carried and pending quantity for each kind the document converts into. */
  async function llevadoPorLinea(s: Scope, h: Cabecera, lineas: Linea[]): Promise<Map<number, Record<string, string>>> {
    const out = new Map<number, Record<string, string>>(lineas.map((l) => [l.id, {}]));
    for (const destino of lado.conversiones[h.tipo] ?? []) {
      const d = destinoDeTipo(destino);
      if (!d) continue;
      const llevadas = await cantidadesLlevadas(
        s,
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
  async function documentosOrigen(s: Scope, id: number): Promise<number[]> {
    const origen = alias(dl, 'origen');
    const rows = await s
      .pick({ doc: origen.idDocumento }, dl, eq(dl.idDocumento, id))
      .innerJoin(origen, s.on(origen, eq(origen.id, dl.idLineaOrigen)))
      .groupBy(origen.idDocumento);
    return rows.map((r) => r.doc);
  }

  /** Locks documents in id order (origins before their quantities are checked: two edits can't both fit). */
  async function bloquearDocumentos(s: Scope, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await s.pick({ id: dv.id }, dv, inArray(dv.id, ids)).orderBy(dv.id).for('update');
  }

  /**
   * Sets the statuses of origin documents from their pending quantities: Facturado when no line has anything left
   * to invoice, an order served (Entregado / Recibido) when nothing is left to deliver. With `liberar` (a
   * destination was cancelled, deleted or edited) an origin with quantities pending again goes back (Facturado off,
   * order Pendiente).
   */
  async function recalcularOrigenes(s: Scope, ids: number[], liberar: boolean): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const [h] = await s.select(dv, eq(dv.id, id)).for('update');
      if (!h || h.estado === 'Anulada' || ES_FACTURA(h.tipo)) continue;
      const lineas = await s.select(dl, eq(dl.idDocumento, id));
      if (lineas.length === 0) continue;
      const todo = async (d: DestinoConversion) => [...(await pendientes(s, lineas, d)).values()].every(esCero);
      const cambios: Partial<Cabecera> = {};
      const facturado = await todo('factura');
      if (facturado && !h.facturado) cambios.facturado = true;
      if (liberar && !facturado && h.facturado) cambios.facturado = false;
      if (h.tipo === 'pedido') {
        const servido = await todo('albaran');
        if (servido && h.estado === 'Pendiente') cambios.estado = lado.estadoServido;
        if (liberar && !servido && h.estado === lado.estadoServido) cambios.estado = 'Pendiente';
      }
      if (Object.keys(cambios).length) await s.update(dv, cambios, eq(dv.id, id));
    }
  }

  return {
    cantidadesLlevadas,
    pendientes,
    llevadoPorLinea,
    documentosOrigen,
    bloquearDocumentos,
    recalcularOrigenes,
  };
}
export type Cantidades = ReturnType<typeof cantidadesDe>;
