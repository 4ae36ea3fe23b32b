import { type EntityDef, entityByName, MSG_DATOS } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { col } from '../db/entityTable.ts';
import { tableOf } from '../db/tableRegistry.ts';
import { fieldError } from '../http/errors.ts';
import type { Scope } from '../tenancy/scope.ts';
import type { EntityRepository, Row } from './entityRepository.ts';

/** Rules a resource adds around the generic repository (normalise, check, warn). */
export interface RepositoryHooks {
  /** Before a create (id null) or an update: returns the values to write; may throw an AppError. */
  beforeWrite?(scope: Scope, values: Record<string, unknown>, id: number | null): Promise<Record<string, unknown>>;
  /** After a create or an update: may add to the answer (warnings under `Avisos`). */
  afterWrite?(scope: Scope, row: Row): Promise<Row>;
  /** Before a delete: may refuse it. */
  beforeRemove?(scope: Scope, id: number): Promise<void>;
}

/** The repository with hooks run in order around create, update and remove; reads pass through. */
export function hookedRepository(base: EntityRepository, scope: Scope, hooks: RepositoryHooks[]): EntityRepository {
  const before = async (values: Record<string, unknown>, id: number | null) => {
    let v = values;
    for (const h of hooks) if (h.beforeWrite) v = await h.beforeWrite(scope, v, id);
    return v;
  };
  const after = async (row: Row) => {
    let r = row;
    for (const h of hooks) if (h.afterWrite) r = await h.afterWrite(scope, r);
    return r;
  };
  return {
    ...base,
    list: (q) => base.list(q),
    get: (id) => base.get(id),
    async create(values) {
      return after(await base.create(await before(values, null)));
    },
    async update(id, values) {
      await base.get(id); // 404 before any check that could tell something about another company's row
      return after(await base.update(id, await before(values, id)));
    },
    async remove(id) {
      await base.get(id);
      for (const h of hooks) if (h.beforeRemove) await h.beforeRemove(scope, id);
      await base.remove(id);
    },
  };
}

/** Every reference of the values points at an existing row of the same company (never another company's). */
export function referenceHook(entity: EntityDef): RepositoryHooks {
  const refs = Object.entries(entity.fields).filter(([, f]) => f.kind === 'reference' && !f.readOnly && f.ref);
  return {
    async beforeWrite(scope, values) {
      for (const [key, def] of refs) {
        const id = values[key];
        if (id === null || id === undefined) continue;
        const table = tableOf(def.ref as string);
        if (!table || !entityByName(def.ref as string)) continue;
        const [found] = await scope.pick({ id: col(table, 'Id') }, table, eq(col(table, 'Id'), id as number)).limit(1);
        if (!found) throw fieldError(key, MSG_DATOS.referenceMissing);
      }
      return values;
    },
  };
}
