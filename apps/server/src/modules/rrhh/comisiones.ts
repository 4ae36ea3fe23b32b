import { MSG } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { access } from '../../platform/auth/access.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';

const DIA = /^\d{4}-\d{2}-\d{2}$/;

interface Linea extends Record<string, unknown> {
  id: number;
  id_linea: number;
  id_comercial: number;
  fecha: string;
  num_serie: string | null;
  cliente: string;
  total: string;
  cobrado: string;
  id_producto: number | null;
  id_familia: number | null;
  importe: string;
}
interface Regla extends Record<string, unknown> {
  id_comercial: number;
  id_familia: number | null;
  id_producto: number | null;
  porcentaje: string;
  base: string;
}
interface Comercial extends Record<string, unknown> {
  id: number;
  codigo: string;
  nombre: string;
  comision: string | null;
}

const cent = (n: number) => Math.round(n * 100) / 100;

/**
 * Sales reps' commissions per period (issue 20): the issued invoices of the period with a sales rep, line by line;
 * each line takes the most specific rule (product, then family, then the rep's general rule, then the rep's
 * Comisión) and its base: the line's amount before VAT ('facturado') or that amount times the share of the invoice
 * collected so far ('cobrado').
 */
export const comisionesRoutes: AreaModule = (app, deps) => {
  app.get(
    '/api/rrhh/comisiones/informe',
    {
      config: { access: access.permission('PersComercial', 1, 'ActComerciales') },
      schema: { tags: ['rrhh'], summary: 'Comisiones de los comerciales por periodo' },
    },
    async (request) => {
      const q = (request.query ?? {}) as Record<string, unknown>;
      const desde = String(q.Desde ?? '');
      const hasta = String(q.Hasta ?? '');
      if (!DIA.test(desde) || !DIA.test(hasta)) throw new AppError(400, `Desde y Hasta: ${MSG.format}`);
      if (hasta < desde) throw new AppError(400, 'Hasta debe ser igual o posterior a Desde');
      const scope = deps.scopeOf(request);
      const lineas = await scope.execute<Linea>(
        (e) => sql`
          select d.id, l.id as id_linea, d.id_comercial, d.fecha::text as fecha, d.num_serie, d.cliente_nombre as cliente, d.total,
                 coalesce((select sum(c.importe) from cobros_venta c
                            where c.empresa_id = d.empresa_id and c.id_factura = d.id), 0) as cobrado,
                 l.id_producto, p.id_familia, l.importe
            from documentos_venta d
            join documentos_venta_lineas l on l.empresa_id = d.empresa_id and l.id_documento = d.id
            left join productos p on p.empresa_id = d.empresa_id and p.id = l.id_producto
           where d.empresa_id = ${e} and d.tipo in ('factura', 'simplificada', 'rectificativa')
             and d.estado = 'Emitida' and d.id_comercial is not null
             and d.fecha between ${desde} and ${hasta}
           order by d.id_comercial, d.fecha, d.id, l.id`,
      );
      const reglas = await scope.execute<Regla>(
        (e) => sql`select id_comercial, id_familia, id_producto, porcentaje, base from reglascomision
                    where empresa_id = ${e}`,
      );
      const comerciales = await scope.execute<Comercial>(
        (e) => sql`select id, codigo, nombre, comision from comerciales where empresa_id = ${e} order by codigo`,
      );
      const regla = (l: Linea) => {
        const mine = reglas.filter((r) => Number(r.id_comercial) === Number(l.id_comercial));
        return (
          mine.find((r) => r.id_producto !== null && Number(r.id_producto) === Number(l.id_producto)) ??
          mine.find(
            (r) => r.id_producto === null && r.id_familia !== null && Number(r.id_familia) === Number(l.id_familia),
          ) ??
          mine.find((r) => r.id_producto === null && r.id_familia === null)
        );
      };
      const items = comerciales.map((c) => {
        const detalle = lineas
          .filter((l) => Number(l.id_comercial) === Number(c.id))
          .map((l) => {
            const r = regla(l);
            const porcentaje = Number(r?.porcentaje ?? c.comision ?? 0);
            const base = r?.base === 'cobrado' ? 'cobrado' : 'facturado';
            const total = Number(l.total);
            const parte = base === 'cobrado' ? (total === 0 ? 0 : Math.min(1, Number(l.cobrado) / total)) : 1;
            const importe = Number(l.importe) * parte;
            return {
              IdFactura: Number(l.id),
              IdLinea: Number(l.id_linea),
              NumSerie: l.num_serie,
              Fecha: l.fecha,
              Cliente: l.cliente,
              Base: base,
              Importe: cent(importe),
              Porcentaje: porcentaje,
              Comision: cent((importe * porcentaje) / 100),
            };
          });
        return {
          IdComercial: Number(c.id),
          Codigo: c.codigo,
          Nombre: c.nombre,
          Base: cent(detalle.reduce((s, d) => s + d.Importe, 0)),
          Comision: cent(detalle.reduce((s, d) => s + d.Comision, 0)),
          Detalle: detalle,
        };
      });
      return { Desde: desde, Hasta: hasta, Items: items };
    },
  );
};
