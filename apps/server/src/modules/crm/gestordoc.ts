import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectFileType, MSG, requiredString } from '@faro/domain';
import { and, asc, desc, eq, ilike, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AreaModule } from '../../platform/deps.ts';
import {
  auditarLectura,
  carpetasOcultas,
  ficherosVisibles,
  ficheroVisible,
  type Origen,
} from '../../platform/files/origenes.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import { ensureMultipart, enviarBytes, readUpload } from '../../platform/http/uploads.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { gdCarpetas, gdFicheros } from '../../platform/tenancy/tables.ts';
import { type Almacen, almacenLocal } from './almacen.ts';
import { almacenS3DeEntorno } from './almacenS3.ts';
import { borrarFila, idParam, rutasRegistro } from './comun.ts';

/** 10 MB per file (in KB, as the spec's message takes it). */
export const GESTORDOC_LIMITE_KB = 10 * 1024;

const f = gdFicheros;
const c = gdCarpetas;

/** A file the caller may reach at `nivel` on its owning feature (the files door); any other is a 404. */
async function cargarFichero(s: Scope, request: FastifyRequest, id: number, nivel: 1 | 2 | 3 = 1) {
  const { empresaId: _e, ...row } = await ficheroVisible(s, request.ctx, id, nivel);
  return row;
}
/** A folder the caller may see (not under the root folder of a feature it lacks: `carpetasOcultas`), else 404. */
async function cargarCarpeta(s: Scope, request: FastifyRequest, id: number) {
  const [row] = await s.select(c, eq(c.Id, id));
  if (!row) throw notFound();
  const [raiz] = await ruta(s, id);
  if (raiz && carpetasOcultas(request.ctx).includes(raiz.Nombre) && (await esRaiz(s, raiz.Id))) throw notFound();
  const { empresaId: _e, ...json } = row;
  return json;
}
async function comprobarCarpeta(s: Scope, request: FastifyRequest, id: number | null | undefined) {
  if (id)
    await cargarCarpeta(s, request, id).catch(() => Promise.reject(fieldError('IdCarpeta', 'La carpeta no existe')));
}
const esRaiz = async (s: Scope, id: number) =>
  (await s.pick({ IdPadre: c.IdPadre }, c, eq(c.Id, id)))[0]?.IdPadre == null;
/** At the top level, the root folders of the features the caller cannot see are left out. */
const sinOcultas = (request: FastifyRequest) => {
  const ocultas = carpetasOcultas(request.ctx);
  return ocultas.length ? notInArray(c.Nombre, ocultas) : undefined;
};
/** The folder's path from the root (breadcrumb), guarding against loops. */
async function ruta(s: Scope, id: number | null) {
  const out: { Id: number; Nombre: string }[] = [];
  let actual = id;
  while (actual && out.length < 20) {
    const [row] = await s.pick({ Id: c.Id, Nombre: c.Nombre, IdPadre: c.IdPadre }, c, eq(c.Id, actual));
    if (!row) break;
    out.unshift({ Id: row.Id, Nombre: row.Nombre });
    actual = row.IdPadre;
  }
  return out;
}

const carpetaSchema = z.object({
  Nombre: requiredString('Nombre', 100),
  IdPadre: z.coerce.number().int().positive().nullish(),
});
const moverSchema = z.object({ IdCarpeta: z.coerce.number().int().positive().nullish() });

/** Where the files go: FARO_GESTORDOC_DIR, else beside the data folder (a temporary folder under tests). */
export function carpetaGestordoc(dataDir: string): string {
  if (process.env.FARO_GESTORDOC_DIR) return process.env.FARO_GESTORDOC_DIR;
  if (process.env.VITEST) return path.join(tmpdir(), `faro-gestordoc-${process.pid}`);
  return `${dataDir}-gestordoc`;
}

/** The bytes of an upload: jpg, png or pdf by their first bytes (`soloImagen`: jpg or png), else the spec's 400. */
export function tipoFichero(bytes: Buffer, soloImagen = false): string {
  const tipo = detectFileType(bytes);
  if (!tipo || (soloImagen && tipo === 'pdf')) throw badRequest(MSG.fileType);
  return tipo;
}

