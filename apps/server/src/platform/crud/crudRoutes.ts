import { type EntityDef, entitySaveSchema, LEVEL_FOR_ACTION, MSG } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import { companyCtx } from '../auth/guard.ts';
import { registerExportRoute } from '../export/exportRoute.ts';
import { badRequest, ValidationError } from '../http/errors.ts';
import type { EntityRepository, Scope } from './entityRepository.ts';
import { listQuerySchema, parseListQuery } from './listQuery.ts';
import { registerLookupRoute } from './lookupRoute.ts';

export type RepositoryFactory = (scope: Scope) => EntityRepository;

/**
 * A schema built on its first use: building every entity's save schema at start cost ~0.1 s. z.lazy
 * parses, fails and documents (OpenAPI) exactly as the schema it wraps, which is built once.
 */
export function lazySchema(build: () => z.ZodType): z.ZodType {
  return z.lazy(build);
}

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Resolves `:id`; anything that is not a positive integer is simply not found. */
function idOf(request: FastifyRequest): number {
  const parsed = idParam.safeParse(request.params);
  return parsed.success ? parsed.data.id : -1;
}

/**
 * The body (or query) parsed by its schema: field errors in Spanish (400). A request without a body is a 400, never
 * an empty object: a save of nothing would otherwise null every optional field. A route whose body is optional says
 * so by passing `request.body ?? {}`.
 */
export function parseBody(schema: z.ZodType, body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) throw badRequest(MSG.bodyMissing);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(parsed.error.issues);
  return parsed.data as Record<string, unknown>;
}

/**
 * A PUT replaces the whole record (no PATCH semantics here): a body that names none of the entity's writable fields
 * (`{}`, `{"x": 1}`) would wipe it, so it is refused like a missing body. Absent fields of a real form are null.
 */
function fullBody(entity: EntityDef, body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const writable = Object.entries(entity.fields).filter(([, def]) => !def.readOnly);
    if (!writable.some(([key]) => key in body)) throw badRequest(MSG.bodyMissing);
  }
  return body;
}

/**
 * The uniform routes of a resource: list, edit, export, save (create/update) and delete, each with the permission
 * level its action needs (1 list and export, 2 create/edit, 3 delete) and the entity's module gate. The default
 * body is the entity's save schema with its cross-field rules.
 */
export function registerCrudRoutes(
  app: FastifyInstance,
  entity: EntityDef,
  repository: RepositoryFactory,
  scopeOf: (request: FastifyRequest) => Scope,
  options: { body?: z.ZodType } = {},
): void {
  const base = `/api/${entity.area}/${entity.name}`;
  const need = (action: keyof typeof LEVEL_FOR_ACTION) =>
    access.permission(entity.permission, LEVEL_FOR_ACTION[action], entity.module);
  const body = options.body ?? lazySchema(() => entitySaveSchema(entity));
  const tags = [entity.area];
  const repo = (request: FastifyRequest) => {
    companyCtx(request);
    return repository(scopeOf(request));
  };

  app.get(
    `${base}/list`,
    {
      config: { access: need('list') },
      // Documents the list contract in OpenAPI; the handler parses it (the validator compiler passes data through).
      schema: { tags, summary: `Lista de ${entity.labelPlural}`, querystring: listQuerySchema },
    },
    (request) => repo(request).list(parseListQuery(request.query)),
  );
  app.get(
    `${base}/edit/:id`,
    { config: { access: need('list') }, schema: { tags, summary: `${entity.label} por Id` } },
    (request) => repo(request).get(idOf(request)),
  );
  registerLookupRoute(app, entity, repo);
  registerExportRoute(app, entity, repo, scopeOf, need('list'));
  if (entity.readOnly) return;
  app.post(
    `${base}/save`,
    { config: { access: need('create') }, schema: { tags, summary: `Crear ${entity.label.toLowerCase()}`, body } },
    async (request, reply) => reply.status(201).send(await repo(request).create(parseBody(body, request.body))),
  );
  app.put(
    `${base}/save/:id`,
    { config: { access: need('update') }, schema: { tags, summary: `Modificar ${entity.label.toLowerCase()}`, body } },
    (request) => repo(request).update(idOf(request), parseBody(body, fullBody(entity, request.body))),
  );
  app.delete(
    `${base}/delete/:id`,
    { config: { access: need('delete') }, schema: { tags, summary: `Eliminar ${entity.label.toLowerCase()}` } },
    async (request, reply) => {
      await repo(request).remove(idOf(request));
      return reply.status(204).send();
    },
  );
}
