import { type EntityDef, normalizeTaxId } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { EntityTable } from '../../platform/tenancy/tables.ts';
import { duplicateWarning, sameTaxId } from './contactHooks.ts';

const duplicatesQuery = z.object({
  NIF: z.string().trim().min(1, { error: 'Indica el NIF' }).max(40),
  Id: z.coerce.number().int().positive().optional(),
});

/**
 * `GET {resource}/duplicados?NIF=…&Id=…`: the form warns about a NIF already used by another contact before
 * saving (saving with it is allowed and answers the same warning under `Avisos`).
 */
export function registerDuplicatesRoute(app: FastifyInstance, deps: AppDeps, entity: EntityDef, table: EntityTable) {
  app.get(
    `/api/${entity.area}/${entity.name}/duplicados`,
    {
      config: { access: access.permission(entity.permission, 1, entity.module) },
      schema: { tags: [entity.area], summary: `${entity.labelPlural} con el mismo NIF` },
    },
    async (request) => {
      const q = parseBody(duplicatesQuery, request.query) as z.infer<typeof duplicatesQuery>;
      const nif = normalizeTaxId(q.NIF);
      const others = await sameTaxId(deps.scopeOf(request), table, nif, q.Id ?? null);
      return { Duplicados: others, Aviso: others.length ? duplicateWarning(entity, nif, others) : null };
    },
  );
}
