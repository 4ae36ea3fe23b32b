import { isIsoDate, MSG, productos, resolvePrice, type Tariff, type TariffLine } from '@faro/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  clientesTable,
  col,
  type EntityTable,
  familiasTable,
  gruposctoTable,
  productosTable,
  tarifaslineasTable,
  tarifasTable,
} from '../../platform/tenancy/tables.ts';

const priceQuery = z.object({
  IdProducto: z.coerce
    .number({ error: MSG.required('Producto') })
    .int()
    .positive({ error: MSG.required('Producto') }),
  IdCliente: z.coerce.number().int().positive().optional(),
  Cantidad: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,3})?$/, { error: MSG.format })
    .default('1'),
  Fecha: z.string().refine(isIsoDate, { error: MSG.format }).optional(),
});

async function one(scope: Scope, table: EntityTable, id: number | null | undefined) {
  if (!id) return undefined;
  const [row]: Record<string, unknown>[] = await scope.select(table, eq(col(table, 'Id'), id)).limit(1);
  return row;
}

/** The family chain of a product, nearest first (bounded: a loop in the data cannot hang the request). */
async function familyChain(scope: Scope, first: number | null): Promise<number[]> {
  const chain: number[] = [];
  let next = first;
  while (next && chain.length < 10 && !chain.includes(next)) {
    chain.push(next);
    next = ((await one(scope, familiasTable, next))?.IdFamiliaPadre as number | null) ?? null;
  }
  return chain;
}

async function tariffWithLines(scope: Scope, id: number | null | undefined, product: number, families: number[]) {
  const t = await one(scope, tarifasTable, id);
  if (!t) return null;
  const l = (f: string) => col(tarifaslineasTable, f);
  const lines = (await scope.select(
    tarifaslineasTable,
    and(
      eq(l('IdTarifa'), t.Id as number),
      or(
        eq(l('IdProducto'), product),
        and(isNull(l('IdProducto')), inArray(l('IdFamilia'), families.length ? families : [-1])),
      ),
    ),
  )) as unknown as TariffLine[];
  return { ...(t as unknown as Tariff), Lineas: lines };
}

/**
 * `GET catalogo/tarifas/precio?IdProducto&IdCliente&Cantidad&Fecha`: the price a customer gets, by the one domain
 * function (`resolvePrice`): the customer's tariff, else their group's.
 */
export function registerPriceRoute(app: FastifyInstance, deps: AppDeps) {
  app.get(
    '/api/catalogo/tarifas/precio',
    {
      config: { access: access.permission(productos.permission, 1) },
      schema: { tags: ['catalogo'], summary: 'Precio de un producto para un cliente' },
    },
    async (request) => {
      const q = parseBody(priceQuery, request.query) as z.infer<typeof priceQuery>;
      const scope = deps.scopeOf(request);
      const product = await one(scope, productosTable, q.IdProducto);
      if (!product) throw notFound();
      const customer = await one(scope, clientesTable, q.IdCliente);
      if (q.IdCliente && !customer) throw fieldError('IdCliente', 'El cliente no existe');
      const group = await one(scope, gruposctoTable, customer?.IdGrupo as number | undefined);
      const families = await familyChain(scope, product.IdFamilia as number | null);
      const tarifas = [
        await tariffWithLines(scope, customer?.IdTarifa as number | undefined, q.IdProducto, families),
        await tariffWithLines(scope, group?.IdTarifa as number | undefined, q.IdProducto, families),
      ];
      return resolvePrice({
        precioBase: (product.PrecioVenta as string | null) ?? '0',
        idProducto: q.IdProducto,
        familias: families,
        cantidad: q.Cantidad,
        fecha: q.Fecha ?? new Date().toISOString().slice(0, 10),
        tarifas,
      });
    },
  );
}
