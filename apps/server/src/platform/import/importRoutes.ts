import { type EntityDef, MSG_DATOS } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import { parseBody } from '../crud/crudRoutes.ts';
import { tableOf } from '../db/tableRegistry.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { ensureMultipart, readUpload } from '../http/uploads.ts';
import {
  discardImport,
  type ImportTarget,
  loadImport,
  storeImport,
  validateImport,
  writeImport,
} from './importService.ts';
import { parseImportFile } from './parseFile.ts';

/** Upload cap of an import file: 10 MB. */
export const IMPORT_LIMIT_KB = 10 * 1024;

const mappingBody = z.object({
  Mapeo: z.record(z.string(), z.string({ error: 'El mapeo asigna a cada columna un campo' }), {
    error: 'Indica qué campo es cada columna (Mapeo)',
  }),
});

const idOf = (request: FastifyRequest) => {
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/**
 * Import from CSV or XLSX in three steps, nothing written before the last:
 * `POST {resource}/importar` (multipart file) → columns, a sample and a suggested mapping;
 * `POST {resource}/importar/{id}/previsualizar` {Mapeo} → every rejected row with its Spanish reasons;
 * `POST {resource}/importar/{id}/confirmar` {Mapeo} → all rows in one transaction, or none (400 with the reasons).
 * `DELETE {resource}/importar/{id}` discards the upload.
 */
export function registerImportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  entity: EntityDef,
  options: Omit<ImportTarget, 'entity' | 'table'> = {},
): void {
  const table = tableOf(entity.name);
  if (!table) throw new Error(`La entidad ${entity.name} no tiene tabla`);
  const target: ImportTarget = { entity, table, ...options };
  const base = `/api/${entity.area}/${entity.name}/importar`;
  const config = { access: access.permission(entity.permission, 2, entity.module) };
  const tags = [entity.area];
  ensureMultipart(app);

  app.post(
    base,
    { config, schema: { tags, summary: `Subir un fichero de ${entity.labelPlural.toLowerCase()}` } },
    async (request) => {
      const upload = await readUpload(request, IMPORT_LIMIT_KB);
      const file = await parseImportFile(upload.bytes);
      return storeImport(deps.scopeOf(request), target, upload.filename, file);
    },
  );

  /** The stored upload named by `:id`, validated with the body's column mapping. */
  const validarSubida = async (request: FastifyRequest) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    const { Mapeo } = parseBody(mappingBody, request.body) as z.infer<typeof mappingBody>;
    const file = await loadImport(scope, entity, id);
    return { scope, id, file, result: await validateImport(scope, target, file, Mapeo) };
  };

  app.post(
    `${base}/:id/previsualizar`,
    { config, schema: { tags, summary: 'Previsualizar la importación' } },
    async (request) => {
      const { valid: _valid, ...preview } = (await validarSubida(request)).result;
      return preview;
    },
  );

  app.post(
    `${base}/:id/confirmar`,
    { config, schema: { tags, summary: 'Confirmar la importación' } },
    async (request) => {
      const { scope, id, file, result } = await validarSubida(request);
      if (result.Rechazadas.length) {
        throw new AppError(
          400,
          MSG_DATOS.importRejected(result.Rechazadas.length),
          result.Rechazadas.flatMap((r) =>
            r.Errores.map((e) => ({ Campo: `Fila ${r.Fila}: ${e.Campo}`, Mensaje: e.Mensaje })),
          ),
        );
      }
      const n = await writeImport(scope, target, file.nombreFichero, result.valid);
      await discardImport(scope, entity, id);
      return { Importados: n, Avisos: result.Avisos };
    },
  );

  app.delete(
    `${base}/:id`,
    { config, schema: { tags, summary: 'Descartar la importación' } },
    async (request, reply) => {
      await discardImport(deps.scopeOf(request), entity, idOf(request));
      return reply.status(204).send();
    },
  );
}
