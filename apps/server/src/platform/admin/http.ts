import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { companyCtx } from '../auth/guard.ts';
import { parseBody } from '../crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../crud/listQuery.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';

/** Small HTTP helpers of the issue-19 routes (platform administration, advisory firms, contracting). */

/** The body validated by a zod schema, typed. */
export const cuerpo = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> =>
  parseBody(schema, body) as z.infer<S>;

/** A positive integer path parameter, else 404. */
export function param(request: FastifyRequest, name: string): number {
  const n = Number((request.params as Record<string, string>)[name]);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound();
  return n;
}

/** A text path parameter (≤ 100 characters), else 404. */
export function textParam(request: FastifyRequest, name: string): string {
  const v = String((request.params as Record<string, string>)[name] ?? '');
  if (!v || v.length > 100) throw notFound();
  return v;
}

/** Page and text filters of a list (`Filtros` keys read as strings). */
export function lista(query: unknown) {
  const q = parseListQuery(query);
  if ((q.Pagina - 1) * q.TotalPagina > MAX_OFFSET) throw new AppError(400, 'Afina los filtros para ver más resultados');
  const f = (k: string) => {
    const v = q.Filtros[k];
    return typeof v === 'string' ? v.trim().slice(0, 100) : typeof v === 'boolean' ? String(v) : '';
  };
  return { Pagina: q.Pagina, TotalPagina: q.TotalPagina, f };
}

export function pdf(reply: FastifyReply, contenido: Buffer, nombre: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${nombre}"`)
    .header('Cache-Control', 'no-store')
    .send(contenido);
}

/** The caller's advisory firm: an asesoria member of an asesoria account, else 403. */
export function firmaDe(request: FastifyRequest) {
  const ctx = companyCtx(request);
  // Not an advisory firm: its requests, clients and staff do not exist for the caller (404, like another company's rows).
  if (ctx.empresa.tipoCuenta !== 'asesoria' || !ctx.roles.includes('asesoria')) throw notFound();
  return {
    firma: ctx.empresa.id,
    personaId: ctx.personaId,
    userName: ctx.userName,
    propietario: !!ctx.miembro?.propietario,
  };
}

/** The caller's own company where they are its owner (subscription, buscar asesoría), else 403. */
export function propietarioDe(request: FastifyRequest) {
  const ctx = companyCtx(request);
  if (!ctx.miembro?.propietario) throw forbidden();
  return ctx;
}
