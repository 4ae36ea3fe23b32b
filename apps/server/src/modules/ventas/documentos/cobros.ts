import { add, compare, dec, isZero, MSG, sub, toFixed, ZERO } from '@faro/domain';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import { COUNT_CAP, MAX_OFFSET, parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { col, cobrosVenta as cv, documentosVenta as dv, tesoreriaTable } from '../../../platform/tenancy/tables.ts';
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

/** A collection as the API shows it: the stored row itself (its properties are the API's names). */
const json = ({ empresaId: _, CreadoEn: __, ...r }: typeof cv.$inferSelect) => r;

/** Recomputes an invoice's collection status from its collections (the trigger allows that one change). */
async function recalcularEstadoCobro(t: Scope, idFactura: number, total: string): Promise<void> {
  const rows = await t.pick({ importe: cv.Importe }, cv, eq(cv.IdFactura, idFactura));
  const cobrado = rows.reduce((s, r) => add(s, dec(r.importe)), ZERO);
  const estado = isZero(cobrado)
    ? 'Pendiente'
    : compare(cobrado, dec(total)) === 0
      ? 'Cobrado'
      : 'Cobrado parcialmente';
  await t.update(dv, { estadoCobro: estado }, eq(dv.id, idFactura));
  await liquidarVencimientos(t, idFactura);
}

export type CobroInput = z.infer<typeof cobroBody>;

/**
 * Records a full or partial collection of an issued invoice, inside the caller's transaction: never above what is
 * pending (below for a negative total), then the invoice's EstadoCobro and its due dates are recomputed. The route
 * `movstesoreriac/save` and the demo seed both go through it.
 */
export async function registrarCobro(t: Scope, body: CobroInput): Promise<typeof cv.$inferSelect> {
  const factura = await cargarCabecera(t, body.IdFactura, TIPOS_FACTURA, true).catch(() => {
    throw fieldError('IdFactura', MSG_COBROS.noEmitida);
  });
  if (factura.numero === null || factura.estado === 'Anulada') throw badRequest(MSG_COBROS.noEmitida);
  const tc = (f: string) => col(tesoreriaTable, f);
  const [cuenta] = await t.pick({ id: tc('Id') }, tesoreriaTable, eq(tc('Id'), body.IdTesoreria));
  if (!cuenta) throw fieldError('IdTesoreria', MSG_COBROS.cuenta);
  const importe = dec(body.Importe);
  if (isZero(importe)) throw fieldError('Importe', MSG_COBROS.importe);
  const previos = await t.pick({ importe: cv.Importe }, cv, eq(cv.IdFactura, factura.id));
  const cobrado = previos.reduce((s, r) => add(s, dec(r.importe)), ZERO);
  const total = dec(factura.total);
  const pendiente = toFixed(sub(total, cobrado), 2);
  const despues = add(cobrado, importe);
  const fuera = compare(total, ZERO) >= 0 ? compare(despues, total) > 0 : compare(despues, total) < 0;
  if (fuera) throw fieldError('Importe', MSG_COBROS.excede(pendiente));
  const [ins] = await t
    .insert(cv, {
      IdFactura: factura.id,
      Fecha: body.Fecha,
      Importe: toFixed(importe, 2),
      IdTesoreria: body.IdTesoreria,
      IdConcepto: body.IdConcepto ?? null,
      Notas: body.Notas ?? null,
    })
    .returning();
  await recalcularEstadoCobro(t, factura.id, factura.total);
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
  const load = async (s: Scope, id: number) => {
    const [row] = await s.select(cv, eq(cv.Id, id));
    if (!row) throw notFound();
    return row;
  };

  app.get(`${base}/list`, { config: perm(1), ...schema('Cobros') }, async (request) => {
    const scope = deps.scopeOf(request);
    const q = parseListQuery(request.query);
    const conds: SQL[] = [];
    const f = q.Filtros as Record<string, unknown>;
    if (f.IdFactura !== undefined && Number.isSafeInteger(Number(f.IdFactura)))
      conds.push(eq(cv.IdFactura, Number(f.IdFactura)));
    if (f.IdTesoreria !== undefined && Number.isSafeInteger(Number(f.IdTesoreria)))
      conds.push(eq(cv.IdTesoreria, Number(f.IdTesoreria)));
    const dia = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    if (dia(f.FechaDesde)) conds.push(gte(cv.Fecha, f.FechaDesde as string));
    if (dia(f.FechaHasta)) conds.push(lte(cv.Fecha, f.FechaHasta as string));
    const where = and(...conds);
    // The invoice's number and customer beside each collection (the list shows them).
    const rows = await scope
      .pick({ c: cv, NumSerie: dv.numSerie, ClienteNombre: dv.terceroNombre }, cv, where)
      .innerJoin(dv, scope.on(dv, eq(dv.id, cv.IdFactura)))
      .orderBy(...(q.Descendente ? [desc(cv.Fecha), desc(cv.Id)] : [asc(cv.Fecha), asc(cv.Id)]))
      .limit(q.TotalPagina)
      .offset(Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET));
    const capped = scope.pick({ one: sql`1` }, cv, where).limit(COUNT_CAP + 1);
    const [count] = await scope.execute<{ n: number }>(() => sql`select count(*)::int as n from (${capped}) c`);
    const total = Number(count?.n ?? 0);
    const items = rows.map((r) => ({ ...json(r.c), NumSerie: r.NumSerie, ClienteNombre: r.ClienteNombre }));
    return { Items: items, Total: Math.min(total, COUNT_CAP), TotalLimitado: total > COUNT_CAP };
  });

  app.get(`${base}/edit/:id`, { config: perm(1), ...schema('Cobro') }, async (request) => {
    const scope = deps.scopeOf(request);
    return json(await load(scope, idOf(request)));
  });

  app.post(`${base}/save`, { config: perm(2), ...schema('Registrar un cobro') }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const body = parseBody(cobroBody, request.body) as z.infer<typeof cobroBody>;
    const row = await scope.tx((t) => registrarCobro(t, body));
    return reply.status(201).send(json(row));
  });

  app.delete(`${base}/delete/:id`, { config: perm(3), ...schema('Borrar un cobro') }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.tx(async (t) => {
      const row = await load(t, id);
      const factura = await cargarCabecera(t, row.IdFactura, TIPOS_FACTURA, true);
      await t.delete(cv, eq(cv.Id, id));
      await recalcularEstadoCobro(t, factura.id, factura.total);
    });
    return { Id: id };
  });
}
