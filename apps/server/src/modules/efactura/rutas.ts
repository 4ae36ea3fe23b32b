import { facturaUbl, MSG, TIPOS_DOCUMENTO_VENTA } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { idOf } from '../documentos/params.ts';
import { cargarFacturaElectronica } from './modelo.ts';
import { describirReglas } from './reglas.ts';
import { fatales, validarEn16931 } from './validador.ts';

export const MSG_EFACTURA = {
  borrador: 'La factura está en borrador: emítela antes de descargar su factura electrónica',
  norma: (reglas: string) => `La factura electrónica no cumple la norma EN 16931: ${reglas}`,
} as const;

const consulta = z.object({
  Version: z.enum(['2.1', '2.5'], { error: MSG.format }).optional(),
});

const fventa = TIPOS_DOCUMENTO_VENTA.fventa;

/**
 * `GET /api/ventas/fventa/ubl/{id}?Version=2.1|2.5`: an issued invoice (invoice, simplified or corrective) as a UBL
 * e-invoice under EN 16931, checked against the CEN rules before it leaves (about 0.2 s); a draft, or an invoice
 * whose data break a rule (named in Spanish with its id), is answered 409 / 422 instead. The writer's structure is
 * fixed, so the UBL schema is checked by the tests over every demo invoice and tax case, not per request (libxml2
 * loading the UBL schemas costs more than the rules).
 */
export function registrarRutasEfactura(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/ventas/fventa/ubl/:id',
    {
      config: { access: access.permission(fventa.permission, 1, fventa.module) },
      schema: { tags: ['ventas'], summary: 'Factura: factura electrónica UBL (EN 16931)' },
    },
    async (request, reply) => {
      const { Version: version = '2.1' } = parseBody(consulta, request.query ?? {}) as z.infer<typeof consulta>;
      const scope = deps.scopeOf(request);
      const { cabecera, factura } = await cargarFacturaElectronica(scope, idOf(request));
      if (!cabecera.numSerie || cabecera.estado === 'Provisional') throw new AppError(409, MSG_EFACTURA.borrador);
      const xml = facturaUbl(factura, { version });
      const errores = fatales(await validarEn16931(xml));
      if (errores.length) throw new AppError(422, MSG_EFACTURA.norma(describirReglas(errores)));
      const nombre = `factura-${cabecera.numSerie}${version === '2.5' ? '-ubl25' : ''}.xml`.replace(/[^\w.-]/g, '_');
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${nombre}"`)
        .send(xml);
    },
  );
}
