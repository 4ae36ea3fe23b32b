import { ENTITY_LIST } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { registerEntity } from '../platform/crud/registerEntity.ts';
import type { AppDeps } from '../platform/deps.ts';
import { tableOf } from '../platform/tenancy/tables.ts';

/**
 * Simple entities need no line in an area module: every entity of the registry with a derived table
 * (`modules/<area>/tablas.ts`) whose routes no area module registered gets the generic CRUD here (list, edit,
 * save, delete, export, with its permission and module gate). Registered last, after every area module, so a
 * bespoke registration always wins. See docs/ARCHITECTURE.md, "Adding a simple entity".
 */
export function entidadesSimplesModule(app: FastifyInstance, deps: AppDeps): void {
  for (const entity of ENTITY_LIST) {
    if (!tableOf(entity.name)) continue;
    if (app.hasRoute({ method: 'GET', url: `/api/${entity.area}/${entity.name}/list` })) continue;
    registerEntity(app, deps, entity);
  }
}
