import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { ContextoRutas } from '../../documentos/lado.ts';
import { idOf, registrarRutasDocumentos } from '../../documentos/rutas.ts';
import { motorVenta } from '../ladoVenta.ts';
import { rectificar, rectificarBody } from './cadena.ts';
import { registerEnvioDocumentos } from './envio.ts';
import { registerVencidas } from './vencimientos.ts';

/**
 * Sales documents: the document engine's routes on the sales side (`/api/ventas/{pventa|dventa|aventa|fventa}/`
 * list / edit / save / save/{id} / delete / anular / convertir / emitir, `docventahist/{tipo}/{id}`), plus what only
 * sales have: the PDF, `rectificar` for invoices, the overdue view and e-mail.
 */
export function registerDocumentosVenta(app: FastifyInstance, deps: AppDeps): void {
  registrarRutasDocumentos(app, deps, motorVenta, rutasVenta);
  registerVencidas(app, deps);
  registerEnvioDocumentos(app, deps);
}

function rutasVenta({ app, deps, recurso, def, base, cargar }: ContextoRutas): void {
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(def.permission, level, def.module) });
  const schema = (summary: string) => ({ schema: { tags: ['ventas'], summary } });
  const tipos = def.tipos;

  app.get(`${base}/pdf/:id`, { config: perm(1), ...schema(`${def.label}: PDF`) }, async (request, reply) => {
    const scope = deps.scopeOf(request);
    const id = idOf(request);
    const h = await motorVenta.cargarCabecera(scope, id, tipos);
    const lineas = await motorVenta.cargarLineas(scope, [id]);
    const rectificada = h.idRectificada
      ? await motorVenta.cargarCabecera(scope, h.idRectificada, tipos).catch(() => null)
      : null;
    const { pdfDocumento } = await import('./pdf.ts');
    const pdf = await pdfDocumento(scope, h, lineas, rectificada);
    const nombre = `${recurso}-${h.numSerie ?? `borrador-${h.id}`}.pdf`.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${nombre}"`)
      .send(pdf);
  });

  if (recurso !== 'fventa') return;
  app.post(
    `${base}/rectificar/:id`,
    { config: perm(2), ...schema('Crear la factura rectificativa') },
    async (request, reply) => {
      const scope = deps.scopeOf(request);
      const id = idOf(request);
      const nuevo = await scope.tx(async (t) => {
        await motorVenta.cargarCabecera(t, id, tipos);
        const body = parseBody(rectificarBody, request.body) as z.infer<typeof rectificarBody>;
        return rectificar(t, id, body);
      });
      return reply.status(201).send(await cargar(scope, nuevo));
    },
  );
}
