import { type EntityDef, entitySaveSchema } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { tableOf } from '../db/tableRegistry.ts';
import type { AppDeps } from '../deps.ts';
import type { Scope } from '../tenancy/scope.ts';
import { lazySchema, registerCrudRoutes } from './crudRoutes.ts';
import { type EntityRepository, entityRepository } from './entityRepository.ts';
import { hookedRepository, type RepositoryHooks, referenceHook } from './hookedRepository.ts';

export interface EntityOptions {
  /** Bespoke schemas of some fields (json structures, sanitised rich text). */
  overrides?: Record<string, z.ZodType>;
  /** Rules around the generic repository, after the reference check. */
  hooks?: RepositoryHooks[];
}

/** The repository of a declared entity with its table, the reference check and the resource's own hooks. */
export function masterRepository(entity: EntityDef, options: EntityOptions = {}) {
  const table = tableOf(entity.name);
  if (!table) throw new Error(`La entidad ${entity.name} no tiene tabla derivada`);
  return (scope: Scope): EntityRepository => {
    return hookedRepository(entityRepository(entity, table, scope), scope, [
      referenceHook(entity),
      ...(options.hooks ?? []),
    ]);
  };
}

/** One line per resource in an area module: table, hooks, body with the entity rules, generic routes. */
export function registerEntity(
  app: FastifyInstance,
  deps: AppDeps,
  entity: EntityDef,
  options: EntityOptions = {},
): (scope: Scope) => EntityRepository {
  const repository = masterRepository(entity, options);
  registerCrudRoutes(app, entity, repository, deps.scopeOf, {
    body: lazySchema(() => entitySaveSchema(entity, options.overrides ?? {})),
  });
  return repository;
}
