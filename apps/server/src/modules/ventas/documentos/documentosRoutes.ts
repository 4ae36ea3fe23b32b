import {
  type DocumentoVentaInput,
  documentoVentaSchema,
  RECURSOS_VENTA,
  type RecursoVenta,
  TIPOS_DOCUMENTO_VENTA,
} from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import { parseListQuery } from '../../../platform/crud/listQuery.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { registrarAnulacion, urlQrFactura } from '../verifactu/registros.ts';
import { anular, convertir, convertirBody, historial, rectificar, rectificarBody } from './cadena.ts';
import { llevadoPorLinea } from './cantidades.ts';
import {
  actualizarDocumento,
  aJson,
  borrarDocumento,
  cargarCabecera,
  cargarLineas,
  comprobarEditable,
  crearDocumento,
  listarDocumentos,
  preparar,
  tipoNuevo,
} from './documentosRepository.ts';
import { emitirFactura } from './emitir.ts';
import { registerEnvioDocumentos } from './envio.ts';
import { almacenDe, almacenDocumento, sincronizarStockVenta } from './stockVentas.ts';
import { cargarVencimientos, registerVencidas } from './vencimientos.ts';

const idOf = (request: { params: unknown }) => {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

const emitirBody = z.object({ Minorista: z.boolean().optional() });

/**
 * Sales documents: `/api/ventas/{pventa|dventa|aventa|fventa}/` list / edit / save / save/{id} / delete (drafts
 * only), `convertir/{id}`, `docventahist/{tipo}/{id}`, and for invoices `emitir`, `rectificar`, `anular`.
 */
export function registerDocumentosVenta(app: FastifyInstance, deps: AppDeps): void {
  for (const recurso of RECURSOS_VENTA) registerRecurso(app, deps, recurso);
  registerVencidas(app, deps);
  registerEnvioDocumentos(app, deps);
}

function registerRecurso(app: FastifyInstance, deps: AppDeps, recurso: RecursoVenta): void {
  const def = TIPOS_DOCUMENTO_VENTA[recurso];
  const tipos = def.tipos;
  const base = `/api/ventas/${recurso}`;
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(def.permission, level, def.module) });
  const schema = (summary: string) => ({ schema: { tags: ['ventas'], summary } });
  const load = async (db: Db, empresaId: number, id: number) => {
    const h = await cargarCabecera(db, empresaId, id, tipos);
    const lineas = await cargarLineas(db, empresaId, [id]);
    const json = aJson(h, lineas);
    // Partial conversions: per line, what was carried into each destination kind and what is pending.
    const llevado = await llevadoPorLinea(db, empresaId, h, lineas);
    for (const l of json.Lineas as Record<string, unknown>[]) Object.assign(l, llevado.get(l.Id as number));
    // VeriFactu (issue 6): the issued invoice carries the cotejo URL of its QR.
    if (recurso === 'fventa' && h.numero !== null) json.UrlQr = await urlQrFactura(db, empresaId, id);
    json.IdAlmacen = await almacenDocumento(db, empresaId, id);
    if (recurso === 'fventa') json.Vencimientos = await cargarVencimientos(db, empresaId, id);
    return json;
  };

  app.get(`${base}/list`, { config: perm(1), ...schema(`Lista de ${def.label}`) }, async (request) => {
    const scope = deps.scopeOf(request);
    return listarDocumentos(scope, tipos, parseListQuery(request.query));
  });

  app.get(`${base}/edit/:id`, { config: perm(1), ...schema(`${def.label}: ver`) }, async (request) => {
    const scope = deps.scopeOf(request);
    return load(scope.db, scope.empresaId, idOf(request));
  });

  app.post(`${base}/save`, { config: perm(2), ...schema(`${def.label}: crear`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const input = parseBody(documentoVentaSchema, request.body) as DocumentoVentaInput;
    const id = await scope.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const prep = await preparar(tx, scope.empresaId, input);
      const nuevo = await crearDocumento(tx, scope.empresaId, tipoNuevo(tipos, input), prep, input.Serie, input.Estado);
      await sincronizarStockVenta(tx, scope, nuevo, { IdAlmacen: almacenDe(request.body) });
      return nuevo;
    });
    return reply.status(201).send(await load(scope.db, scope.empresaId, id));
  });

  app.put(`${base}/save/:id`, { config: perm(2), ...schema(`${def.label}: guardar`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The document first: another company's id is a 404 whatever the body says.
      const h = await cargarCabecera(tx, scope.empresaId, id, tipos, true);
      const input = parseBody(documentoVentaSchema, request.body) as DocumentoVentaInput;
      comprobarEditable(h);
      const prep = await preparar(tx, scope.empresaId, input);
      await actualizarDocumento(
        tx,
        scope.empresaId,
        h,
        prep,
        input.Serie,
        input.Estado,
        input.Lineas.map((l) => l.Id),
      );
      await sincronizarStockVenta(tx, scope, id, { IdAlmacen: almacenDe(request.body) });
    });
    return load(scope.db, scope.empresaId, id);
  });

  app.delete(`${base}/delete/:id`, { config: perm(3), ...schema(`${def.label}: borrar`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const h = await cargarCabecera(tx, scope.empresaId, id, tipos, true);
      await sincronizarStockVenta(tx, scope, id, { borrar: true });
      await borrarDocumento(tx, scope.empresaId, h);
    });
    return { Id: id };
  });

  app.get(
    `/api/ventas/docventahist/${recurso}/:id`,
    { config: perm(1), ...schema(`${def.label}: cadena de documentos`) },
    async (request) => {
      const scope = deps.scopeOf(request);
      return historial(scope.db, scope.empresaId, recurso, idOf(request));
    },
  );

  app.get(`${base}/pdf/:id`, { config: perm(1), ...schema(`${def.label}: PDF`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    const h = await cargarCabecera(scope.db, scope.empresaId, id, tipos);
    const lineas = await cargarLineas(scope.db, scope.empresaId, [id]);
    const rectificada = h.idRectificada
      ? await cargarCabecera(scope.db, scope.empresaId, h.idRectificada, tipos).catch(() => null)
      : null;
    const { pdfDocumento } = await import('./pdf.ts');
    const pdf = await pdfDocumento(scope.db, scope.empresaId, h, lineas, rectificada);
    const nombre = `${recurso}-${h.numSerie ?? `borrador-${h.id}`}.pdf`.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${nombre}"`)
      .send(pdf);
  });

  app.post(`${base}/anular/:id`, { config: perm(3), ...schema(`${def.label}: anular`) }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    await scope.db.transaction(async (t) => {
      const anulada = await anular(t as unknown as Db, scope.empresaId, tipos, id);
      await registrarAnulacion(t as unknown as Db, scope.empresaId, anulada);
      await sincronizarStockVenta(t as unknown as Db, scope, id);
    });
    return load(scope.db, scope.empresaId, id);
  });

  if (recurso !== 'fventa') {
    app.post(
      `${base}/convertir/:id`,
      { config: perm(2), ...schema(`${def.label}: convertir`) },
      async (request, reply) => {
        const scope = deps.scopeOf(request);
        const id = idOf(request);
        const nuevo = await scope.db.transaction(async (t) => {
          const tx = t as unknown as Db;
          await cargarCabecera(tx, scope.empresaId, id, tipos);
          const body = parseBody(convertirBody, request.body) as z.infer<typeof convertirBody>;
          return convertir(tx, scope.empresaId, recurso, id, body);
        });
        const doc = await cargarCabecera(scope.db, scope.empresaId, nuevo, ['pedido', 'albaran', 'factura']);
        return reply.status(201).send(aJson(doc, await cargarLineas(scope.db, scope.empresaId, [nuevo])));
      },
    );
    return;
  }

  app.post(`${base}/emitir/:id`, { config: perm(2), ...schema('Emitir la factura') }, async (request) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    const body = parseBody(emitirBody, request.body ?? {}) as z.infer<typeof emitirBody>;
    await scope.db.transaction(async (t) => {
      await emitirFactura(t as unknown as Db, scope.empresaId, id, {
        ...body,
        antesDelNumero: (tx) => sincronizarStockVenta(tx, scope, id, { comoEmitida: true }),
      });
    });
    return load(scope.db, scope.empresaId, id);
  });

  app.post(
    `${base}/rectificar/:id`,
    { config: perm(2), ...schema('Crear la factura rectificativa') },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      const nuevo = await scope.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await cargarCabecera(tx, scope.empresaId, id, tipos);
        const body = parseBody(rectificarBody, request.body) as z.infer<typeof rectificarBody>;
        return rectificar(tx, scope.empresaId, id, body);
      });
      return reply.status(201).send(await load(scope.db, scope.empresaId, nuevo));
    },
  );
}
