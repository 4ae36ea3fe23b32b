import { randomUUID } from 'node:crypto';
import { detectFileType, type ModeloTributario, NOMBRE_MODELO } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { ficheroVisible, ORIGENES_FICHERO } from '../../../platform/files/origenes.ts';
import { AppError, badRequest, notFound } from '../../../platform/http/errors.ts';
import { ensureMultipart, readUpload } from '../../../platform/http/uploads.ts';
import { gdFicheros as f, modelosPresentados as mp } from '../../../platform/tenancy/tables.ts';
import { almacenGestordoc, carpetaDeRegistro, enviarFichero } from '../../crm/gestordoc.ts';

/** The AEAT's receipt is a small PDF: 5 MB is far above any real one. */
export const JUSTIFICANTE_LIMITE_KB = 5 * 1024;

export const MSG_JUSTIFICANTE = {
  soloPdf: 'El justificante debe ser el PDF que entrega la AEAT al presentar (fichero .pdf)',
  yaTiene: 'Este modelo presentado ya tiene su justificante en PDF',
  sinPdf: 'Este modelo no tiene justificante en PDF',
} as const;

const idDe = (request: FastifyRequest) => {
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/**
 * The AEAT's receipt PDF of a return («Marcar como presentado» attaches it, optionally): kept in the document
 * manager under `Modelos tributarios/<modelo>-<año>-<periodo>` with origin `modelos` (the files door: whoever reads
 * it needs ImptoEmit, as the models), linked from the return's row.
 *   POST /api/impuestos/modtributarios/justificante/:id   multipart `fichero` (PDF, ≤ 5 MB) → 201 { Id, Nombre }
 *     a draft's receipt may be replaced (the screen uploads it just before marking the return filed); a filed
 *     return takes one only while it has none.
 *   GET  /api/impuestos/modtributarios/justificante/:id   the PDF (attachment)
 */
export function registerJustificante(app: FastifyInstance, deps: AppDeps, base: string): void {
  ensureMultipart(app);
  const store = almacenGestordoc(deps.config.dataDir);
  const tags = ['impuestos'];

  app.post(
    `${base}/justificante/:id`,
    {
      config: { access: access.permission('ImptoEmit', 2) },
      schema: { tags, summary: 'Adjuntar el justificante PDF' },
    },
    async (request, reply) => {
      const id = idDe(request);
      const s = deps.scopeOf(request);
      const [existe] = await s.pick({ id: mp.id }, mp, eq(mp.id, id));
      if (!existe) throw notFound();
      const upload = await readUpload(request, JUSTIFICANTE_LIMITE_KB);
      if (detectFileType(upload.bytes) !== 'pdf') throw badRequest(MSG_JUSTIFICANTE.soloPdf);
      const Clave = `${s.empresaId}/${randomUUID()}`;
      await store.guardar(Clave, upload.bytes);
      const out = await s
        .tx(async (t) => {
          const [row] = await t.select(mp, eq(mp.id, id)).for('update');
          if (!row) throw notFound();
          if (row.estado === 'presentada' && row.idJustificantePdf) throw new AppError(409, MSG_JUSTIFICANTE.yaTiene);
          const modelo = row.modelo as ModeloTributario;
          const IdCarpeta = await carpetaDeRegistro(
            t,
            ORIGENES_FICHERO.modelos.carpeta,
            { codigo: `${modelo}-${row.anyo}-${row.periodo}`, nombre: NOMBRE_MODELO[modelo] ?? `Modelo ${modelo}` },
            true,
          );
          const Nombre = upload.filename.slice(0, 200);
          const [nuevo] = await t
            .insert(f, { IdCarpeta, Nombre, Tipo: 'pdf', Tamano: upload.bytes.length, Clave, Origen: 'modelos' })
            .returning({ Id: f.Id, Nombre: f.Nombre });
          const [viejo] = row.idJustificantePdf
            ? await t.delete(f, eq(f.Id, row.idJustificantePdf)).returning({ Clave: f.Clave })
            : [];
          await t.update(mp, { idJustificantePdf: nuevo!.Id }, eq(mp.id, id));
          await t.audit({
            accion: 'M',
            recurso: 'modtributarios',
            idRegistro: id,
            campos: { JustificantePdf: Nombre },
          });
          return { nuevo: nuevo!, anterior: viejo?.Clave };
        })
        .catch(async (error: unknown) => {
          await store.borrar(Clave);
          throw error;
        });
      if (out.anterior) await store.borrar(out.anterior);
      return reply.code(201).send(out.nuevo);
    },
  );

  app.get(
    `${base}/justificante/:id`,
    {
      config: { access: access.permission('ImptoEmit', 1) },
      schema: { tags, summary: 'Descargar el justificante PDF' },
    },
    async (request, reply) => {
      const s = deps.scopeOf(request);
      const [row] = await s.pick({ pdf: mp.idJustificantePdf }, mp, eq(mp.id, idDe(request)));
      if (!row) throw notFound();
      if (!row.pdf) throw new AppError(404, MSG_JUSTIFICANTE.sinPdf);
      const fichero = await ficheroVisible(s, request.ctx, row.pdf).catch(() => {
        throw new AppError(404, MSG_JUSTIFICANTE.sinPdf);
      });
      return enviarFichero(s, reply, store, fichero, false);
    },
  );
}
