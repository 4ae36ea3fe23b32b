import { add, dec, ES_FACTURA, isZero, MSG, MSG_DATOS, neg, toFixed, ZERO } from '@faro/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Scope } from '../../../platform/crud/entityRepository.ts';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import {
  almacenesTable,
  documentosVentaLineas as dl,
  documentosVenta as dv,
  empresas,
  productosTable,
  stockDocumentosVenta as sd,
} from '../../../platform/db/schema.ts';
import { AppError, fieldError, notFound } from '../../../platform/http/errors.ts';
import { applyStockMoves, type Move } from '../../catalogo/stockRoutes.ts';

export const MSG_STOCK_VENTAS = {
  sinAlmacen: 'No hay ningún almacén activo del que sacar el stock: crea un almacén o indica IdAlmacen',
};

const almacenBody = z.object({
  IdAlmacen: z.coerce
    .number({ error: MSG.format })
    .int({ error: MSG.format })
    .positive({ error: MSG.format })
    .nullish(),
});

/** The header field IdAlmacen of a save body: undefined when absent (keep the stored one), null to clear it. */
export function almacenDe(body: unknown): number | null | undefined {
  if (!body || typeof body !== 'object' || !('IdAlmacen' in body)) return undefined;
  // An emptied select sends '' (no warehouse chosen: the default one).
  if ((body as { IdAlmacen: unknown }).IdAlmacen === '') return null;
  const parsed = almacenBody.safeParse(body);
  if (!parsed.success) throw fieldError('IdAlmacen', MSG.format);
  return parsed.data.IdAlmacen ?? null;
}

type Quien = Pick<Scope, 'empresaId' | 'personaId' | 'userName'>;

const TITULO: Record<string, string> = {
  albaran: 'Albarán',
  factura: 'Factura',
  simplificada: 'Factura simplificada',
  rectificativa: 'Factura rectificativa',
};

/** Quantities (per product) the document should have taken out of stock now; empty when none. */
async function salidaDeseada(
  tx: Db,
  empresaId: number,
  h: typeof dv.$inferSelect,
  comoEmitida = false,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (h.estado === 'Anulada') return out;
  const albaranEnviado = h.tipo === 'albaran' && h.estado === 'Enviado';
  const facturaEmitida = ES_FACTURA(h.tipo) && (h.numero !== null || comoEmitida);
  if (!albaranEnviado && !facturaEmitida) return out;
  let lineas = await tx
    .select({ id: dl.id, idProducto: dl.idProducto, cantidad: dl.cantidad, origen: dl.idLineaOrigen })
    .from(dl)
    .where(and(eq(dl.empresaId, empresaId), eq(dl.idDocumento, h.id)));
  if (facturaEmitida) {
    // Goods already taken out by their delivery note are not taken out again by the invoice.
    const origenes = lineas.map((l) => l.origen).filter((o): o is number => o !== null);
    const deAlbaran = new Set(
      origenes.length
        ? (
            await tx
              .select({ id: dl.id })
              .from(dl)
              .innerJoin(dv, and(eq(dv.empresaId, dl.empresaId), eq(dv.id, dl.idDocumento)))
              .where(and(eq(dl.empresaId, empresaId), inArray(dl.id, origenes), eq(dv.tipo, 'albaran')))
          ).map((r) => r.id)
        : [],
    );
    lineas = lineas.filter((l) => l.origen === null || !deAlbaran.has(l.origen));
  }
  const ids = [...new Set(lineas.map((l) => l.idProducto).filter((p): p is number => p !== null))];
  if (!ids.length) return out;
  const pc = (f: string) => col(productosTable, f);
  const conControl = new Set(
    (
      (await tx
        .select({ id: pc('Id') })
        .from(productosTable)
        .where(and(eq(pc('empresaId'), empresaId), inArray(pc('Id'), ids), eq(pc('ControlStock'), true)))) as {
        id: number;
      }[]
    ).map((p) => p.id),
  );
  for (const l of lineas) {
    if (l.idProducto === null || !conControl.has(l.idProducto)) continue;
    out.set(l.idProducto, toFixed(add(dec(out.get(l.idProducto) ?? '0'), dec(l.cantidad)), 3));
  }
  for (const [p, q] of out) if (isZero(dec(q))) out.delete(p);
  return out;
}

async function almacenPorDefecto(tx: Db, empresaId: number): Promise<number | null> {
  const ac = (f: string) => col(almacenesTable, f);
  const [a] = (await tx
    .select({ id: ac('Id') })
    .from(almacenesTable)
    .where(and(eq(ac('empresaId'), empresaId), eq(ac('Baja'), false)))
    .orderBy(asc(ac('Codigo')), asc(ac('Id')))
    .limit(1)) as { id: number }[];
  return a?.id ?? null;
}

/**
 * Brings the stock taken out by a sales document in line with its state, inside the caller's transaction: a
 * delivery note in Enviado or an issued invoice (its lines that do not come from a delivery note) takes its
 * stock-controlled products out of the header's warehouse (IdAlmacen, else the first active warehouse); a
 * cancellation, a delivery note back to Pendiente, a deletion or an edit moves exactly the difference back.
 * Only when the company's stock module (ActStock) is on. The moves go through the catalogue's `applyStockMoves`
 * (fixed lock order, never negative unless the warehouse allows it → 400, each movement recorded and audited).
 */
