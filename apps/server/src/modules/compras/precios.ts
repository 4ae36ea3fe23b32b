import { MSG } from '@faro/domain';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conPermiso } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { documentosCompra, documentosCompraLineas } from '../../platform/tenancy/tables.ts';

const id = z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive({ error: MSG.format });
const consulta = z.object({ IdProducto: id, IdProveedor: id.nullish() });

/**
 * Purchase-price history: `GET /api/compras/proveedores/precios?IdProducto=&IdProveedor=` — the prices a
 * product was bought at (orders, delivery notes, received invoices not cancelled), newest first, from one supplier
 * or all; `Ultimo` is the price the next order line is offered (that supplier's last, else anyone's last).
 */
export function registrarPreciosCompra(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/compras/proveedores/precios',
    conPermiso('ComprasFact', 1, 'compras', 'Historial de precios de compra de un producto por proveedor'),
    async (request) => {
      const parsed = consulta.safeParse(request.query ?? {});
      if (!parsed.success) throw fieldError(String(parsed.error.issues[0]?.path[0] ?? 'IdProducto'), MSG.format);
      const q = parsed.data;
      const s = deps.scopeOf(request);
      const d = documentosCompra;
      const l = documentosCompraLineas;
      // One query per question, so a supplier's last price is found however many other lines came after it.
      const buscar = (idProveedor: number | null | undefined, limite: number) =>
        s
          .pick(
            {
              Fecha: d.fecha,
              Tipo: d.tipo,
              IdDocumento: d.id,
              NumSerie: d.numSerie,
              NumFacturaProveedor: d.numTercero,
              IdProveedor: d.idTercero,
              ProveedorNombre: d.terceroNombre,
              Cantidad: l.cantidad,
              Precio: l.precio,
              Descuento: l.descuento,
            },
            l,
            and(
              eq(l.idProducto, q.IdProducto),
              inArray(d.tipo, ['pedido', 'albaran', 'factura']),
              ne(d.estado, 'Anulada'),
              isNotNull(l.precio),
              idProveedor ? eq(d.idTercero, idProveedor) : undefined,
            ),
          )
          .innerJoin(d, s.on(d, eq(d.id, l.idDocumento)))
          .orderBy(desc(d.fecha), desc(d.id))
          .limit(limite);
      const items = await buscar(q.IdProveedor, 50);
      const ultimo = items[0] ?? (q.IdProveedor ? (await buscar(null, 1))[0] : undefined) ?? null;
      return {
        Items: items.slice(0, 50),
        Ultimo: ultimo
          ? {
              Precio: ultimo.Precio,
              Descuento: ultimo.Descuento,
              Fecha: ultimo.Fecha,
              IdProveedor: ultimo.IdProveedor,
              ProveedorNombre: ultimo.ProveedorNombre,
            }
          : null,
      };
    },
  );
}
