import { centros, isPermissionCode, saveSchema } from '@faro/domain';
import { z } from 'zod';
import { registerCrudRoutes } from '../../platform/crud/crudRoutes.ts';
import { entityRepository } from '../../platform/crud/entityRepository.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { centrosTable } from '../../platform/tenancy/tables.ts';
import { configuracionMasterData } from './masterData.ts';

const centrosBody = saveSchema(centros).extend({
  Denegados: z
    .array(z.string().refine(isPermissionCode, { error: 'Hay códigos de permiso que no existen' }))
    .nullish()
    .transform((v) => v ?? []),
});

export const configuracionModule: AreaModule = (app, deps) => {
  registerCrudRoutes(app, centros, (scope) => entityRepository(centros, centrosTable, scope), deps.scopeOf, {
    body: centrosBody,
  });
  configuracionMasterData(app, deps);
};
