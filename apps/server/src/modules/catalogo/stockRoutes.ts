import { randomUUID } from 'node:crypto';
import { almacenes, formatDecimal, MSG, MSG_DATOS, stockChange } from '@faro/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  almacenesTable,
  col,
  movimientosstockTable,
  productosTable,
  stockTable,
} from '../../platform/tenancy/tables.ts';

const id = (label: string) =>
  z.coerce
    .number({ error: MSG.required(label) })
    .int({ error: MSG.format })
    .positive({ error: MSG.required(label) });
const quantity = z
  .union([z.string(), z.number()], { error: MSG.format })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^[+-]?\d{1,12}(\.\d{1,3})?$/.test(v), { error: MSG.format });
const motivo = z
  .string({ error: MSG.format })
  .trim()
  .max(200, { error: MSG.maxLength('Motivo', 200) })
  .nullish();

export const adjustBody = z.object({
  IdAlmacen: id('Almacén'),
  IdProducto: id('Producto'),
  Cantidad: quantity,
  Modo: z.enum(['diferencia', 'recuento'], { error: MSG.format }).default('diferencia'),
  Motivo: motivo,
});

export const transferBody = z
  .object({
    IdAlmacenOrigen: id('Almacén de origen'),
    IdAlmacenDestino: id('Almacén de destino'),
    Lineas: z
      .array(
        z.object({
          IdProducto: id('Producto'),
          Cantidad: quantity.refine((v) => Number(v) > 0, { error: MSG.min(0) }),
        }),
        { error: MSG.format },
      )
      .min(1, { error: MSG.required('Líneas') })
      .max(500, { error: MSG.max(500) }),
    Motivo: motivo,
  })
  .refine((b) => b.IdAlmacenOrigen !== b.IdAlmacenDestino, {
    error: MSG_DATOS.sameWarehouse,
    path: ['IdAlmacenDestino'],
  });

export interface Move {
  IdAlmacen: number;
  IdProducto: number;
  Cantidad: string;
  Modo: 'diferencia' | 'recuento';
}

const c = {
  stock: (f: string) => col(stockTable, f),
  alm: (f: string) => col(almacenesTable, f),
  prod: (f: string) => col(productosTable, f),
};

/**
 * Applies stock movements in one transaction: the stock rows are locked in a fixed order (no deadlock between two
 * transfers), each change is checked against the warehouse's negative-stock rule, and every movement is recorded
 * and audited. Either all lines move or none.
 */
async function applyMoves(
  scope: Scope,
  moves: Move[],
  tipo: 'ajuste' | 'traspaso',
  motivo: string | null | undefined,
  fields: { almacen: string; producto: string },
) {
  return scope.tx((t) => applyStockMoves(t, moves, tipo, motivo, fields));
}

type TipoMovimiento = 'ajuste' | 'traspaso' | 'documento';

/**
 * The rows read for some ids, by id, once every id is checked in order: one that was not found is `referenceMissing`
 * on `campo`, one that `comprobar` refuses is its message on `campo`.
 */
function porIdComprobado<R extends { Id: number }>(
  filas: R[],
  ids: readonly number[],
  campo: string,
  comprobar: (fila: R) => string | null,
): Map<number, R> {
  const porId = new Map(filas.map((f) => [f.Id, f]));
  for (const id of ids) {
    const fila = porId.get(id);
    if (!fila) throw fieldError(campo, MSG_DATOS.referenceMissing);
    const error = comprobar(fila);
    if (error) throw fieldError(campo, error);
  }
  return porId;
}

/**
 * The body of `applyMoves` inside a transaction the caller owns (sales documents move stock with their own
 * changes): same checks, same lock order, same records. `referencia` names the document for `documento` moves.
 */
