import { configura, MSG_DATOS } from '@faro/domain';
import type { EntityRepository } from '../../platform/crud/entityRepository.ts';
import { masterRepository } from '../../platform/crud/registerEntity.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { configuraTable } from '../../platform/tenancy/tables.ts';

const base = masterRepository(configura);

/** The company's one configuration row: made on first read, never a second one, never deleted. */
export function configuraRepository(scope: Scope): EntityRepository {
  const repo = base(scope);
  const ensure = () => scope.insert(configuraTable, { DiasValidezPresupuesto: 30 }).onConflictDoNothing();
  return {
    ...repo,
    async list(query) {
      await ensure();
      return repo.list(query);
    },
    async create(values) {
      const existing = await repo.list({ Pagina: 1, TotalPagina: 1, Filtros: {}, Descendente: false });
      if (existing.Total) throw new AppError(400, MSG_DATOS.singleton('La configuración de la empresa'));
      return repo.create(values);
    },
    async remove(id) {
      await repo.get(id);
      throw new AppError(400, MSG_DATOS.notDeletable('La configuración de la empresa'));
    },
  };
}