export async function sincronizarStockVenta(
  tx: Db,
  quien: Quien,
  id: number,
  /** comoEmitida: an invoice draft being issued in this transaction, before it takes its number (emitirFactura). */
  opciones: { IdAlmacen?: number | null; borrar?: boolean; comoEmitida?: boolean } = {},
): Promise<void> {
  const empresaId = quien.empresaId;
  const [h] = await tx
    .select()
    .from(dv)
    .where(and(eq(dv.empresaId, empresaId), eq(dv.id, id)));
  if (!h) throw notFound();
  const [row] = await tx
    .select()
    .from(sd)
    .where(and(eq(sd.empresaId, empresaId), eq(sd.idDocumento, id)))
    .for('update');
  let idAlmacen = row?.idAlmacen ?? null;
  if (opciones.IdAlmacen !== undefined) {
    if (opciones.IdAlmacen !== null) {
      const ac = (f: string) => col(almacenesTable, f);
      const [a] = (await tx
        .select({ id: ac('Id'), baja: ac('Baja') })
        .from(almacenesTable)
        .where(and(eq(ac('empresaId'), empresaId), eq(ac('Id'), opciones.IdAlmacen)))) as {
        id: number;
        baja: boolean;
      }[];
      if (!a) throw fieldError('IdAlmacen', MSG_DATOS.referenceMissing);
      if (a.baja && opciones.IdAlmacen !== row?.idAlmacen) throw fieldError('IdAlmacen', MSG_DATOS.warehouseInactive);
    }
    idAlmacen = opciones.IdAlmacen;
  }
  const [emp] = await tx.select({ modulos: empresas.modulos }).from(empresas).where(eq(empresas.id, empresaId));
  const stockActivo = emp?.modulos?.ActStock === true;
  const antes = new Map(Object.entries((row?.movido ?? {}) as Record<string, string>).map(([k, v]) => [Number(k), v]));
  const antesAlmacen = row?.movidoAlmacen ?? null;
  // With the module off nothing moves (and what a document took out while it was on stays out).
  const deseada =
    stockActivo && !opciones.borrar
      ? await salidaDeseada(tx, empresaId, h, opciones.comoEmitida)
      : new Map<number, string>();
  let almacen = idAlmacen;
  if (deseada.size && almacen === null) {
    almacen = await almacenPorDefecto(tx, empresaId);
    if (almacen === null) throw new AppError(400, MSG_STOCK_VENTAS.sinAlmacen);
  }
  const netos = new Map<string, { IdAlmacen: number; IdProducto: number; q: ReturnType<typeof dec> }>();
  const suma = (alm: number, prod: number, q: ReturnType<typeof dec>) => {
    const key = `${alm}/${prod}`;
    const prev = netos.get(key);
    netos.set(key, { IdAlmacen: alm, IdProducto: prod, q: add(prev?.q ?? ZERO, q) });
  };
  if (stockActivo) {
    if (antesAlmacen !== null) for (const [p, q] of antes) suma(antesAlmacen, p, dec(q));
    if (almacen !== null) for (const [p, q] of deseada) suma(almacen, p, neg(dec(q)));
  }
  const moves: Move[] = [...netos.values()]
    .filter((m) => !isZero(m.q))
    .map((m) => ({ IdAlmacen: m.IdAlmacen, IdProducto: m.IdProducto, Cantidad: toFixed(m.q, 3), Modo: 'diferencia' }));
  if (moves.length) {
    const nombre = `${TITULO[h.tipo] ?? h.tipo} ${h.numSerie ?? `#${h.id}`}`;
    const motivo = deseada.size ? `${nombre}: salida de mercancía` : `${nombre}: devolución al stock`;
    await applyStockMoves(
      tx,
      quien,
      moves,
      'documento',
      motivo,
      { almacen: 'IdAlmacen', producto: 'Lineas' },
      nombre.slice(0, 40),
    );
  }
  if (opciones.borrar) return;
  const movido = Object.fromEntries([...deseada].map(([p, q]) => [String(p), q]));
  const movidoAlmacen = deseada.size ? almacen : stockActivo ? null : antesAlmacen;
  const guardar = stockActivo ? movido : Object.fromEntries([...antes].map(([p, q]) => [String(p), q]));
  if (!row && idAlmacen === null && !deseada.size) return;
  await tx
    .insert(sd)
    .values({ empresaId, idDocumento: id, idAlmacen, movido: guardar, movidoAlmacen })
    .onConflictDoUpdate({ target: [sd.empresaId, sd.idDocumento], set: { idAlmacen, movido: guardar, movidoAlmacen } });
}

/** The header's warehouse of a document (IdAlmacen in its JSON), null when none was chosen. */
export async function almacenDocumento(db: Db, empresaId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ a: sd.idAlmacen })
    .from(sd)
    .where(and(eq(sd.empresaId, empresaId), eq(sd.idDocumento, id)));
  return row?.a ?? null;
}
