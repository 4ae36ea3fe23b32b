import { randomUUID } from 'node:crypto';
import { detectFileType, MSG } from '@faro/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ORIGENES_FICHERO } from '../../platform/files/origenes.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ensureMultipart, readUpload } from '../../platform/http/uploads.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { alumnosTable as al, alumnosCols as alC, gdCarpetas, gdFicheros } from '../../platform/tenancy/tables.ts';
import { almacenLocal } from '../crm/almacen.ts';
import { carpetaGestordoc, enviarFichero, GESTORDOC_LIMITE_KB } from '../crm/gestordoc.ts';
import { alcancePortal, idPortal } from './portal.ts';

/** The document manager's root folder of the student files: one sub-folder per student, named from its code. */
export const CARPETA_ALUMNOS = ORIGENES_FICHERO.alumnos.carpeta;

const c = gdCarpetas;
const f = gdFicheros;
const nombreCarpeta = (a: { CodAlumno: string | null; Id: number; Nombre: string; Apellidos: string | null }) =>
  `${a.CodAlumno ?? `ALU-${a.Id}`} · ${a.Nombre}${a.Apellidos ? ` ${a.Apellidos}` : ''}`;
/** A student's folder is found by its code (the part before ' · '), so the office may rename the rest. */
const codigoDe = (nombre: string) => nombre.split(' · ')[0]!.trim();

async function raiz(s: Scope, crear: boolean): Promise<number | null> {
  const [r] = await s
    .pick({ Id: c.Id }, c, and(isNull(c.IdPadre), eq(c.Nombre, CARPETA_ALUMNOS)))
    .orderBy(asc(c.Id))
    .limit(1);
  if (r || !crear) return r?.Id ?? null;
  const [n] = await s.insert(c, { Nombre: CARPETA_ALUMNOS, IdPadre: null }).returning({ Id: c.Id });
  return n!.Id;
}

/** The students' folders (id → student id) for the given students; with `crear`, the missing ones are created. */
async function carpetasDe(s: Scope, alumnos: number[], crear: boolean): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!alumnos.length) return out;
  const idRaiz = await raiz(s, crear);
  if (!idRaiz) return out;
  const filas = (
    await s.pick(
      { Id: alC.Id, CodAlumno: alC.CodAlumno, Nombre: alC.Nombre, Apellidos: alC.Apellidos },
      al,
      inArray(alC.Id, alumnos),
    )
  ).map((a) => ({
    Id: Number(a.Id),
    CodAlumno: (a.CodAlumno as string | null) ?? null,
    Nombre: String(a.Nombre ?? ''),
    Apellidos: (a.Apellidos as string | null) ?? null,
  }));
  const porCodigo = new Map(filas.map((a) => [codigoDe(nombreCarpeta(a)), a]));
  for (const h of await s.pick({ Id: c.Id, Nombre: c.Nombre }, c, eq(c.IdPadre, idRaiz))) {
    const a = porCodigo.get(codigoDe(h.Nombre));
    if (a && ![...out.values()].includes(a.Id)) out.set(h.Id, a.Id);
  }
  if (crear)
    for (const a of filas) {
      if ([...out.values()].includes(a.Id)) continue;
      const [n] = await s.insert(c, { Nombre: nombreCarpeta(a), IdPadre: idRaiz }).returning({ Id: c.Id });
      out.set(n!.Id, a.Id);
    }
  return out;
}

/**
 * `portaludocumentos`: the documents of a student's folder in the document manager (`Alumnos/ALU0001 ·
 * Lucía …`) — what the academy shares there and what the family uploads from the portal — per PERSON: a student
 * their own folder, a tutor their children's (`alcanceDe`); anyone else's answers 404. Uploads follow the spec's
 * file rules (jpg, png, pdf by their first bytes; 10 MB as the document manager).
 *   GET  /api/formacion/portal/documentos                 → { Items: [{ Id, Nombre, Tipo, Tamano, Subido, IdAlumno, Alumno }] }
 *   POST /api/formacion/portal/documentos/:idAlumno       multipart `file` → 201 the file
 *   GET  /api/formacion/portal/documentos/:id/descargar   the bytes (inline)
 */
