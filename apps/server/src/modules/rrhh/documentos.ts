import { and, desc, eq, like, not } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { ficherosVisibles, ORIGENES_FICHERO } from '../../platform/files/origenes.ts';
import { notFound } from '../../platform/http/errors.ts';
import { ensureMultipart, readUpload } from '../../platform/http/uploads.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { col, empleadosTable, gdFicheros } from '../../platform/tenancy/tables.ts';
import { idParam } from '../crm/comun.ts';
import {
  almacenGestordoc,
  borrarFichero,
  carpetaDeRegistro,
  enviarFichero,
  GESTORDOC_LIMITE_KB,
  guardarFichero,
} from '../crm/gestordoc.ts';

/** The document manager's root folder of the employee files: one sub-folder per employee, named from its code. */
export const CARPETA_EMPLEADOS = ORIGENES_FICHERO.empleados.carpeta;
/** The employee's photo is the file of their folder named so (a new photo replaces it). */
export const FOTO = 'Foto del empleado';

const f = gdFicheros;
const e = empleadosTable;

async function empleado(s: Scope, id: number) {
  const [row] = await s.pick(
    { Codigo: col(e, 'Codigo'), Nombre: col(e, 'Nombre'), Apellido1: col(e, 'Apellido1') },
    e,
    eq(col(e, 'Id'), id),
  );
  if (!row) throw notFound();
  return {
    codigo: String(row.Codigo),
    nombre: [row.Nombre, row.Apellido1].filter(Boolean).join(' '),
  };
}

const esFoto = like(f.Nombre, `${FOTO}.%`);

/**
 * An employee's photo (jpg or png) and documents (jpg, png, pdf; 10 MB; the spec's messages), kept in the document
 * manager under `Empleados/<code> · <name>` (also reachable there), with the employee's permission (PersEmple):
 *   GET    /api/rrhh/empleados/documentos/:id                       → { Items, Foto: { Id } | null }
 *   POST   /api/rrhh/empleados/documentos/:id                       multipart `file` → 201 the file
 *   GET    /api/rrhh/empleados/documentos/:id/descargar/:idFichero  the bytes (`?ver=1` inline)
 *   DELETE /api/rrhh/empleados/documentos/:id/delete/:idFichero
 *   GET|PUT|DELETE /api/rrhh/empleados/foto/:id                     the photo (PUT: multipart jpg/png)
 */
