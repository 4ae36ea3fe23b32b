import { MSG, type StockLote } from '@faro/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  almacenesTable,
  col,
  documentosCompra,
  documentosCompraLineas,
  documentosVenta,
  documentosVentaLineas,
  productosTable,
  stockDocumentosCompra,
  stockDocumentosVenta,
  type TablaLineas,
} from '../../platform/tenancy/tables.ts';

/**
 * Lots and expiry (spec §9 traceability `lote` / `lotefecha`): stock per lot is what the documents that
 * moved stock carried on their lines — purchase receipts in (a delivery note Recibido, a registered invoice not from
 * one), sales out (a delivery note sent, an issued invoice) — in the warehouse each document moved it in
 * (`stock_documentos_*`). Derived, so it never drifts from the stock moves: a cancellation or an edit changes both.
 * Sales of traced products take the first-expiring lot with stock when none is given, and refuse a lot without
 * enough stock when the warehouse forbids negative stock.
 */
export const MSG_LOTES = {
  sinStock: (linea: number, lote: string, queda: string) =>
    `Línea ${linea}: no hay stock suficiente del lote ${lote} (quedan ${queda})`,
} as const;

const LADOS = [
  { lado: 'compra', signo: 1, d: documentosCompra, l: documentosCompraLineas, sd: stockDocumentosCompra },
  { lado: 'venta', signo: -1, d: documentosVenta, l: documentosVentaLineas, sd: stockDocumentosVenta },
] as const;

/** Lines with a lot of one product that moved stock, both sides (`excluirVenta`: a sales document being re-synced). */
const movimientosLote = (empresaId: number, idProducto: number, excluirVenta?: number) =>
  sql.join(
    LADOS.map(
      ({ lado, signo, d, l, sd }) => sql`select ${l.lote} as lote, ${l.caducidad} as caducidad,
        ${sd.movidoAlmacen} as id_almacen, ${signo}::int as signo, ${l.cantidad} as cantidad, ${d.id} as id_documento,
        ${d.tipo} as tipo, ${d.fecha} as fecha, ${d.numSerie} as num_serie, ${lado}::text as lado
      from ${l}
      join ${d} on ${d.empresaId} = ${l.empresaId} and ${d.id} = ${l.idDocumento}
      join ${sd} on ${sd.empresaId} = ${d.empresaId} and ${sd.idDocumento} = ${d.id}
      where ${l.empresaId} = ${empresaId} and ${l.idProducto} = ${idProducto} and ${l.lote} is not null
        and ${sd.movidoAlmacen} is not null and (${sd.movido} ->> ${String(idProducto)}) is not null
        ${lado === 'venta' && excluirVenta ? sql`and ${d.id} <> ${excluirVenta}` : sql``}`,
    ),
    sql` union all `,
  );

/** Stock per lot of a product (optionally one warehouse), first expiry first. */
export async function stockLotes(
  s: Scope,
  idProducto: number,
  idAlmacen?: number | null,
  excluirVenta?: number,
): Promise<StockLote[]> {
  const rows = await s.execute(
    (empresaId) => sql`select m.lote, max(m.caducidad)::text as caducidad, m.id_almacen,
      sum(m.cantidad) filter (where m.signo > 0)::text as entradas,
      sum(m.cantidad) filter (where m.signo < 0)::text as salidas,
      sum(m.cantidad * m.signo)::text as stock
    from (${movimientosLote(empresaId, idProducto, excluirVenta)}) m
    ${idAlmacen ? sql`where m.id_almacen = ${idAlmacen}` : sql``}
    group by m.lote, m.id_almacen
    order by max(m.caducidad) nulls last, m.lote, m.id_almacen`,
  );
  return rows.map((r) => ({
    Lote: String(r.lote),
    Caducidad: (r.caducidad as string | null) ?? null,
    IdAlmacen: Number(r.id_almacen),
    Entradas: Number(r.entradas ?? 0).toFixed(3),
    Salidas: Number(r.salidas ?? 0).toFixed(3),
    Stock: Number(r.stock ?? 0).toFixed(3),
  }));
}

/**
 * Sales of traced products (called by the engine's stock sync when a sales document takes goods out of `almacen`,
 * before the moves): a line without a lot takes the first-expiring lot with stock (FEFO); a lot without enough
 * stock is refused when the warehouse forbids negative stock. True when it wrote a lot on a line.
 */