export function documentosPortalRoutes(app: FastifyInstance, deps: AppDeps): void {
  ensureMultipart(app);
  const store = almacenLocal(carpetaGestordoc(deps.config.dataDir));
  const company = { config: { access: access.company } };
  const alcance = (request: FastifyRequest) => alcancePortal(deps, request);
  const idOf = idPortal;
  const base = '/api/formacion/portal/documentos';

  app.get(base, company, async (request) => {
    const { s, a } = await alcance(request);
    const carpetas = await carpetasDe(s, a.alumnos, false);
    if (!carpetas.size) return { Items: [] };
    const nombres = new Map(
      (await s.pick({ Id: alC.Id, Nombre: alC.Nombre, Apellidos: alC.Apellidos }, al, inArray(alC.Id, a.alumnos))).map(
        (x) => [x.Id, `${x.Nombre}${x.Apellidos ? ` ${x.Apellidos}` : ''}`],
      ),
    );
    const filas = await s
      .pick(
        { Id: f.Id, IdCarpeta: f.IdCarpeta, Nombre: f.Nombre, Tipo: f.Tipo, Tamano: f.Tamano, Subido: f.Subido },
        f,
        inArray(f.IdCarpeta, [...carpetas.keys()]),
      )
      .orderBy(desc(f.Subido), desc(f.Id))
      .limit(500);
    return {
      Items: filas.map(({ IdCarpeta, ...x }) => {
        const IdAlumno = carpetas.get(Number(IdCarpeta))!;
        return { ...x, IdAlumno, Alumno: nombres.get(IdAlumno) ?? '' };
      }),
    };
  });

  app.post(`${base}/:id`, company, async (request, reply) => {
    const { s, a } = await alcance(request);
    const idAlumno = idOf(request);
    if (!a.alumnos.includes(idAlumno)) throw notFound();
    const upload = await readUpload(request, GESTORDOC_LIMITE_KB);
    const tipo = detectFileType(upload.bytes);
    if (!tipo) throw badRequest(MSG.fileType);
    const Clave = `${s.empresaId}/${randomUUID()}`;
    await store.guardar(Clave, upload.bytes);
    try {
      const row = await s.tx(async (t) => {
        const [idCarpeta] = [...(await carpetasDe(t, [idAlumno], true)).keys()];
        const [r] = await t
          .insert(f, {
            IdCarpeta: idCarpeta!,
            Nombre: upload.filename.slice(0, 200),
            Tipo: tipo,
            Tamano: upload.bytes.length,
            Clave,
            Origen: 'alumnos',
          })
          .returning({ Id: f.Id, Nombre: f.Nombre, Tipo: f.Tipo, Tamano: f.Tamano, Subido: f.Subido });
        await t.audit({
          accion: 'A',
          recurso: 'portaludocumentos',
          idRegistro: r!.Id,
          campos: { Nombre: upload.filename, Tipo: tipo, IdAlumno: idAlumno },
        });
        return r!;
      });
      return reply.code(201).send({ ...row, IdAlumno: idAlumno });
    } catch (error) {
      await store.borrar(Clave);
      throw error;
    }
  });

  app.get(`${base}/:id/descargar`, company, async (request, reply) => {
    const { s, a } = await alcance(request);
    const id = idOf(request);
    const carpetas = await carpetasDe(s, a.alumnos, false);
    const [row] = carpetas.size ? await s.select(f, and(eq(f.Id, id), inArray(f.IdCarpeta, [...carpetas.keys()]))) : [];
    if (!row) throw notFound();
    return enviarFichero(s, reply, store, row, true);
  });
}
