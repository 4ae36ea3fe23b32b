import { isIsoDate, MSG, MSG_VENTAS, superaPendiente } from '@faro/domain';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import type { Cantidades } from './cantidades.ts';
import type { Cabecera, EntradaDocumento, LadoDocumentos } from './lado.ts';
import { entradaDe, type Repositorio } from './repositorio.ts';

// `gasto`: an expense (purchases), registered and paid like a received invoice.
export const TIPOS_FACTURA = ['factura', 'simplificada', 'rectificativa', 'gasto'] as const;

const cantidadConvertir = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^[+-]?\d{1,12}(\.\d{1,3})?$/.test(v), { error: MSG.format });

export const convertirBody = z.object({
  Destino: z.string({ error: 'Indica el destino de la conversión' }),
  /** More documents of the same kind and party to gather into one (delivery notes → one invoice). */
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
  Fecha: z.string().refine(isIsoDate).optional(),
});

export const hoy = () => new Date().toISOString().slice(0, 10);

/** Conversions, the document chain and cancellations of one side. */
export function conversionesDe(lado: LadoDocumentos, repo: Repositorio, cant: Cantidades) {
  const { cabecera: dv, lineas: dl } = lado.tablas;

  /**
   * Converts one document (or several of one party) into a new draft of the destination kind, in one transaction:
   * every new line keeps its origin line (IdLineaOrigen) and carries the quantity asked for (the pending one by
   * default), never more than what is pending towards that kind; origins with nothing left to invoice are marked
   * Facturado, an order with nothing left to deliver is served (Entregado / Recibido).
   */
  async function convertir(
    s: Scope,
    recurso: string,
    id: number,
    body: z.infer<typeof convertirBody>,
  ): Promise<number> {
    const tiposOrigen = lado.recursos[recurso]!.tipos;
    const ids = [...new Set([id, ...(body.Ids ?? [])])].sort((a, b) => a - b);
    const origenes: Cabecera[] = [];
    for (const one of ids) origenes.push(await repo.cargarCabecera(s, one, tiposOrigen, true));
    origenes.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : 0));
    const destino = lado.destinos[body.Destino];
    const tipoOrigen = origenes[0]!.tipo;
    if (!destino || !(lado.conversiones[tipoOrigen] ?? []).includes(destino))
      throw fieldError('Destino', MSG_VENTAS.noConvertible);
    if (ids.length > 1 && destino !== 'factura') throw fieldError('Destino', MSG_VENTAS.noConvertible);
    if (new Set(origenes.map((o) => o.idTercero)).size > 1) throw badRequest(lado.emision.variosTerceros);
    for (const o of origenes) {
      if (o.estado === 'Anulada') throw badRequest(MSG_VENTAS.anulado);
      if (o.facturado) throw badRequest(MSG_VENTAS.facturado);
    }
    const orden = new Map(origenes.map((o, i) => [o.id, i]));
    const todas = (await repo.cargarLineas(s, ids)).sort(
      (a, b) => orden.get(a.idDocumento)! - orden.get(b.idDocumento)! || a.orden - b.orden,
    );
    const pendiente = await cant.pendientes(s, todas, destino);
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
    const base = entradaDe(origenes[0]!, elegidas);
    const input: EntradaDocumento = {
      ...base,
      Fecha: body.Fecha ?? hoy(),
      Serie: null,
      // The party's own number belongs to the document it printed, not to what it becomes.
      NumTercero: null,
      FechaTercero: null,
      Lineas: elegidas.map((l, i) => ({ ...base.Lineas[i]!, Cantidad: pedidas.get(l.id)!, IdLineaOrigen: l.id })),
    };
    const prep = await repo.preparar(s, input);
    const nuevo = await repo.crearDocumento(s, destino, prep, null);
    await cant.recalcularOrigenes(s, ids, false);
    return nuevo;
  }

  /** The whole chain of a document: every document reachable through line origins, backwards and forwards. */
  async function historial(s: Scope, recurso: string, id: number) {
    await repo.cargarCabecera(s, id, lado.recursos[recurso]!.tipos);
    const vistos = new Set<number>([id]);
    let frontera = [id];
    for (let paso = 0; paso < 20 && frontera.length; paso++) {
      const lineas = await repo.cargarLineas(s, frontera);
      const origenes = lineas.map((l) => l.idLineaOrigen).filter((x): x is number => x !== null);
      const atras = origenes.length ? await s.pick({ doc: dl.idDocumento }, dl, inArray(dl.id, origenes)) : [];
      const adelante = lineas.length
        ? await s.pick(
            { doc: dl.idDocumento },
            dl,
            inArray(
              dl.idLineaOrigen,
              lineas.map((l) => l.id),
            ),
          )
        : [];
      const rect = await s.pick({ doc: dv.id, orig: dv.idRectificada }, dv, inArray(dv.idRectificada, frontera));
      const originales = await s.pick({ doc: dv.idRectificada }, dv, inArray(dv.id, frontera));
      const previas = originales.filter((o): o is { doc: number } => o.doc !== null);
      frontera = [...atras, ...adelante, ...rect, ...previas].map((r) => r.doc).filter((d) => !vistos.has(d));
      frontera = [...new Set(frontera)];
      for (const d of frontera) vistos.add(d);
    }
    const docs = await s.select(dv, inArray(dv.id, [...vistos]));
    docs.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
    return { Items: docs.map((d) => repo.aJson(d)) };
  }

  /** Cancels a document: orders, delivery notes… not invoiced; issued invoices only with nothing collected/paid. */
  async function anular(s: Scope, tipos: readonly string[], id: number): Promise<Cabecera> {
    const h = await repo.cargarCabecera(s, id, tipos, true);
    if (h.estado === 'Anulada') throw badRequest(MSG_VENTAS.yaAnulada);
    if (h.facturado) throw badRequest(MSG_VENTAS.facturado);
    if (TIPOS_FACTURA.includes(h.tipo as never)) {
      if (h.numero === null) throw badRequest(lado.emision.noHecha);
      if (h.estadoCobro !== 'Pendiente') throw badRequest(lado.emision.anularNoPermitido);
    }
    const [row] = await s.update(dv, { estado: 'Anulada' }, eq(dv.id, id)).returning();
    if (!row) throw notFound();
    // Its quantities are free again: the documents it was carried from may have something pending once more.
    await cant.recalcularOrigenes(s, await cant.documentosOrigen(s, id), true);
    return row;
  }

  /**
   * A cancelled invoice's entry gets its reverse entry (never edited). Called after the side's cancellation record
   * (`alAnular`): the ledger's year counter is the last lock, as in issuing, or a cancellation and an issue deadlock.
   */
  async function asentarAnulacion(s: Scope, anulada: Cabecera): Promise<void> {
    if (TIPOS_FACTURA.includes(anulada.tipo as never))
      await asentarDocumentos(s, lado.lado === 'venta' ? 'venta' : 'compra', [anulada.id]);
  }

  return { convertir, historial, anular, asentarAnulacion };
}