export async function asignarLotesVenta(
  s: Scope,
  lineasTabla: TablaLineas,
  idDocumento: number,
  almacen: number,
): Promise<boolean> {
  const dl = lineasTabla;
  let asignado = false;
  const lineas = await s
    .pick(
      { id: dl.id, orden: dl.orden, idProducto: dl.idProducto, cantidad: dl.cantidad, lote: dl.lote },
      dl,
      eq(dl.idDocumento, idDocumento),
    )
    .orderBy(dl.orden);
  const ids = [...new Set(lineas.map((l) => l.idProducto).filter((p): p is number => p !== null))];
  if (!ids.length) return false;
  const pc = (f: string) => col(productosTable, f);
  const trazados = new Set(
    (
      (await s.pick(
        { id: pc('Id') },
        productosTable,
        and(inArray(pc('Id'), ids), inArray(pc('Trazabilidad'), ['lote', 'lotefecha'])),
      )) as { id: number }[]
    ).map((p) => p.id),
  );
  if (!trazados.size) return false;
  const ac = (f: string) => col(almacenesTable, f);
  const [alm] = (await s.pick({ neg: ac('PermitirNegativo') }, almacenesTable, eq(ac('Id'), almacen))) as {
    neg: boolean | null;
  }[];
  const negativo = alm?.neg === true;
  const disponible = new Map<number, Map<string, { stock: number; caducidad: string | null }>>();
  for (const p of trazados)
    disponible.set(
      p,
      new Map(
        (await stockLotes(s, p, almacen, idDocumento)).map((l) => [
          l.Lote,
          { stock: Number(l.Stock), caducidad: l.Caducidad },
        ]),
      ),
    );
  for (const l of lineas) {
    if (l.idProducto === null || !trazados.has(l.idProducto)) continue;
    const lotes = disponible.get(l.idProducto)!;
    const q = Number(l.cantidad);
    let lote = l.lote;
    if (!lote) {
      // First expiry first: the list is ordered by expiry; the first lot that covers the line.
      const fefo = [...lotes].find(([, v]) => v.stock >= q) ?? [...lotes].find(([, v]) => v.stock > 0);
      // No lot in stock (opening stock counted without lots): the warehouse's own stock rule decides.
      if (!fefo) continue;
      lote = fefo[0];
      await s.update(dl, { lote, caducidad: fefo[1].caducidad }, eq(dl.id, l.id));
      asignado = true;
    }
    const v = lotes.get(lote) ?? { stock: 0, caducidad: null };
    if (v.stock < q && !negativo)
      throw fieldError(`Lineas[${l.orden - 1}].Lote`, MSG_LOTES.sinStock(l.orden, lote, v.stock.toFixed(3)));
    lotes.set(lote, { ...v, stock: v.stock - q });
  }
  return asignado;
}

const idParam = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive({ error: MSG.format });

/** `GET /api/compras/lotes/list?IdProducto=&IdAlmacen=` and `/api/compras/lotes/historial?IdProducto=&Lote=`. */
export function registrarLotes(app: FastifyInstance, deps: AppDeps): void {
  const config = { access: access.permission('CataProdServ', 1) };
  const tags = ['compras'];
  const query = (q: unknown) => {
    const parsed = z
      .object({
        IdProducto: idParam,
        IdAlmacen: idParam.nullish(),
        Lote: z.string().trim().min(1).max(50).nullish(),
      })
      .safeParse(q ?? {});
    if (!parsed.success) throw fieldError(String(parsed.error.issues[0]?.path[0] ?? 'IdProducto'), MSG.format);
    return parsed.data;
  };

  app.get(
    '/api/compras/lotes/list',
    { config, schema: { tags, summary: 'Stock por lote de un producto' } },
    async (request) => {
      const q = query(request.query);
      return { Items: await stockLotes(deps.scopeOf(request), q.IdProducto, q.IdAlmacen) };
    },
  );

  app.get(
    '/api/compras/lotes/historial',
    { config, schema: { tags, summary: 'Historial de un lote: de dónde vino y adónde fue' } },
    async (request) => {
      const q = query(request.query);
      const rows = await deps.scopeOf(request).execute(
        (empresaId) => sql`select m.* , m.fecha::text as fecha_txt, m.caducidad::text as caducidad_txt
          from (${movimientosLote(empresaId, q.IdProducto)}) m
          ${q.Lote ? sql`where m.lote = ${q.Lote}` : sql``}
          order by m.fecha, m.id_documento`,
      );
      return {
        Items: rows.map((r) => ({
          Lote: String(r.lote),
          Caducidad: (r.caducidad_txt as string | null) ?? null,
          Fecha: String(r.fecha_txt),
          Lado: r.lado === 'compra' ? 'Entrada' : 'Salida',
          Documento: `${r.lado === 'compra' ? 'compras' : 'ventas'}/${String(r.tipo)}`,
          IdDocumento: Number(r.id_documento),
          NumSerie: (r.num_serie as string | null) ?? null,
          IdAlmacen: Number(r.id_almacen),
          Cantidad: Number(r.cantidad).toFixed(3),
        })),
      };
    },
  );
}
