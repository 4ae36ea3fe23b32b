import { randomUUID } from 'node:crypto';
import { detectFileType, MSG, MSG_COMPRAS } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ensureMultipart, enviarBytes, readUpload } from '../../platform/http/uploads.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { datosCompra, empresa, ficheros } from '../../platform/tenancy/tables.ts';
import { idOf } from '../documentos/rutas.ts';
import { motorCompra } from './ladoCompra.ts';

/** The scanned original of a received invoice or ticket photo: 5 MB (in KB, as the spec's message takes it). */
export const ADJUNTO_LIMITE_KB = 5 * 1024;

/** PGC subaccounts of group 62 (external services) offered as expense categories beside the company's own. */
const SERVICIOS_EXTERIORES: [string, string][] = [
  ['621', 'Arrendamientos y cánones'],
  ['622', 'Reparaciones y conservación'],
  ['623', 'Servicios de profesionales independientes'],
  ['624', 'Transportes'],
  ['625', 'Primas de seguros'],
  ['626', 'Servicios bancarios y similares'],
  ['627', 'Publicidad, propaganda y relaciones públicas'],
  ['628', 'Suministros'],
  ['629', 'Otros servicios'],
];

/**
 * Keeps a file as the original of a received invoice or expense (replacing the one it had): in the platform's
 * `ficheros`, served only by `…/adjunto/{id}` under the purchases permission (`platform/files/origenes.ts`). A
 * registered document without purchase data refuses it (its original is evidence for the tax books).
 */
export async function adjuntarOriginal(
  t: Scope,
  h: { id: number; numero: number | null },
  fichero: { nombre: string; tipo: string; bytes: Uint8Array },
): Promise<void> {
  const [f] = await t
    .insert(ficheros, {
      clave: randomUUID(),
      nombre: fichero.nombre.slice(0, 200),
      tipo: fichero.tipo,
      tamano: fichero.bytes.length,
      datos: fichero.bytes,
    })
    .returning({ id: ficheros.id });
  const [antes] = await t.pick({ f: datosCompra.idFichero }, datosCompra, eq(datosCompra.idDocumento, h.id));
  if (antes) await t.update(datosCompra, { idFichero: f!.id }, eq(datosCompra.idDocumento, h.id));
  else if (h.numero === null) await t.insert(datosCompra, { idDocumento: h.id, idFichero: f!.id });
  else throw badRequest(MSG_COMPRAS.registradaInmutable);
  if (antes?.f) await t.delete(ficheros, eq(ficheros.id, antes.f));
}

/**
 * Received invoices' and expenses' attached original (`/api/compras/{fcompra|fgasto}/adjunto/{id}`: GET serves it,
 * POST uploads jpg/png/pdf by their first bytes, DELETE removes it from a draft) kept in the platform's `ficheros`
 * like the company logo; and `fgasto/categorias`, the company's purchase and expense accounts.
 */
export function registrarAdjuntosCompra(app: FastifyInstance, deps: AppDeps): void {
  ensureMultipart(app);
  const schema = (summary: string) => ({ schema: { tags: ['compras'], summary } });
  for (const recurso of ['fcompra', 'fgasto'] as const) {
    const def = motorCompra.lado.recursos[recurso]!;
    const tipos = def.tipos;
    const perm = (level: 1 | 2) => ({ access: access.permission(def.permission, level, def.module) });
    const base = `/api/compras/${recurso}/adjunto/:id`;

    app.get(base, { config: perm(1), ...schema(`${def.label}: original adjunto`) }, async (request, reply) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await motorCompra.cargarCabecera(scope, id, tipos);
      const [row] = await scope
        .pick({ datos: ficheros.datos, tipo: ficheros.tipo }, datosCompra, eq(datosCompra.idDocumento, id))
        .innerJoin(ficheros, scope.on(ficheros, eq(ficheros.id, datosCompra.idFichero)))
        .limit(1);
      if (!row) throw notFound();
      return enviarBytes(reply, { ...row, nombre: `${recurso}-${id}.${row.tipo}` });
    });

    app.post(base, { config: perm(2), ...schema(`${def.label}: adjuntar el original`) }, async (request) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await motorCompra.cargarCabecera(scope, id, tipos);
      const upload = await readUpload(request, ADJUNTO_LIMITE_KB);
      const type = detectFileType(upload.bytes);
      if (!type) throw badRequest(MSG.fileType);
      await scope.tx(async (t) => {
        const h = await motorCompra.cargarCabecera(t, id, tipos, true);
        await adjuntarOriginal(t, h, { nombre: upload.filename, tipo: type, bytes: upload.bytes });
      });
      return { Adjunto: { Nombre: upload.filename.slice(0, 200), Tipo: type, Tamano: upload.bytes.length } };
    });

    app.delete(base, { config: perm(2), ...schema(`${def.label}: quitar el original`) }, async (request, reply) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      await scope.tx(async (t) => {
        const h = await motorCompra.cargarCabecera(t, id, tipos, true);
        // The original of a registered invoice is evidence for the tax books: it stays.
        if (h.numero !== null) throw badRequest(MSG_COMPRAS.registradaInmutable);
        const [antes] = await t.pick({ f: datosCompra.idFichero }, datosCompra, eq(datosCompra.idDocumento, id));
        if (!antes?.f) throw notFound();
        await t.update(datosCompra, { idFichero: null }, eq(datosCompra.idDocumento, id));
        await t.delete(ficheros, eq(ficheros.id, antes.f));
      });
      return reply.status(204).send();
    });
  }

  const gasto = motorCompra.lado.recursos.fgasto!;
  app.get(
    '/api/compras/fgasto/categorias',
    {
      config: { access: access.permission(gasto.permission, 1, gasto.module) },
      ...schema('Categorías de gasto: cuentas de compras y gastos'),
    },
    async (request) => {
      const scope = deps.scopeOf(request);
      const [e] = await scope.company({
        digitos: empresa.digitosContables,
        compras: empresa.cuentaCompras,
        gastos: empresa.cuentaGastos,
      });
      const digitos = Math.min(12, Math.max(4, e?.digitos ?? 10));
      const cuenta = (prefijo: string) => prefijo.padEnd(digitos, '0');
      const items = new Map<string, string>([
        [e?.compras ?? cuenta('600'), 'Compras de mercaderías'],
        ...SERVICIOS_EXTERIORES.map(([c, n]): [string, string] => [cuenta(c), n]),
      ]);
      if (e?.gastos && !items.has(e.gastos)) items.set(e.gastos, 'Gastos (cuenta de la empresa)');
      return { Items: [...items].map(([Cuenta, Nombre]) => ({ Cuenta, Nombre })) };
    },
  );
}
