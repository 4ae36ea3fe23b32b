import { add, dec, ES_FACTURA, isZero, MSG, MSG_DATOS, neg, toFixed, ZERO } from '@faro/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { plantilla } from '../../platform/tenancy/plantilla.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { almacenesTable, col, empresa, productosTable } from '../../platform/tenancy/tables.ts';
import { applyStockMoves, type Move } from '../catalogo/stockRoutes.ts';
import { asignarLotesVenta } from '../compras/lotes.ts';
import type { Cabecera, LadoDocumentos, LecturaPrevia } from './lado.ts';

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

/** What the stock needs of a document's line (an issuing passes the lines it already loaded). */
export interface LineaStock {
  idProducto?: number | null | undefined;
  cantidad: string;
  idLineaOrigen?: number | null | undefined;
}

/** The stock moved by one side's documents (sales take goods out, purchases bring them in). */
/** What a stock sync leaves: the document's stored warehouse and whether it wrote lots on its lines (FEFO). */
export interface ResultadoStock {
  idAlmacen: number | null;
  lotes: boolean;
}

export function stockDe(lado: LadoDocumentos) {
  const { cabecera: dv, lineas: dl, stock: sd } = lado.tablas;
  /**
   * `sincronizarStock`'s first read as one json value: the company's modules, the document's stock row (locked: a
   * sub-select FOR UPDATE) and which of `stock_productos` control stock. A template alone, or folded into issuing's
   * first statement (`lecturaStock`).
   */
  const STOCK_JSON: LecturaPrevia['sql'] = (p, de) => {
    const n = (k: { name: string }) => sql.identifier(k.name);
    const pc = (f: string) => n(col(productosTable, f));
    return sql`select json_build_object(
        'modulos', (select e.${n(empresa.modulos)} from empresas e where e.${n(empresa.id)} = ${p('stock_empresa')}),
        'stock', (
          select json_build_object('idAlmacen', sd.${n(sd.idAlmacen)}, 'movido', sd.${n(sd.movido)},
            'movidoAlmacen', sd.${n(sd.movidoAlmacen)})
          from ${sd} sd where ${de('sd')} and sd.${n(sd.idDocumento)} = ${p('stock_documento')} for update
        ),
        'control', (
          select json_agg(p.${pc('Id')}) from ${productosTable} p
          where ${de('p')} and p.${pc('ControlStock')} and p.${pc('Id')} = any(${p('stock_productos')}::bigint[])
        ))`;
  };
  const qStock = plantilla((p, de) => sql`select (${STOCK_JSON(p, de)}) as leido`);
  const valoresStock = (s: Scope, id: number, lineas: readonly LineaStock[] | undefined) => ({
    stock_empresa: s.empresaId,
    stock_documento: id,
    stock_productos: [
      ...new Set((lineas ?? []).map((l) => l.idProducto).filter((p): p is number => typeof p === 'number')),
    ],
  });
  /** `sincronizarStock`'s first read of an issue, folded into the issue's first statement; pass its answer back. */
  const lecturaStock = (s: Scope, id: number, lineas: readonly LineaStock[]): LecturaPrevia => ({
    nombre: 'stock',
    sql: STOCK_JSON,
    valores: valoresStock(s, id, lineas),
  });

  /** Quantities (per product) the document should have taken out of stock now; empty when none. */
  async function salidaDeseada(
    s: Scope,
    h: Cabecera,
    comoEmitida = false,
    /** The document's stored lines when the caller already has them (issuing): no re-read. */
    cargadas?: readonly LineaStock[],
    /** Which of those lines' products control stock, when already read (with the stock row): no re-read. */
    controlLeido?: ReadonlySet<number>,
  ): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (h.estado === 'Anulada') return out;
    if (!lado.stock.mueve(h, comoEmitida)) return out;
    const facturaEmitida = ES_FACTURA(h.tipo);
    let lineas = cargadas
      ? cargadas.map((l) => ({
          idProducto: l.idProducto ?? null,
          cantidad: l.cantidad,
          origen: l.idLineaOrigen ?? null,
        }))
      : await s.pick(
          { idProducto: dl.idProducto, cantidad: dl.cantidad, origen: dl.idLineaOrigen },
          dl,
          eq(dl.idDocumento, h.id),
        );
    if (facturaEmitida) {
      // Goods already taken out by their delivery note are not taken out again by the invoice.
      const origenes = lineas.map((l) => l.origen).filter((o): o is number => o !== null);
      const deAlbaran = new Set(
        origenes.length
          ? (
              await s
                .pick({ id: dl.id }, dl, and(inArray(dl.id, origenes), eq(dv.tipo, 'albaran')))
                .innerJoin(dv, s.on(dv, eq(dv.id, dl.idDocumento)))
            ).map((r) => r.id)
          : [],
      );
      lineas = lineas.filter((l) => l.origen === null || !deAlbaran.has(l.origen));
    }
    const ids = [...new Set(lineas.map((l) => l.idProducto).filter((p): p is number => p !== null))];
    if (!ids.length) return out;
    const pc = (f: string) => col(productosTable, f);
    const conControl =
      controlLeido ??
      new Set(
        (
          (await s.pick(
            { id: pc('Id') },
            productosTable,
            and(inArray(pc('Id'), ids), eq(pc('ControlStock'), true)),
          )) as {
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

  async function almacenPorDefecto(s: Scope): Promise<number | null> {
    const ac = (f: string) => col(almacenesTable, f);
    const [a] = (await s
      .pick({ id: ac('Id') }, almacenesTable, eq(ac('Baja'), false))
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
   * Returns the document's stored warehouse afterwards (what `almacenDocumento` would read) and whether it wrote
   * lots on the lines (undefined when deleting).
   */
  async function sincronizarStock(
    s: Scope,
    id: number,
    /**
     * comoEmitida: an invoice draft being issued in this transaction, before it takes its number (emitirFactura);
     * cabecera / lineas: the document's header and stored lines when the caller already loaded them (issuing), so
     * they are not read again.
     */
    opciones: {
      IdAlmacen?: number | null;
      borrar?: boolean;
      comoEmitida?: boolean;
      cabecera?: Cabecera;
      lineas?: readonly LineaStock[];
      /** `lecturaStock`'s answer, when the issue's first statement read it. */
      leido?: unknown;
    } = {},
  ): Promise<ResultadoStock | undefined> {
    const h = opciones.cabecera ?? (await s.select(dv, eq(dv.id, id)))[0];
    if (!h) throw notFound();
    // ONE round trip, unless the issue's first statement already read it (`leido`): the company's modules and the
    // document's stock row, locked; with the lines given (issuing), also which of their products control stock.
    const fila = (
      opciones.leido !== undefined
        ? opciones.leido
        : (await s.consulta(qStock, valoresStock(s, id, opciones.lineas)))[0]?.leido
    ) as {
      modulos: { ActStock?: boolean } | null;
      stock: { idAlmacen: number | null; movido: unknown; movidoAlmacen: number | null } | null;
      control: number[] | null;
    } | null;
    const control = opciones.lineas ? new Set((fila?.control ?? []).map(Number)) : undefined;
    const row = fila?.stock ?? undefined;
    let idAlmacen = row?.idAlmacen ?? null;
    if (opciones.IdAlmacen !== undefined) {
      if (opciones.IdAlmacen !== null) {
        const ac = (f: string) => col(almacenesTable, f);
        const [a] = (await s.pick(
          { id: ac('Id'), baja: ac('Baja') },
          almacenesTable,
          eq(ac('Id'), opciones.IdAlmacen),
        )) as {
          id: number;
          baja: boolean;
        }[];
        if (!a) throw fieldError('IdAlmacen', MSG_DATOS.referenceMissing);
        if (a.baja && opciones.IdAlmacen !== row?.idAlmacen) throw fieldError('IdAlmacen', MSG_DATOS.warehouseInactive);
      }
      idAlmacen = opciones.IdAlmacen;
    }
    const stockActivo = fila?.modulos?.ActStock === true;
    const antes = new Map(
      Object.entries((row?.movido ?? {}) as Record<string, string>).map(([k, v]) => [Number(k), v]),
    );
    const antesAlmacen = row?.movidoAlmacen ?? null;
    // With the module off nothing moves (and what a document took out while it was on stays out).
    const deseada =
      stockActivo && !opciones.borrar
        ? await salidaDeseada(s, h, opciones.comoEmitida, opciones.lineas, control)
        : new Map<number, string>();
    let almacen = idAlmacen;
    if (deseada.size && almacen === null) {
      almacen = await almacenPorDefecto(s);
      if (almacen === null) throw new AppError(400, MSG_STOCK_VENTAS.sinAlmacen);
    }
    // Sales of products traced by lot take the first-expiring lot with stock, or are refused.
    const lotes =
      lado.stock.signo < 0 && deseada.size && almacen !== null ? await asignarLotesVenta(s, dl, id, almacen) : false;
    const netos = new Map<string, { IdAlmacen: number; IdProducto: number; q: ReturnType<typeof dec> }>();
    const suma = (alm: number, prod: number, q: ReturnType<typeof dec>) => {
      const key = `${alm}/${prod}`;
      const prev = netos.get(key);
      netos.set(key, { IdAlmacen: alm, IdProducto: prod, q: add(prev?.q ?? ZERO, q) });
    };
    if (stockActivo) {
      if (antesAlmacen !== null)
        for (const [p, q] of antes) suma(antesAlmacen, p, lado.stock.signo < 0 ? dec(q) : neg(dec(q)));
      if (almacen !== null) for (const [p, q] of deseada) suma(almacen, p, lado.stock.signo < 0 ? neg(dec(q)) : dec(q));
    }
    const moves: Move[] = [...netos.values()]
      .filter((m) => !isZero(m.q))
      .map((m) => ({
        IdAlmacen: m.IdAlmacen,
        IdProducto: m.IdProducto,
        Cantidad: toFixed(m.q, 3),
        Modo: 'diferencia',
      }));
    if (moves.length) {
      const nombre = `${lado.stock.titulo[h.tipo] ?? h.tipo} ${h.numSerie ?? `#${h.id}`}`;
      const motivo = `${nombre}: ${deseada.size ? lado.stock.motivo.mueve : lado.stock.motivo.devuelve}`;
      await applyStockMoves(
        s,
        moves,
        'documento',
        motivo,
        { almacen: 'IdAlmacen', producto: 'Lineas' },
        nombre.slice(0, 40),
      );
    }
    if (opciones.borrar) return undefined;
    const movido = Object.fromEntries([...deseada].map(([p, q]) => [String(p), q]));
    const movidoAlmacen = deseada.size ? almacen : stockActivo ? null : antesAlmacen;
    const guardar = stockActivo ? movido : Object.fromEntries([...antes].map(([p, q]) => [String(p), q]));
    if (!row && idAlmacen === null && !deseada.size) return { idAlmacen: null, lotes };
    await s.insert(sd, { idDocumento: id, idAlmacen, movido: guardar, movidoAlmacen }).onConflictDoUpdate({
      target: [sd.empresaId, sd.idDocumento],
      set: { idAlmacen, movido: guardar, movidoAlmacen },
    });
    return { idAlmacen, lotes };
  }

  /** The header's warehouse of a document (IdAlmacen in its JSON), null when none was chosen. */
  async function almacenDocumento(s: Scope, id: number): Promise<number | null> {
    const [row] = await s.pick({ a: sd.idAlmacen }, sd, eq(sd.idDocumento, id));
    return row?.a ?? null;
  }

  return { lecturaStock, sincronizarStock, almacenDocumento };
}
