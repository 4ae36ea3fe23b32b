import { add, compare, dec, isZero, MSG, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { Db } from '../../../platform/db/database.ts';
import { col } from '../../../platform/db/entityTable.ts';
import { cobrosVenta as cv, documentosVenta as dv, tesoreriaTable } from '../../../platform/db/schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import { cargarCabecera } from './documentosRepository.ts';
import { TIPOS_FACTURA } from './emitir.ts';
import { liquidarVencimientos } from './vencimientos.ts';

export const MSG_COBROS = {
  noEmitida: 'Sólo se pueden cobrar facturas emitidas y no anuladas',
  excede: (pendiente: string) => `El cobro supera el importe pendiente de la factura (${pendiente} €)`,
  cuenta: 'La cuenta de tesorería no existe',
  importe: 'El importe debe ser distinto de cero',
};

const cobroBody = z.object({
  IdFactura: z.coerce
    .number({ error: MSG.required('Factura') })
    .int()
    .positive({ error: MSG.required('Factura') }),
  Fecha: z.string({ error: MSG.format }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.format }),
  Importe: z
    .union([z.string(), z.number()], { error: MSG.format })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), { error: MSG.format }),
  IdTesoreria: z.coerce
    .number({ error: MSG.required('Cuenta') })
    .int()
    .positive({ error: MSG.required('Cuenta') }),
  IdConcepto: z.coerce.number().int().positive().nullish(),
  Notas: z
    .string()
    .trim()
    .max(500, { error: MSG.maxLength('Notas', 500) })
    .nullish(),
});

const json = (r: typeof cv.$inferSelect) => ({
  Id: r.id,
  IdFactura: r.idFactura,
  Fecha: r.fecha,
  Importe: r.importe,
  IdTesoreria: r.idTesoreria,
  IdConcepto: r.idConcepto,
  Notas: r.notas,
});

/** Recomputes an invoice's collection status from its collections (the trigger allows that one change). */
async function recalcularEstadoCobro(tx: Db, empresaId: number, idFactura: number, total: string): Promise<void> {
  const rows = await tx
    .select({ importe: cv.importe })
    .from(cv)
    .where(and(eq(cv.empresaId, empresaId), eq(cv.idFactura, idFactura)));
  const cobrado = rows.reduce((s, r) => add(s, dec(r.importe)), ZERO);
  const estado = isZero(cobrado)
    ? 'Pendiente'
    : compare(cobrado, dec(total)) === 0
      ? 'Cobrado'
      : 'Cobrado parcialmente';
  await tx
    .update(dv)
    .set({ estadoCobro: estado })
    .where(and(eq(dv.empresaId, empresaId), eq(dv.id, idFactura)));
  await liquidarVencimientos(tx, empresaId, idFactura);
}

export type CobroInput = z.infer<typeof cobroBody>;

/**
 * Records a full or partial collection of an issued invoice, inside the caller's transaction: never above what is
 * pending (below for a negative total), then the invoice's EstadoCobro and its due dates are recomputed. The route
 * `movstesoreriac/save` and the demo seed both go through it.
 */
export async function registrarCobro(tx: Db, empresaId: number, body: CobroInput): Promise<typeof cv.$inferSelect> {
  const factura = await cargarCabecera(tx, empresaId, body.IdFactura, TIPOS_FACTURA, true).catch(() => {
    throw fieldError('IdFactura', MSG_COBROS.noEmitida);
  });
  if (factura.numero === null || factura.estado === 'Anulada') throw badRequest(MSG_COBROS.noEmitida);
  const tc = (f: string) => col(tesoreriaTable, f);
  const [cuenta] = await tx
    .select({ id: tc('Id') })
    .from(tesoreriaTable)
    .where(and(eq(tc('empresaId'), empresaId), eq(tc('Id'), body.IdTesoreria)));
  if (!cuenta) throw fieldError('IdTesoreria', MSG_COBROS.cuenta);
  const importe = dec(body.Importe);
  if (isZero(importe)) throw fieldError('Importe', MSG_COBROS.importe);
  const previos = await tx
    .select({ importe: cv.importe })
    .from(cv)
    .where(and(eq(cv.empresaId, empresaId), eq(cv.idFactura, factura.id)));
  const cobrado = previos.reduce((s, r) => add(s, dec(r.importe)), ZERO);
  const total = dec(factura.total);
  const pendiente = toFixed(sub(total, cobrado), 2);
  const despues = add(cobrado, importe);
  const fuera = compare(total, ZERO) >= 0 ? compare(despues, total) > 0 : compare(despues, total) < 0;
  if (fuera) throw fieldError('Importe', MSG_COBROS.excede(pendiente));
  const [ins] = await tx
    .insert(cv)
    .values({
      empresaId: empresaId,
      idFactura: factura.id,
      fecha: body.Fecha,
      importe: toFixed(importe, 2),
      idTesoreria: body.IdTesoreria,
      idConcepto: body.IdConcepto ?? null,
      notas: body.Notas ?? null,
    })
    .returning();
  await recalcularEstadoCobro(tx, empresaId, factura.id, factura.total);
  return ins!;
}

