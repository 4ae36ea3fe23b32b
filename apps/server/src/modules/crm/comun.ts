import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { CompanyTable, Scope } from '../../platform/tenancy/scope.ts';

/** The route's positive integer `:id`, else 404. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const id = Number((request.params as Record<string, string>)[name]);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

/** Today in Spain, yyyy-mm-dd. */
export function hoyMadrid(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

export interface AccesoRegistro {
  leer: FastifyContextConfig;
  editar: FastifyContextConfig;
  borrar: FastifyContextConfig;
}

/** The sales CRM (funnels, opportunities, their activities): VentasCrmOport 1 to read, 2 to save, 3 to delete. */
export const ACCESO_CRM: AccesoRegistro = {
  leer: { access: access.permission('VentasCrmOport', 1, 'ActCrm') },
  editar: { access: access.permission('VentasCrmOport', 2, 'ActCrm') },
  borrar: { access: access.permission('VentasCrmOport', 3, 'ActCrm') },
};

/** A record the area keeps by hand (funnels, opportunities, activities, folders): how it is read and saved. */
export interface RutasRegistro<B> {
  base: string;
  tags: string[];
  /** Who may read (`edit/:id`), save and delete. */
  acceso: AccesoRegistro;
  /** The body's schema; what it parses is what `guardar` takes. */
  cuerpo: z.ZodType;
  /** The OpenAPI summaries of `edit/:id`, `save` and `save/:id`, when the area names them. */
  resumen?: { ver: string; crear: string; guardar: string };
  /** The record as answered, 404 when the company has no such id. */
  cargar: (s: Scope, id: number, request: FastifyRequest) => Promise<unknown>;
  /** Creates (`id` undefined) or replaces the record and answers it. */
  guardar: (s: Scope, body: B, id: number | undefined, request: FastifyRequest) => Promise<unknown>;
  /** `DELETE delete/:id`: its summary and the deletion, which answers `{ Mensaje }`. */
  borrar: {
    resumen?: string;
    borrar: (s: Scope, id: number, request: FastifyRequest) => Promise<{ Mensaje: string }>;
  };
}

/** Deletes a row of the company by id with its audit (`D`), 404 when `donde` (by default its id) matches none. */
export async function borrarFila(
  s: Scope,
  tabla: CompanyTable & { Id: AnyPgColumn },
  id: number,
  recurso: string,
  donde: SQL | undefined = eq(tabla.Id, id),
) {
  await s.tx(async (t) => {
    const [r] = await t.delete(tabla, donde).returning({ Id: tabla.Id });
    if (!r) throw notFound();
    await t.audit({ accion: 'D', recurso, idRegistro: id, campos: null });
  });
}

/**
 * `GET edit/:id`, `POST save` (201), `PUT save/:id` and `DELETE delete/:id` of a record: the PUT loads the record first, so another
 * company's id is a 404 before any validation.
 */
export function rutasRegistro<B>(app: FastifyInstance, deps: AppDeps, r: RutasRegistro<B>) {
  const schema = (summary: string | undefined, body?: z.ZodType) => ({
    tags: r.tags,
    ...(summary === undefined ? {} : { summary }),
    ...(body ? { body } : {}),
  });
  app.get(`${r.base}/edit/:id`, { config: r.acceso.leer, schema: schema(r.resumen?.ver) }, (request) =>
    r.cargar(deps.scopeOf(request), idParam(request), request),
  );
  app.post(
    `${r.base}/save`,
    { config: r.acceso.editar, schema: schema(r.resumen?.crear, r.cuerpo) },
    async (request, reply) => {
      const body = parseBody(r.cuerpo, request.body) as B;
      return reply.code(201).send(await r.guardar(deps.scopeOf(request), body, undefined, request));
    },
  );
  app.put(
    `${r.base}/save/:id`,
    { config: r.acceso.editar, schema: schema(r.resumen?.guardar, r.cuerpo) },
    async (request) => {
      const scope = deps.scopeOf(request);
      const id = idParam(request);
      await r.cargar(scope, id, request);
      const body = parseBody(r.cuerpo, request.body) as B;
      return r.guardar(scope, body, id, request);
    },
  );
  app.delete(`${r.base}/delete/:id`, { config: r.acceso.borrar, schema: schema(r.borrar.resumen) }, (request) =>
    r.borrar.borrar(deps.scopeOf(request), idParam(request), request),
  );
}
