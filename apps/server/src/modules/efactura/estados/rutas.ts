import { esMotivoRechazo, MSG, MSG_ESTADOS_RECIBIDA } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../../platform/auth/access.ts';
import { parseBody } from '../../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import { idOf } from '../../documentos/params.ts';
import { enviarEstados, estadosYa } from './envio.ts';
import { decidir, estadoJson, reintentar, vistaRecibida, vistasDe } from './estados.ts';
import { clienteSpfeDe, MSG_SPFE_ESTADOS } from './spfe.ts';

const detalle = z.string({ error: MSG.format }).trim().max(500, { error: MSG_ESTADOS_RECIBIDA.detalleLargo }).nullish();

const rechazo = z.object({ Motivo: z.unknown(), Detalle: detalle }).superRefine((v, ctx) => {
  if (!esMotivoRechazo(v.Motivo))
    ctx.addIssue({ code: 'custom', path: ['Motivo'], message: MSG_ESTADOS_RECIBIDA.motivo });
  else if (v.Motivo === 'OTH' && !v.Detalle)
    ctx.addIssue({ code: 'custom', path: ['Detalle'], message: MSG_ESTADOS_RECIBIDA.detalle });
});

const aceptacion = z.object({ Detalle: detalle }).optional();

const consultaPlazos = z.object({
  Ids: z.string({ error: MSG.format }).regex(/^\d{1,15}(,\d{1,15}){0,199}$/, { error: MSG.format }),
});

export const RUTA_ESTADOS = '/api/compras/fcompra/efactura';

/**
 * A received e-invoice's statuses, under the received invoices (permission and module of `fcompra`):
 * - `GET …/efactura/{id}`: when it came, its four-day clocks and every status with its sending state
 *   (`{ Recibida: null }` for a purchase invoice that did not come as an e-invoice);
 * - `POST …/efactura/aceptar/{id}`, `…/rechazar/{id}` (`Motivo`: an OpenPEPPOL reason code, `Detalle` required for
 *   OTH): the decision, queued for the issuer's platform (201); a second decision is a 409;
 * - `GET …/efactura/plazos?Ids=1,2,…`: the clocks of a list's page (only the e-invoices among them);
 * - `POST …/efactura/enviar`: sends the company's pending statuses now; `…/efactura/reintentar/{estado}` queues a
 *   refused one again.
 */
export function registrarEstadosEfactura(app: FastifyInstance, deps: AppDeps): void {
  const def = motorCompra.lado.recursos.fcompra!;
  const nivel = (n: 1 | 2) => ({ access: access.permission(def.permission, n, def.module) });
  const schema = (summary: string) => ({ schema: { tags: ['compras'], summary } });

  app.get(
    `${RUTA_ESTADOS}/plazos`,
    { config: nivel(1), ...schema('Facturas electrónicas recibidas: plazos') },
    async (request) => {
      const { Ids } = parseBody(consultaPlazos, request.query ?? {}) as z.infer<typeof consultaPlazos>;
      const Items = await vistasDe(deps.scopeOf(request), [...new Set(Ids.split(',').map(Number))]);
      return { Items };
    },
  );

  app.get(
    `${RUTA_ESTADOS}/:id`,
    { config: nivel(1), ...schema('Factura electrónica recibida: estados') },
    async (request) => {
      const vista = await vistaRecibida(deps.scopeOf(request), idOf(request));
      return vista ?? { Recibida: null };
    },
  );

  const decision = (tipo: 'aceptada' | 'rechazada', body: z.ZodType, summary: string) =>
    app.post(
      `${RUTA_ESTADOS}/${tipo === 'aceptada' ? 'aceptar' : 'rechazar'}/:id`,
      { config: nivel(2), ...schema(summary) },
      async (request, reply) => {
        const v = parseBody(body, request.body ?? {}) as { Motivo?: string; Detalle?: string | null };
        const scope = deps.scopeOf(request);
        const row = await scope.tx((t) =>
          decidir(t, idOf(request), { Tipo: tipo, Motivo: v.Motivo ?? null, Detalle: v.Detalle ?? null }),
        );
        return reply.status(201).send(estadoJson(row));
      },
    );
  decision('aceptada', aceptacion, 'Factura electrónica recibida: aceptar');
  decision('rechazada', rechazo, 'Factura electrónica recibida: rechazar con motivo');

  app.post(
    `${RUTA_ESTADOS}/reintentar/:id`,
    { config: nivel(2), ...schema('Estado de factura recibida: reintentar') },
    async (request) => {
      const scope = deps.scopeOf(request);
      return estadoJson(await scope.tx((t) => reintentar(t, idOf(request))));
    },
  );

  app.post(
    `${RUTA_ESTADOS}/enviar`,
    { config: nivel(2), ...schema('Estados de facturas recibidas: enviar ahora') },
    async (request) => {
      const scope = deps.scopeOf(request);
      const cliente = await clienteSpfeDe(scope, deps);
      if (!cliente) return { enviados: 0, rechazados: 0, pasos: 0, ocupado: false, error: MSG_SPFE_ESTADOS.sinDestino };
      await estadosYa(scope);
      return enviarEstados(scope, cliente);
    },
  );
}
