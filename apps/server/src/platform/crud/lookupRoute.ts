import { type EntityDef, lookupColumns, lookupReaders } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../auth/access.ts';
import type { EntityRepository } from './entityRepository.ts';
import { recordLookup } from './listasRoute.ts';
import { listQuerySchema, parseListQuery } from './listQuery.ts';

/**
 * `GET /api/{area}/{name}/lookup`: the entity as a reference list for the screens that show it (selectors, filters,
 * labels in lists). Read-only, the list contract (page, filters, order) with the lookup's columns only; readable by
 * whoever may see such a screen (domain `lookupReaders`), which managing the list (`/list`, level 1 of its own code)
 * is not.
 */
export function registerLookupRoute(
  app: FastifyInstance,
  entity: EntityDef,
  repo: (request: FastifyRequest) => EntityRepository,
): void {
  const columns = lookupColumns(entity);
  recordLookup(app, entity.name, repo);
  app.get(
    `/api/${entity.area}/${entity.name}/lookup`,
    {
      config: { access: access.lookup(lookupReaders(entity)) },
      schema: {
        tags: [entity.area],
        summary: `Lista de referencia de ${entity.labelPlural}`,
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const answer = await repo(request).list(parseListQuery(request.query));
      return {
        ...answer,
        Items: answer.Items.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))),
      };
    },
  );
}
