import {
  CONVERSIONES,
  type DestinoConversion,
  type DocumentoVentaInput,
  MSG,
  MSG_VENTAS,
  type RecursoVenta,
  superaPendiente,
  TIPOS_DOCUMENTO_VENTA,
  type TipoDocumentoVenta,
} from '@faro/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import { documentosVentaLineas as dl, documentosVenta as dv, seriesTable } from '../../../platform/db/schema.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import { documentosOrigen, pendientes, recalcularOrigenes } from './cantidades.ts';
import {
  aJson,
  type Cabecera,
  cargarCabecera,
  cargarLineas,
  crearDocumento,
  preparar,
} from './documentosRepository.ts';
import { comoEntrada, TIPOS_FACTURA } from './emitir.ts';

const DESTINOS: Record<string, DestinoConversion> = {
  dventa: 'pedido',
  pedido: 'pedido',
  aventa: 'albaran',
  albaran: 'albaran',
  fventa: 'factura',
  factura: 'factura',
};

const cantidadConvertir = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^[+-]?\d{1,12}(\.\d{1,3})?$/.test(v), { error: MSG.format });

export const convertirBody = z.object({
  Destino: z.string({ error: 'Indica el destino de la conversión' }),
  /** More documents of the same kind and customer to gather into one (delivery notes → one invoice). */
  Ids: z.array(z.coerce.number().int().positive()).max(200).optional(),
  /** Partial conversion: origin line ids (their whole pending quantity) or `{ Id, Cantidad }` (0 leaves it out);
   *  every line with something pending when absent. */
  Lineas: z
    .array(
      z.union(
        [
          z.coerce.number().int().positive(),
          z.object({ Id: z.coerce.number({ error: MSG.format }).int().positive(), Cantidad: cantidadConvertir }),
        ],
        { error: MSG.format },
      ),
      { error: MSG.format },
    )
    .max(1000)
    .optional(),
  Fecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

const hoy = () => new Date().toISOString().slice(0, 10);

/**
 * Converts one document (or several of one customer) into a new draft of the destination kind, in one
 * transaction: every new line keeps its origin line (IdLineaOrigen) and carries the quantity asked for (the pending
 * one by default), never more than what is pending towards that kind; origins with nothing left to invoice are
 * marked Facturado, an order with nothing left to deliver becomes Entregado.
 */
export async function convertir(
  tx: Db,
  empresaId: number,
  recurso: RecursoVenta,
  id: number,
  body: z.infer<typeof convertirBody>,
): Promise<number> {
  const tiposOrigen = TIPOS_DOCUMENTO_VENTA[recurso].tipos;
  const ids = [...new Set([id, ...(body.Ids ?? [])])].sort((a, b) => a - b);
  const origenes: Cabecera[] = [];
  for (const one of ids) origenes.push(await cargarCabecera(tx, empresaId, one, tiposOrigen, true));
  origenes.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : 0));
  const destino = DESTINOS[body.Destino];
  const tipoOrigen = origenes[0]!.tipo as TipoDocumentoVenta;
  if (!destino || !(CONVERSIONES[tipoOrigen] ?? []).includes(destino))
    throw fieldError('Destino', MSG_VENTAS.noConvertible);
  if (ids.length > 1 && destino !== 'factura') throw fieldError('Destino', MSG_VENTAS.noConvertible);
  if (new Set(origenes.map((o) => o.idCliente)).size > 1) throw badRequest(MSG_VENTAS.variosClientes);
  for (const o of origenes) {
    if (o.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
    if (o.facturado) throw badRequest(MSG_VENTAS.facturado);
  }
  const orden = new Map(origenes.map((o, i) => [o.id, i]));
  const todas = (await cargarLineas(tx, empresaId, ids)).sort(
    (a, b) => orden.get(a.idDocumento)! - orden.get(b.idDocumento)! || a.orden - b.orden,
  );
  const pendiente = await pendientes(tx, empresaId, todas, destino);
  // What to carry: line → quantity (the pending one for plain ids and when Lineas is absent).
  const pedidas = new Map<number, string>();
  if (body.Lineas) {
    body.Lineas.forEach((p, i) => {
      const lineaId = typeof p === 'number' ? p : p.Id;
      if (!todas.some((l) => l.id === lineaId))
        throw fieldError(`Lineas[${i}].Id`, MSG_VENTAS.lineaNoDelDocumento(i + 1));
      if (pedidas.has(lineaId)) throw fieldError(`Lineas[${i}].Id`, MSG_VENTAS.lineaRepetida(i + 1));
      const queda = pendiente.get(lineaId)!;
      if (typeof p === 'number') {
        if (Number(queda) === 0) throw badRequest(MSG_VENTAS.lineaYaConvertida);
        pedidas.set(lineaId, queda);
        return;
      }
      if (superaPendiente(p.Cantidad, queda))
        throw fieldError(`Lineas[${i}].Cantidad`, MSG_VENTAS.cantidadSuperaPendiente(i + 1, queda));
      pedidas.set(lineaId, p.Cantidad);
    });
  } else {
    for (const l of todas) if (Number(pendiente.get(l.id)) !== 0) pedidas.set(l.id, pendiente.get(l.id)!);
    if (todas.length && pedidas.size === 0) throw badRequest(MSG_VENTAS.lineaYaConvertida);
  }
  const elegidas = todas.filter((l) => Number(pedidas.get(l.id) ?? 0) !== 0);
  if (elegidas.length === 0) throw badRequest(MSG_VENTAS.sinLineas);
  const base = comoEntrada(origenes[0]!, elegidas);
  const input: DocumentoVentaInput = {
    ...base,
    Fecha: body.Fecha ?? hoy(),
    Serie: null,
    Lineas: elegidas.map((l, i) => ({
      ...base.Lineas[i]!,
      Cantidad: pedidas.get(l.id)!,
      IdLineaOrigen: l.id,
    })) as DocumentoVentaInput['Lineas'],
  };
  const prep = await preparar(tx, empresaId, input);
  const nuevo = await crearDocumento(tx, empresaId, destino, prep, null);
  await recalcularOrigenes(tx, empresaId, ids, false);
  return nuevo;
}

/** The whole chain of a document: every document reachable through line origins, backwards and forwards. */
export async function historial(db: Db, empresaId: number, recurso: RecursoVenta, id: number) {
  await cargarCabecera(db, empresaId, id, TIPOS_DOCUMENTO_VENTA[recurso].tipos);
  const vistos = new Set<number>([id]);
  let frontera = [id];
  for (let paso = 0; paso < 20 && frontera.length; paso++) {
    const lineas = await cargarLineas(db, empresaId, frontera);
    const origenes = lineas.map((l) => l.idLineaOrigen).filter((x): x is number => x !== null);
    const atras = origenes.length
      ? await db
          .select({ doc: dl.idDocumento })
          .from(dl)
          .where(and(eq(dl.empresaId, empresaId), inArray(dl.id, origenes)))
      : [];
    const adelante = lineas.length
      ? await db
          .select({ doc: dl.idDocumento })
          .from(dl)
          .where(
            and(
              eq(dl.empresaId, empresaId),
              inArray(
                dl.idLineaOrigen,
                lineas.map((l) => l.id),
              ),
            ),
          )
      : [];
    const rect = await db
      .select({ doc: dv.id, orig: dv.idRectificada })
      .from(dv)
      .where(and(eq(dv.empresaId, empresaId), inArray(dv.idRectificada, frontera)));
    const originales = await db
      .select({ doc: dv.idRectificada })
      .from(dv)
      .where(and(eq(dv.empresaId, empresaId), inArray(dv.id, frontera)));
    const previas = originales.filter((o): o is { doc: number } => o.doc !== null);
    frontera = [...atras, ...adelante, ...rect, ...previas].map((r) => r.doc).filter((d) => !vistos.has(d));
    frontera = [...new Set(frontera)];
    for (const d of frontera) vistos.add(d);
  }
  const docs = await db
    .select()
    .from(dv)
    .where(and(eq(dv.empresaId, empresaId), inArray(dv.id, [...vistos])));
  docs.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
  return { Items: docs.map((d) => aJson(d)) };
}

export const rectificarBody = z.object({
  TipoRectificativa: z.enum(['R1', 'R2', 'R3', 'R4', 'R5'], { error: 'Indica el tipo de rectificativa (R1–R5)' }),
  /** S: substitution (the corrective replaces the original: its lines are copied to be corrected);
   *  I: difference (the lines are the difference; by default the original negated, a full reversal). */
  Modo: z.enum(['S', 'I'], { error: 'Indica el modo: S (sustitución) o I (diferencias)' }),
  Fecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** Creates the draft corrective invoice of an issued invoice, in the series set as its series' rectificativa. */
export async function rectificar(tx: Db, empresaId: number, id: number, body: z.infer<typeof rectificarBody>) {
  const h = await cargarCabecera(tx, empresaId, id, TIPOS_FACTURA, true);
  if (h.numero === null) throw badRequest(MSG_VENTAS.noEmitida);
  if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.yaAnulada);
  // R5 rectifies simplified invoices (F2, or an R5 itself) and only them; R1–R4 the complete ones (VeriFactu L2).
  const simplificada = h.tipo === 'simplificada' || (h.tipo === 'rectificativa' && h.tipoRectificativa === 'R5');
  if (simplificada && body.TipoRectificativa !== 'R5')
    throw fieldError('TipoRectificativa', MSG_VENTAS.rectificativaR5);
  if (!simplificada && body.TipoRectificativa === 'R5')
    throw fieldError('TipoRectificativa', MSG_VENTAS.r5SoloSimplificadas);
  const fecha = body.Fecha ?? hoy();
  if (fecha < h.fecha) throw fieldError('Fecha', MSG_VENTAS.rectificativaAnterior);
  const sc = (f: string) => col(seriesTable, f);
  const [serie] = await tx
    .select({ rect: sc('IdSerieRectificativa') })
    .from(seriesTable)
    .where(and(eq(sc('empresaId'), empresaId), eq(sc('Id'), h.idSerie as number)));
  if (!serie?.rect) throw badRequest(MSG_VENTAS.rectificativaSinSerie);
  const lineas = await cargarLineas(tx, empresaId, [id]);
  const base = comoEntrada(h, lineas);
  const input: DocumentoVentaInput = {
    ...base,
    Fecha: fecha,
    Serie: serie.rect as number,
    Lineas: base.Lineas.map((l) =>
      body.Modo === 'I' ? { ...l, Cantidad: negar(String(l.Cantidad)) } : l,
    ) as DocumentoVentaInput['Lineas'],
  };
  const prep = await preparar(tx, empresaId, input);
  const nuevo = await crearDocumento(tx, empresaId, 'rectificativa', prep, serie.rect as number);
  await tx
    .update(dv)
    .set({ idRectificada: id, tipoRectificativa: body.TipoRectificativa, modoRectificativa: body.Modo })
    .where(and(eq(dv.empresaId, empresaId), eq(dv.id, nuevo)));
  return nuevo;
}

const negar = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);

/** Cancels a document: quotes, orders and delivery notes not invoiced; issued invoices only with no collection. */
export async function anular(tx: Db, empresaId: number, tipos: readonly string[], id: number): Promise<Cabecera> {
  const h = await cargarCabecera(tx, empresaId, id, tipos, true);
  if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.yaAnulada);
  if (h.facturado) throw badRequest(MSG_VENTAS.facturado);
  if (TIPOS_FACTURA.includes(h.tipo as never)) {
    if (h.numero === null) throw badRequest(MSG_VENTAS.noEmitida);
    if (h.estadoCobro !== 'Pendiente') throw badRequest(MSG_VENTAS.anularNoPermitido);
  }
  const [row] = await tx
    .update(dv)
    .set({ estado: 'Anulada' })
    .where(and(eq(dv.empresaId, empresaId), eq(dv.id, id)))
    .returning();
  if (!row) throw notFound();
  // Its quantities are free again: the documents it was carried from may have something pending once more.
  await recalcularOrigenes(tx, empresaId, await documentosOrigen(tx, empresaId, id), true);
  return row;
}
