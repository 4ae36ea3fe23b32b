import { TIPOS_DOCUMENTO_VENTA } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { access } from '../../../platform/auth/access.ts';
import type { AppDeps, AreaModule } from '../../../platform/deps.ts';
import { idOf } from '../../documentos/params.ts';
import { facturaeDeFactura, fijarSecretoFacturae } from '../facturae/cargar.ts';
import { consultarEstadosFace } from './estados.ts';

const fventa = TIPOS_DOCUMENTO_VENTA.fventa;
const perm = (nivel: 1 | 2) => ({ access: access.permission(fventa.permission, nivel, fventa.module) });

/**
 * Facturae and FACe: `GET /api/ventas/fventa/facturae/{id}` serves an issued invoice as Facturae 3.2.2 signed
 * XAdES-EPES with the company's certificate (the customer's DIR3 units when it has them; `.xsig`, as FACe names
 * signed files); `POST /api/ventas/fventaefactura/face/consultar` asks FACe now for the statuses of the company's
 * invoices it registered (the sending queue's FACe channel is `canal.ts`).
 */
export function registrarFace(app: FastifyInstance, deps: AppDeps): void {
  fijarSecretoFacturae(deps.secret);

  app.get(
    '/api/ventas/fventa/facturae/:id',
    { config: perm(1), schema: { tags: ['ventas'], summary: 'Factura: Facturae 3.2.2 firmada' } },
    async (request, reply) => {
      const { cabecera, xml } = await facturaeDeFactura(deps.scopeOf(request), idOf(request));
      const nombre = `factura-${cabecera.numSerie}.xsig`.replace(/[^\w.-]/g, '_');
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${nombre}"`)
        .send(xml);
    },
  );

  app.post(
    '/api/ventas/fventaefactura/face/consultar',
    { config: perm(2), schema: { tags: ['ventas'], summary: 'Factura electrónica: consultar estados en FACe' } },
    async (request) => {
      const r = await consultarEstadosFace(deps.scopeOf(request));
      return { Consultadas: r.consultadas, Actualizadas: r.actualizadas, ...(r.error ? { Error: r.error } : {}) };
    },
  );
}

/** Facturae and FACe as an area module of their own (beside the e-invoices' one, `modules/index.ts`). */
export const faceModule: AreaModule = registrarFace;