/**
 * Keeps an upload in the document manager: bytes in the store, the row (in the folder `carpeta` gives, inside the
 * same transaction, owned by `opciones.origen`, the document manager's own by default) audited under `recurso`; the
 * bytes go away again if the row cannot be written.
 */
export async function guardarFichero(
  s: Scope,
  store: Almacen,
  upload: { filename: string; bytes: Buffer },
  carpeta: (t: Scope) => Promise<number | null>,
  recurso: string,
  opciones: { soloImagen?: boolean; nombre?: string; origen?: Origen } = {},
) {
  const Tipo = tipoFichero(upload.bytes, opciones.soloImagen);
  const Nombre = (opciones.nombre ?? upload.filename).slice(0, 200);
  const Clave = `${s.empresaId}/${randomUUID()}`;
  await store.guardar(Clave, upload.bytes);
  try {
    return await s.tx(async (t) => {
      const IdCarpeta = await carpeta(t);
      const Origen = opciones.origen ?? 'gestordoc';
      const [r] = await t.insert(f, { IdCarpeta, Nombre, Tipo, Tamano: upload.bytes.length, Clave, Origen }).returning({
        Id: f.Id,
        IdCarpeta: f.IdCarpeta,
        Nombre: f.Nombre,
        Tipo: f.Tipo,
        Tamano: f.Tamano,
        Subido: f.Subido,
      });
      await t.audit({ accion: 'A', recurso, idRegistro: r!.Id, campos: { Nombre, Tipo, IdCarpeta } });
      return r!;
    });
  } catch (error) {
    await store.borrar(Clave);
    throw error;
  }
}

/**
 * Sends a stored file (inline to preview, else as an attachment), its read audited under its owner's resource
 * whichever route serves it; a row whose bytes are gone is the spec's 400. The caller has checked who may read it.
 */
export async function enviarFichero(
  s: Scope,
  reply: FastifyReply,
  store: Almacen,
  row: { Id: number; Clave: string; Nombre: string; Tipo: string; Origen: string },
  inline: boolean,
) {
  const datos = await store.leer(row.Clave);
  if (!datos) throw badRequest(MSG.fileMissing);
  await auditarLectura(s, row);
  const nombre = row.Nombre.replace(/[^\w.\- ]/g, '_');
  return enviarBytes(reply, { datos, tipo: row.Tipo, nombre, inline });
}

/** Deletes a file row (audited under `recurso`) and then its bytes. */
export async function borrarFichero(
  s: Scope,
  store: Almacen,
  row: { Id: number; Clave: string; Nombre: string },
  recurso: string,
) {
  await s.tx(async (t) => {
    await t.delete(f, eq(f.Id, row.Id));
    await t.audit({ accion: 'D', recurso, idRegistro: row.Id, campos: { Nombre: row.Nombre } });
  });
  await store.borrar(row.Clave);
}

/**
 * The folder of a record (an employee, a student…) in the document manager: `raiz/<code> · <name>`, found by its code
 * (the part before ' · ', so the office may rename the rest); with `crear`, made when missing.
 */
export async function carpetaDeRegistro(
  s: Scope,
  raiz: string,
  registro: { codigo: string; nombre: string },
  crear: boolean,
): Promise<number | null> {
  let [r] = await s
    .pick({ Id: c.Id }, c, and(isNull(c.IdPadre), eq(c.Nombre, raiz)))
    .orderBy(asc(c.Id))
    .limit(1);
  if (!r && !crear) return null;
  r ??= (await s.insert(c, { Nombre: raiz, IdPadre: null }).returning({ Id: c.Id }))[0]!;
  const hijas = await s.pick({ Id: c.Id, Nombre: c.Nombre }, c, eq(c.IdPadre, r.Id)).orderBy(asc(c.Id));
  const propia = hijas.find((h) => h.Nombre.split(' · ')[0]!.trim() === registro.codigo);
  if (propia || !crear) return propia?.Id ?? null;
  const nombre = `${registro.codigo} · ${registro.nombre}`.slice(0, 100);
  return (await s.insert(c, { Nombre: nombre, IdPadre: r.Id }).returning({ Id: c.Id }))[0]!.Id;
}