export async function applyStockMoves(
  t: Scope,
  moves: Move[],
  tipo: TipoMovimiento,
  motivo: string | null | undefined,
  fields: { almacen: string; producto: string },
  referenciaDocumento: string | null = null,
) {
  {
    const warehouseIds = [...new Set(moves.map((m) => m.IdAlmacen))];
    const productIds = [...new Set(moves.map((m) => m.IdProducto))];
    const warehouses = porIdComprobado(
      (await t.pick(
        { Id: c.alm('Id'), Nombre: c.alm('Nombre'), Neg: c.alm('PermitirNegativo'), Baja: c.alm('Baja') },
        almacenesTable,
        inArray(c.alm('Id'), warehouseIds),
      )) as { Id: number; Nombre: string; Neg: boolean; Baja: boolean }[],
      warehouseIds,
      fields.almacen,
      (w) => (w.Baja ? MSG_DATOS.warehouseInactive : null),
    );
    const products = porIdComprobado(
      (await t.pick(
        { Id: c.prod('Id'), Descripcion: c.prod('Descripcion'), Control: c.prod('ControlStock') },
        productosTable,
        inArray(c.prod('Id'), productIds),
      )) as { Id: number; Descripcion: string; Control: boolean }[],
      productIds,
      fields.producto,
      (p) => (p.Control ? null : MSG_DATOS.noStockControl),
    );
    const sorted = [...moves].sort((a, b) => a.IdAlmacen - b.IdAlmacen || a.IdProducto - b.IdProducto);
    for (const m of sorted) {
      await t
        .insert(stockTable, { IdProducto: m.IdProducto, IdAlmacen: m.IdAlmacen, Cantidad: '0' })
        .onConflictDoNothing();
    }
    const referencia = tipo === 'traspaso' ? `TR-${randomUUID().slice(0, 8).toUpperCase()}` : referenciaDocumento;
    const fecha = new Date().toISOString();
    const movimientos: Record<string, unknown>[] = [];
    const current = new Map<string, string>();
    for (const m of sorted) {
      const key = `${m.IdAlmacen}/${m.IdProducto}`;
      if (!current.has(key)) {
        const [row] = (await t
          .pick(
            { Cantidad: c.stock('Cantidad') },
            stockTable,
            and(eq(c.stock('IdAlmacen'), m.IdAlmacen), eq(c.stock('IdProducto'), m.IdProducto)),
          )
          .for('update')) as { Cantidad: string }[];
        current.set(key, row?.Cantidad ?? '0');
      }
    }
    for (const m of moves) {
      const key = `${m.IdAlmacen}/${m.IdProducto}`;
      const w = warehouses.get(m.IdAlmacen)!;
      const change = stockChange(current.get(key) ?? '0', m.Cantidad, m.Modo, w.Neg);
      if (!change.ok) {
        throw new AppError(
          400,
          MSG_DATOS.negativeStock(
            products.get(m.IdProducto)!.Descripcion,
            w.Nombre,
            formatDecimal(change.StockResultante),
          ),
        );
      }
      current.set(key, change.StockResultante);
      movimientos.push({
        Fecha: fecha,
        Tipo: tipo,
        IdProducto: m.IdProducto,
        IdAlmacen: m.IdAlmacen,
        Cantidad: change.Cantidad,
        StockResultante: change.StockResultante,
        Motivo: motivo ?? null,
        Referencia: referencia,
        UserName: t.userName,
      });
    }
    for (const [key, cantidad] of current) {
      const [almacen, producto] = key.split('/').map(Number) as [number, number];
      await t.update(
        stockTable,
        { Cantidad: cantidad },
        and(eq(c.stock('IdAlmacen'), almacen), eq(c.stock('IdProducto'), producto)),
      );
    }
    const saved: Record<string, unknown>[] = await t.insert(movimientosstockTable, movimientos).returning();
    for (const mv of saved) {
      await t.audit({
        accion: 'A',
        recurso: 'movimientosstock',
        idRegistro: mv.Id as number,
        campos: {
          Tipo: tipo,
          IdProducto: mv.IdProducto,
          IdAlmacen: mv.IdAlmacen,
          Cantidad: mv.Cantidad,
          Referencia: referencia,
        },
      });
    }
    return {
      Referencia: referencia,
      Movimientos: saved.map(({ empresaId: _e, ...m }) => m),
      Stock: [...current].map(([key, Cantidad]) => {
        const [IdAlmacen, IdProducto] = key.split('/').map(Number);
        return { IdAlmacen, IdProducto, Cantidad };
      }),
    };
  }
}

/** Manual adjustments and transfers between warehouses (stock module, CataAlmacen level 2). */
export function registerStockRoutes(app: FastifyInstance, deps: AppDeps) {
  const config = { access: access.permission(almacenes.permission, 2, almacenes.module) };
  const tags = ['catalogo'];
  app.post(
    '/api/catalogo/almacenes/ajuste',
    { config, schema: { tags, summary: 'Ajuste manual de stock', body: adjustBody } },
    async (request, reply) => {
      const b = parseBody(adjustBody, request.body) as z.infer<typeof adjustBody>;
      const result = await applyMoves(
        deps.scopeOf(request),
        [{ IdAlmacen: b.IdAlmacen, IdProducto: b.IdProducto, Cantidad: b.Cantidad, Modo: b.Modo }],
        'ajuste',
        b.Motivo,
        { almacen: 'IdAlmacen', producto: 'IdProducto' },
      );
      return reply.status(201).send(result);
    },
  );
  app.post(
    '/api/catalogo/almacenes/traspaso',
    { config, schema: { tags, summary: 'Traspaso entre almacenes', body: transferBody } },
    async (request, reply) => {
      const b = parseBody(transferBody, request.body) as z.infer<typeof transferBody>;
      const moves: Move[] = b.Lineas.flatMap((l) => [
        {
          IdAlmacen: b.IdAlmacenOrigen,
          IdProducto: l.IdProducto,
          Cantidad: `-${l.Cantidad}`,
          Modo: 'diferencia' as const,
        },
        { IdAlmacen: b.IdAlmacenDestino, IdProducto: l.IdProducto, Cantidad: l.Cantidad, Modo: 'diferencia' as const },
      ]);
      const result = await applyMoves(deps.scopeOf(request), moves, 'traspaso', b.Motivo, {
        almacen: 'IdAlmacenOrigen',
        producto: 'Lineas',
      });
      return reply.status(201).send(result);
    },
  );
}
