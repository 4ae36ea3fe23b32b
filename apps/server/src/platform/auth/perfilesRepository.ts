import { roles } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { type EntityRepository, entityRepository } from '../crud/entityRepository.ts';
import { hookedRepository, type RepositoryHooks } from '../crud/hookedRepository.ts';
import { col } from '../db/entityTable.ts';
import { rolesTable } from '../db/schema.ts';
import { handleOf, type Scope } from '../tenancy/scope.ts';
import { comprobarPerfil, otorganteDe } from './grants.ts';

type Permisos = Record<string, number>;

async function permisosActuales(scope: Scope, id: number): Promise<Permisos | null> {
  const [p] = await scope.pick({ permisos: col(rolesTable, 'Permisos') }, rolesTable, eq(col(rolesTable, 'Id'), id));
  return (p?.permisos as Permisos | null | undefined) ?? null;
}

const otorgante = (scope: Scope) => otorganteDe(handleOf(scope), scope.empresaId, scope.personaId);

/**
 * Profiles ("perfiles y permisos") never rise above whoever writes them: a profile whose levels (before or after
 * the change) exceed the caller's own cannot be created, edited or removed by a non-owner, so a profile
 * administrator cannot raise the profile it holds nor build one above itself to hand out.
 */
const perfilesHook: RepositoryHooks = {
  async beforeWrite(scope, values, id) {
    const antes = id === null ? null : await permisosActuales(scope, id);
    comprobarPerfil(await otorgante(scope), antes, (values.Permisos as Permisos | undefined) ?? {});
    return values;
  },
  async beforeRemove(scope, id) {
    comprobarPerfil(await otorgante(scope), await permisosActuales(scope, id), null);
  },
};

export function perfilesRepository(scope: Scope): EntityRepository {
  return hookedRepository(entityRepository(roles, rolesTable, scope), scope, [perfilesHook]);
}