/** The store of the document manager's bytes: an S3-compatible bucket when FARO_S3_* say so, else a local folder. */
export function almacenGestordoc(dataDir: string): Almacen {
  return almacenS3DeEntorno() ?? almacenLocal(carpetaGestordoc(dataDir));
}

/** The document manager (`gestordoc`): folders and files per company; bytes behind the `Almacen` interface. */
export function gestordocRoutes(almacen?: Almacen): AreaModule {
  return (app, deps) => {
    ensureMultipart(app);
    const store = almacen ?? almacenGestordoc(deps.config.dataDir);
    const tags = ['configuracion'];
    const leer = { access: access.permission('ConfEmpresa', 1) };
    const editar = { access: access.permission('ConfEmpresa', 2) };
    const borrar = { access: access.permission('ConfEmpresa', 3) };
    const base = '/api/configuracion/gestordoc';

    app.get(`${base}/list`, { config: leer, schema: { tags, summary: 'Gestor documental' } }, async (request) => {
      const s = deps.scopeOf(request);
      const q = parseListQuery(request.query);
      const idCarpeta = Number(q.Filtros.IdCarpeta) > 0 ? Number(q.Filtros.IdCarpeta) : null;
      const buscar = typeof q.Filtros.Buscar === 'string' ? q.Filtros.Buscar.trim().slice(0, 100) : '';
      if (idCarpeta) await cargarCarpeta(s, request, idCarpeta);
      const enCarpeta: SQL = idCarpeta ? eq(f.IdCarpeta, idCarpeta) : isNull(f.IdCarpeta);
      const donde = buscar ? ilike(f.Nombre, `%${buscar.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : enCarpeta;
      // Only the files whose owning feature the caller may see (payroll needs PersEmple, consents OdonClinica…).
      const where = and(donde, ficherosVisibles(request.ctx));
      const Items = await s
        .pick(
          { Id: f.Id, Nombre: f.Nombre, Tipo: f.Tipo, Tamano: f.Tamano, Subido: f.Subido, IdCarpeta: f.IdCarpeta },
          f,
          where,
        )
        .orderBy(buscar ? desc(f.Subido) : asc(f.Nombre))
        .limit(q.TotalPagina)
        .offset((q.Pagina - 1) * q.TotalPagina);
      const Carpetas = buscar
        ? []
        : await s
            .pick(
              { Id: c.Id, Nombre: c.Nombre },
              c,
              idCarpeta ? eq(c.IdPadre, idCarpeta) : and(isNull(c.IdPadre), sinOcultas(request)),
            )
            .orderBy(asc(c.Nombre));
      return { Items, Total: Items.length, TotalLimitado: false, Carpetas, Ruta: await ruta(s, idCarpeta) };
    });

    app.get(`${base}/edit/:id`, { config: leer, schema: { tags } }, async (request) => {
      const { Clave: _c, Origen: _o, ...json } = await cargarFichero(deps.scopeOf(request), request, idParam(request));
      return json;
    });

    /** Upload: jpg, png or pdf by their first bytes; the spec's size and "No existe el fichero" messages. */
    app.post(
      `${base}/subir`,
      { config: editar, schema: { tags, summary: 'Subir un fichero' } },
      async (request, reply) => {
        const s = deps.scopeOf(request);
        const idCarpeta = Number((request.query as { IdCarpeta?: string }).IdCarpeta) || null;
        await comprobarCarpeta(s, request, idCarpeta);
        const upload = await readUpload(request, GESTORDOC_LIMITE_KB);
        const row = await guardarFichero(s, store, upload, async () => idCarpeta, 'gestordoc');
        return reply.code(201).send(row);
      },
    );

    app.get(
      `${base}/descargar/:id`,
      { config: leer, schema: { tags, summary: 'Descargar o ver un fichero' } },
      async (request, reply) => {
        const s = deps.scopeOf(request);
        const row = await cargarFichero(s, request, idParam(request));
        return enviarFichero(s, reply, store, row, (request.query as { ver?: string }).ver === '1');
      },
    );

    app.put(
      `${base}/mover/:id`,
      { config: editar, schema: { tags, summary: 'Mover un fichero', body: moverSchema } },
      async (request) => {
        const s = deps.scopeOf(request);
        const id = idParam(request);
        await cargarFichero(s, request, id, 2);
        const body = parseBody(moverSchema, request.body) as z.infer<typeof moverSchema>;
        await comprobarCarpeta(s, request, body.IdCarpeta);
        await s.tx(async (t) => {
          await t.update(f, { IdCarpeta: body.IdCarpeta ?? null }, eq(f.Id, id));
          await t.audit({
            accion: 'M',
            recurso: 'gestordoc',
            idRegistro: id,
            campos: { IdCarpeta: body.IdCarpeta ?? null },
          });
        });
        const { Clave: _c, Origen: _o, ...json } = await cargarFichero(s, request, id);
        return json;
      },
    );

    app.delete(
      `${base}/delete/:id`,
      { config: borrar, schema: { tags, summary: 'Eliminar un fichero' } },
      async (request) => {
        const s = deps.scopeOf(request);
        const id = idParam(request);
        await borrarFichero(s, store, await cargarFichero(s, request, id, 3), 'gestordoc');
        return { Mensaje: 'Fichero eliminado' };
      },
    );

    // Folders.
    const cb = '/api/configuracion/gdcarpetas';
    app.get(`${cb}/list`, { config: leer, schema: { tags, summary: 'Carpetas' } }, async (request) => {
      const todas = await deps
        .scopeOf(request)
        .pick({ Id: c.Id, Nombre: c.Nombre, IdPadre: c.IdPadre }, c)
        .orderBy(asc(c.Nombre))
        .limit(1000);
      // Without the folders under a hidden root (followed up the tree, bounded like the breadcrumb).
      const porId = new Map(todas.map((x) => [x.Id, x]));
      const ocultas = carpetasOcultas(request.ctx);
      const raizDe = (x: (typeof todas)[number]) => {
        let actual = x;
        for (let i = 0; i < 20 && actual.IdPadre != null && porId.has(actual.IdPadre); i++)
          actual = porId.get(actual.IdPadre)!;
        return actual.IdPadre == null ? actual.Nombre : null;
      };
      const Items = todas.filter((x) => !ocultas.includes(raizDe(x) ?? ''));
      return { Items, Total: Items.length, TotalLimitado: false };
    });
    const guardar = async (s: Scope, request: FastifyRequest, body: z.infer<typeof carpetaSchema>, id?: number) => {
      if (body.IdPadre) {
        await comprobarCarpeta(s, request, body.IdPadre);
        if (id && (await ruta(s, body.IdPadre)).some((x) => x.Id === id))
          throw fieldError('IdPadre', 'Una carpeta no puede ir dentro de sí misma');
      }
      return s.tx(async (t) => {
        let Id = id;
        if (Id) await t.update(c, { Nombre: body.Nombre, IdPadre: body.IdPadre ?? null }, eq(c.Id, Id));
        else
          Id = (await t.insert(c, { Nombre: body.Nombre, IdPadre: body.IdPadre ?? null }).returning({ Id: c.Id }))[0]!
            .Id;
        await t.audit({ accion: id ? 'M' : 'A', recurso: 'gdcarpetas', idRegistro: Id, campos: body });
        return cargarCarpeta(t, request, Id);
      });
    };
    rutasRegistro(app, deps, {
      base: cb,
      tags,
      acceso: { leer, editar, borrar },
      cuerpo: carpetaSchema,
      cargar: (s, id, request) => cargarCarpeta(s, request, id),
      guardar: (s, body: z.infer<typeof carpetaSchema>, id, request) => guardar(s, request, body, id),
      borrar: {
        borrar: async (s, id, request) => {
          await cargarCarpeta(s, request, id);
          const [hijo] = await s.pick({ Id: c.Id }, c, eq(c.IdPadre, id)).limit(1);
          const [fich] = await s.pick({ Id: f.Id }, f, eq(f.IdCarpeta, id)).limit(1);
          if (hijo || fich) throw badRequest('La carpeta no está vacía');
          await borrarFila(s, c, id, 'gdcarpetas');
          return { Mensaje: 'Carpeta eliminada' };
        },
      },
    });
  };
}
