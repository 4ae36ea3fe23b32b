import { centros, isPermissionCode, saveSchema } from '@faro/domain';
import { z } from 'zod';
import { propietarioDe } from '../../platform/admin/http.ts';
import { access } from '../../platform/auth/access.ts';
import { exportarEmpresa } from '../../platform/backup/exportacionEmpresa.ts';
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

  // "Leave with your data": the company's owner downloads every table of the company (JSON + CSV in a zip).
  app.get(
    '/api/configuracion/empresa/exportacioncompleta',
    { config: { access: access.company }, schema: { tags: ['configuracion'] } },
    async (request, reply) => {
      const ctx = propietarioDe(request);
      const { zip } = await exportarEmpresa(deps.database, ctx.empresa.id);
      const nombre = `faro-${ctx.empresa.codigo ?? ctx.empresa.id}-datos.zip`.replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .send(Buffer.from(zip));
    },
  );
};