/** `movstesoreriac`: collections of issued invoices (list, edit, save, delete). */
export function registerCobros(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/movstesoreriac';
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission('TesoMovsCajaBanco', level) });
  const schema = (summary: string) => ({ schema: { tags: ['tesoreria'], summary } });
  const idOf = (request: { params: unknown }) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return id;
  };
  const load = async (db: Db, empresaId: number, id: number) => {
    const [row] = await db
      .select()
      .from(cv)
      .where(and(eq(cv.empresaId, empresaId), eq(cv.id, id)));
    if (!row) throw notFound();
    return row;
  };

  app.get(`${base}/list`, { config: perm(1), ...schema('Cobros') }, async (request) => {
    const scope = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const conds: SQL[] = [eq(cv.empresaId, scope.empresaId)];
    const f = q.Filtros as Record<string, unknown>;
    if (f.IdFactura !== undefined && Number.isSafeInteger(Number(f.IdFactura)))
      conds.push(eq(cv.idFactura, Number(f.IdFactura)));
    if (f.IdTesoreria !== undefined && Number.isSafeInteger(Number(f.IdTesoreria)))
      conds.push(eq(cv.idTesoreria, Number(f.IdTesoreria)));
    const dia = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    if (dia(f.FechaDesde)) conds.push(gte(cv.fecha, f.FechaDesde as string));
    if (dia(f.FechaHasta)) conds.push(lte(cv.fecha, f.FechaHasta as string));
    const where = and(...conds);
    // The invoice's number and customer beside each collection (the list shows them).
    const rows = await scope.db
      .select({ c: cv, NumSerie: dv.numSerie, ClienteNombre: dv.clienteNombre })
      .from(cv)
      .innerJoin(dv, and(eq(dv.empresaId, cv.empresaId), eq(dv.id, cv.idFactura)))
      .where(where)
      .orderBy(...(q.Descendente ? [desc(cv.fecha), desc(cv.id)] : [asc(cv.fecha), asc(cv.id)]))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const capped = scope.db
      .select({ one: sql`1` })
      .from(cv)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('c');
    const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(capped);
    const total = Number(count?.n ?? 0);
    const items = rows.map((r) => ({ ...json(r.c), NumSerie: r.NumSerie, ClienteNombre: r.ClienteNombre }));
    return { Items: items, Total: Math.min(total, COUNT_CAP), TotalLimitado: total > COUNT_CAP };
  });

  app.get(`${base}/edit/:id`, { config: perm(1), ...schema('Cobro') }, async (request) => {
    const scope = deps.scopeOf(request);
    return json(await load(scope.db, scope.empresaId, idOf(request)));
  });

  app.post(`${base}/save`, { config: perm(2), ...schema('Registrar un cobro') }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const body = parseBody(cobroBody, request.body) as z.infer<typeof cobroBody>;
    const row = await scope.db.transaction((t) => registrarCobro(t as unknown as Db, scope.empresaId, body));
    return reply.status(201).send(json(row));
  });

  app.delete(`${base}/delete/:id`, { config: perm(3), ...schema('Borrar un cobro') }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const row = await load(tx, scope.empresaId, id);
      const factura = await cargarCabecera(tx, scope.empresaId, row.idFactura, TIPOS_FACTURA, true);
      await tx.delete(cv).where(and(eq(cv.empresaId, scope.empresaId), eq(cv.id, id)));
      await recalcularEstadoCobro(tx, scope.empresaId, factura.id, factura.total);
    });
    return { Id: id };
  });
}
