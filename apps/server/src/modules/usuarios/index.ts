import { auditoria, isPermissionCode, MSG, roles, saveSchema, usuarios } from '@faro/domain';
import { z } from 'zod';
import { accountRoutes } from '../../platform/auth/accountRoutes.ts';
import { contextRoutes } from '../../platform/auth/contextRoutes.ts';
import { perfilesRepository } from '../../platform/auth/perfilesRepository.ts';
import { sessionRoutes } from '../../platform/auth/sessionRoutes.ts';
import { usuariosBody, usuariosRepository } from '../../platform/auth/usuariosRepository.ts';
import { registerCrudRoutes } from '../../platform/crud/crudRoutes.ts';
import { entityRepository } from '../../platform/crud/entityRepository.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { cambioEmailRoutes } from '../../platform/identity/cambioEmailRoutes.ts';
import { auditoriaTable } from '../../platform/tenancy/tables.ts';

/** Permisos of a profile: { code: 0..3 } over known permission codes only. */
export const permisosSchema = z
  .record(
    z.string(),
    z
      .number({ error: MSG.format })
      .int({ error: MSG.format })
      .min(0, { error: MSG.min(0) })
      .max(3, { error: MSG.max(3) }),
    { error: MSG.format },
  )
  .refine((v) => Object.keys(v).every(isPermissionCode), { error: 'Hay códigos de permiso que no existen' })
  .default({});

export const usuariosModule: AreaModule = async (app, deps) => {
  await sessionRoutes(app, deps);
  await contextRoutes(app, deps);
  await accountRoutes(app, deps);
  await cambioEmailRoutes(app, deps);
  registerCrudRoutes(app, usuarios, usuariosRepository, deps.scopeOf, { body: usuariosBody });
  registerCrudRoutes(app, roles, perfilesRepository, deps.scopeOf, {
    body: saveSchema(roles).extend({ Permisos: permisosSchema }),
  });
  registerCrudRoutes(app, auditoria, (scope) => entityRepository(auditoria, auditoriaTable, scope), deps.scopeOf);
};
