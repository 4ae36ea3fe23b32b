import {
  CONVERSIONES,
  type DocumentoVentaInput,
  MSG_VENTAS,
  type RecursoVenta,
  TIPOS_DOCUMENTO_VENTA,
  type TipoDocumentoVenta,
} from '@faro/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import { documentosVentaLineas as dl, documentosVenta as dv, seriesTable } from '../../../platform/db/schema.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import {
  aJson,
  type Cabecera,
  cargarCabecera,
  cargarLineas,
  crearDocumento,
  preparar,
} from './documentosRepository.ts';
import { comoEntrada, TIPOS_FACTURA } from './emitir.ts';

const DESTINOS: Record<string, TipoDocumentoVenta> = {
  dventa: 'pedido',
  pedido: 'pedido',
  aventa: 'albaran',
  albaran: 'albaran',
  fventa: 'factura',
  factura: 'factura',
};

export const convertirBody = z.object({
  Destino: z.string({ error: 'Indica el destino de la conversión' }),
  /** More documents of the same kind and customer to gather into one (delivery notes → one invoice). */
  Ids: z.array(z.coerce.number().int().positive()).max(200).optional(),
  /** Partial conversion: the origin line ids to carry (all when absent). */
  Lineas: z.array(z.coerce.number().int().positive()).max(1000).optional(),
  Fecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

const hoy = () => new Date().toISOString().slice(0, 10);

/**
 * Converts one document (or several of one customer) into a new draft of the destination kind, in one
 * transaction: every new line keeps its origin line (IdLineaOrigen); origins fully carried into an invoice are
 * marked Facturado, an order carried into a delivery note becomes Entregado.
 */
export async function convertir(
  tx: Db,
  empresaId: number,
  recurso: RecursoVenta,
  id: number,
  body: z.infer<typeof convertirBody>,
): Promise<number> {
  const tiposOrigen = TIPOS_DOCUMENTO_VENTA[recurso].tipos;
  const ids = [...new Set([id, ...(body.Ids ?? [])])];
  const origenes: Cabecera[] = [];
  for (const one of ids) origenes.push(await cargarCabecera(tx, empresaId, one, tiposOrigen, true));
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
  const todas = await cargarLineas(tx, empresaId, ids);
  const elegidas = body.Lineas ? todas.filter((l) => body.Lineas!.includes(l.id)) : todas;
  if (elegidas.length === 0) throw badRequest(MSG_VENTAS.sinLineas);
  // A line is carried into each destination kind once (no double delivery nor double invoicing).
  const yaConvertidas = new Set(
    (
      await tx
        .select({ origen: dl.idLineaOrigen })
        .from(dl)
        .innerJoin(dv, and(eq(dv.empresaId, dl.empresaId), eq(dv.id, dl.idDocumento)))
        .where(
          and(
            eq(dl.empresaId, empresaId),
            inArray(
              dl.idLineaOrigen,
              todas.map((l) => l.id),
            ),
            inArray(dv.tipo, destino === 'factura' ? [...TIPOS_FACTURA] : [destino]),
            ne(dv.estado, 'Anulada'),
          ),
        )
    ).map((r) => r.origen),
  );
  if (elegidas.some((l) => yaConvertidas.has(l.id))) throw badRequest(MSG_VENTAS.lineaYaConvertida);
  const base = comoEntrada(origenes[0]!, elegidas);
  const input: DocumentoVentaInput = {
    ...base,
    Fecha: body.Fecha ?? hoy(),
    Serie: null,
    Lineas: elegidas.map((l, i) => ({ ...base.Lineas[i]!, IdLineaOrigen: l.id })) as DocumentoVentaInput['Lineas'],
  };
  const prep = await preparar(tx, empresaId, input);
  const nuevo = await crearDocumento(tx, empresaId, destino, prep, null);
  for (const o of origenes) {
    const completo = todas
      .filter((l) => l.idDocumento === o.id)
      .every((l) => elegidas.includes(l) || yaConvertidas.has(l.id));
    const cambios: Partial<Cabecera> = {};
    if (destino === 'factura' && completo) cambios.facturado = true;
    if (o.tipo === 'pedido' && destino === 'albaran' && completo) cambios.estado = 'Entregado';
    if (Object.keys(cambios).length)
      await tx
        .update(dv)
        .set(cambios)
        .where(and(eq(dv.empresaId, empresaId), eq(dv.id, o.id)));
  }
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
    Fecha: body.Fecha ?? hoy(),
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
  return row;
}
