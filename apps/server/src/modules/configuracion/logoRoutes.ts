import { randomUUID } from 'node:crypto';
import { detectFileType, empresa, MSG } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ensureMultipart, enviarBytes, readUpload } from '../../platform/http/uploads.ts';
import { empresa as empresaRow, ficheros } from '../../platform/tenancy/tables.ts';
import { LOGO_PATH } from './empresaRepository.ts';

/** Logo size cap, in KB as the spec's message takes it: 1 MB. */
export const LOGO_LIMIT_KB = 1024;

/**
 * The company logo: uploaded as a file (multipart), allowed only as jpg, png or pdf by its first bytes, within the
 * size cap; stored in the database under a random name; served to the company's members as an attachment.
 */
export function registerLogoRoutes(app: FastifyInstance, deps: AppDeps) {
  ensureMultipart(app);
  const tags = ['configuracion'];
  const edit = { access: access.permission(empresa.permission, 2) };

  app.post(LOGO_PATH, { config: edit, schema: { tags, summary: 'Subir el logotipo' } }, async (request) => {
    const scope = deps.scopeOf(request);
    const upload = await readUpload(request, LOGO_LIMIT_KB);
    const type = detectFileType(upload.bytes);
    if (!type) throw badRequest(MSG.fileType);
    const clave = randomUUID();
    await scope.tx(async (t) => {
      await t.insert(ficheros, {
        clave,
        nombre: upload.filename.slice(0, 200),
        tipo: type,
        tamano: upload.bytes.length,
        datos: upload.bytes,
      });
      const [old] = await t.company({ logo: empresaRow.logo }).for('update');
      if (old?.logo) await t.delete(ficheros, eq(ficheros.clave, old.logo));
      await t.updateCompany({ logo: clave });
      await t.audit({
        accion: 'M',
        recurso: 'empresa',
        idRegistro: scope.empresaId,
        campos: { Logo: [old?.logo ? LOGO_PATH : null, LOGO_PATH], Tipo: type, Tamano: upload.bytes.length },
      });
    });
    return { Logo: LOGO_PATH, Tipo: type, Tamano: upload.bytes.length };
  });

  app.get(
    LOGO_PATH,
    { config: { access: access.company }, schema: { tags, summary: 'Logotipo' } },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const [row] = await scope
        .company({ datos: ficheros.datos, tipo: ficheros.tipo })
        .innerJoin(ficheros, scope.on(ficheros, eq(ficheros.clave, empresaRow.logo)))
        .limit(1);
      if (!row) throw notFound();
      return enviarBytes(reply, { ...row, nombre: `logo.${row.tipo}`, cache: 'private, max-age=300' });
    },
  );

  app.delete(LOGO_PATH, { config: edit, schema: { tags, summary: 'Quitar el logotipo' } }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    await scope.tx(async (t) => {
      const [old] = await t.company({ logo: empresaRow.logo }).for('update');
      if (!old?.logo) throw notFound();
      await t.delete(ficheros, eq(ficheros.clave, old.logo));
      await t.updateCompany({ logo: null });
      await t.audit({
        accion: 'M',
        recurso: 'empresa',
        idRegistro: scope.empresaId,
        campos: { Logo: [LOGO_PATH, null] },
      });
    });
    return reply.status(204).send();
  });
}
