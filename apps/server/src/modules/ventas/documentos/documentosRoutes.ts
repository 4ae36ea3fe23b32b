import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { ContextoRutas } from '../../documentos/lado.ts';
import { idOf, registrarRutasDocumentos } from '../../documentos/rutas.ts';
import { motorVenta } from '../ladoVenta.ts';
import { rectificar, rectificarBody } from './cadena.ts';

/**
 * Sales documents: the document engine's routes on the sales side (`/api/ventas/{pventa|dventa|aventa|fventa}/`
 * list / edit / save / save/{id} / delete / anular / convertir / emitir / pdf / enviar, `docventahist/{tipo}/{id}`,
 * `fventa/vencidas`), plus what only sales have: `rectificar` for invoices.
 */
export function registerDocumentosVenta(app: FastifyInstance, deps: AppDeps): void {
  registrarRutasDocumentos(app, deps, motorVenta, rutasVenta);
}

function rutasVenta({ app, deps, recurso, def, base, cargar }: ContextoRutas): void {
  const perm = (level: 1 | 2 | 3) => ({ access: access.permission(def.permission, level, def.module) });
  const schema = (summary: string) => ({ schema: { tags: ['ventas'], summary } });
  const tipos = def.tipos;

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