export const documentosEmpleadoRoutes: AreaModule = (app, deps) => {
  ensureMultipart(app);
  const store = almacenGestordoc(deps.config.dataDir);
  const tags = ['rrhh'];
  const nivel = (n: 1 | 2 | 3) => ({ access: access.permission('PersEmple', n) });
  const base = '/api/rrhh/empleados/documentos';
  const fotoBase = '/api/rrhh/empleados/foto';

  /** The employee (404 when not of the company) and their folder (created on demand). */
  const carpeta = async (request: FastifyRequest, crear: boolean) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    const emp = await empleado(s, id);
    return { s, id, emp, idCarpeta: await carpetaDeRegistro(s, CARPETA_EMPLEADOS, emp, crear) };
  };
  /** Files of the employee's folder that the files door lets the caller see (a file moved in from elsewhere keeps its owner). */
  const deLaCarpeta = (request: FastifyRequest, idCarpeta: number) =>
    and(eq(f.IdCarpeta, idCarpeta), ficherosVisibles(request.ctx));
  const fichero = async (request: FastifyRequest, s: Scope, idCarpeta: number | null, idFichero: number) => {
    const [row] = idCarpeta ? await s.select(f, and(eq(f.Id, idFichero), deLaCarpeta(request, idCarpeta))) : [];
    if (!row) throw notFound();
    return row;
  };
  const foto = async (request: FastifyRequest, s: Scope, idCarpeta: number | null) =>
    idCarpeta
      ? (
          await s
            .select(f, and(deLaCarpeta(request, idCarpeta), esFoto))
            .orderBy(desc(f.Id))
            .limit(1)
        )[0]
      : undefined;

  app.get(
    `${base}/:id`,
    { config: nivel(1), schema: { tags, summary: 'Documentos del empleado' } },
    async (request) => {
      const { s, idCarpeta } = await carpeta(request, false);
      if (!idCarpeta) return { Items: [], Foto: null, IdCarpeta: null };
      const Items = await s
        .pick(
          { Id: f.Id, Nombre: f.Nombre, Tipo: f.Tipo, Tamano: f.Tamano, Subido: f.Subido },
          f,
          and(deLaCarpeta(request, idCarpeta), not(esFoto)),
        )
        .orderBy(desc(f.Subido), desc(f.Id))
        .limit(500);
      const ft = await foto(request, s, idCarpeta);
      return { Items, Foto: ft ? { Id: ft.Id } : null, IdCarpeta: idCarpeta };
    },
  );

  app.post(
    `${base}/:id`,
    { config: nivel(2), schema: { tags, summary: 'Subir un documento' } },
    async (request, reply) => {
      const s = deps.scopeOf(request);
      const emp = await empleado(s, idParam(request));
      const upload = await readUpload(request, GESTORDOC_LIMITE_KB);
      const nombre = upload.filename.startsWith(FOTO) ? `Documento ${upload.filename}` : upload.filename;
      const row = await guardarFichero(
        s,
        store,
        upload,
        async (t) => carpetaDeRegistro(t, CARPETA_EMPLEADOS, emp, true),
        'empleadosdoc',
        { nombre, origen: 'empleados' },
      );
      return reply.code(201).send(row);
    },
  );

  app.get(`${base}/:id/descargar/:idFichero`, { config: nivel(1), schema: { tags } }, async (request, reply) => {
    const { s, idCarpeta } = await carpeta(request, false);
    const row = await fichero(request, s, idCarpeta, idParam(request, 'idFichero'));
    return enviarFichero(s, reply, store, row, (request.query as { ver?: string }).ver === '1');
  });

  app.delete(`${base}/:id/delete/:idFichero`, { config: nivel(3), schema: { tags } }, async (request) => {
    const { s, idCarpeta } = await carpeta(request, false);
    await borrarFichero(s, store, await fichero(request, s, idCarpeta, idParam(request, 'idFichero')), 'empleadosdoc');
    return { Mensaje: 'Documento eliminado' };
  });

  app.get(
    `${fotoBase}/:id`,
    { config: nivel(1), schema: { tags, summary: 'Foto del empleado' } },
    async (request, reply) => {
      const { s, idCarpeta } = await carpeta(request, false);
      const row = await foto(request, s, idCarpeta);
      if (!row) throw notFound();
      return enviarFichero(s, reply, store, row, true);
    },
  );

  /** A new photo (jpg or png only) replaces the previous one. */
  app.put(`${fotoBase}/:id`, { config: nivel(2), schema: { tags, summary: 'Cambiar la foto' } }, async (request) => {
    const s = deps.scopeOf(request);
    const emp = await empleado(s, idParam(request));
    const upload = await readUpload(request, GESTORDOC_LIMITE_KB);
    let anterior: Awaited<ReturnType<typeof foto>>;
    const row = await guardarFichero(
      s,
      store,
      upload,
      async (t) => {
        const idCarpeta = await carpetaDeRegistro(t, CARPETA_EMPLEADOS, emp, true);
        anterior = await foto(request, t, idCarpeta);
        return idCarpeta;
      },
      'empleadosfoto',
      { soloImagen: true, nombre: `${FOTO}.${upload.bytes[0] === 0x89 ? 'png' : 'jpg'}`, origen: 'empleados' },
    );
    if (anterior) await borrarFichero(s, store, anterior, 'empleadosfoto');
    return { Foto: { Id: row.Id } };
  });

  app.delete(`${fotoBase}/:id`, { config: nivel(2), schema: { tags } }, async (request) => {
    const { s, idCarpeta } = await carpeta(request, false);
    const row = await foto(request, s, idCarpeta);
    if (!row) throw notFound();
    await borrarFichero(s, store, row, 'empleadosfoto');
    return { Mensaje: 'Foto eliminada' };
  });
};
