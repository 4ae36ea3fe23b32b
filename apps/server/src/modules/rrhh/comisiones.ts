import { isIsoDate, MSG } from '@faro/domain';
import { and, asc, eq, gte, inArray, isNotNull, lte, sum } from 'drizzle-orm';
import { access } from '../../platform/auth/access.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  cobrosVenta,
  col,
  comercialesTable,
  documentosVenta,
  documentosVentaLineas,
  productosTable,
  tableOf,
} from '../../platform/tenancy/tables.ts';

interface Linea {
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
interface Regla {
  id_comercial: number;
  id_familia: number | null;
  id_producto: number | null;
  porcentaje: string;
  base: string;
}
interface Comercial {
  id: number;
  codigo: string;
  nombre: string;
  comision: string | null;
}

const cent = (n: number) => Math.round(n * 100) / 100;

/**
 * Sales reps' commissions per period: the issued invoices of the period with a sales rep, line by line;
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
      if (!isIsoDate(desde) || !isIsoDate(hasta)) throw new AppError(400, `Desde y Hasta: ${MSG.format}`);
      if (hasta < desde) throw new AppError(400, 'Hasta debe ser igual o posterior a Desde');
      const scope = deps.scopeOf(request);
      const lineas: Linea[] = await scope
        .pick(
          {
            id: documentosVenta.id,
            id_linea: documentosVentaLineas.id,
            id_comercial: documentosVenta.idComercial,
            fecha: documentosVenta.fecha,
            num_serie: documentosVenta.numSerie,
            cliente: documentosVenta.terceroNombre,
            total: documentosVenta.total,
            id_producto: documentosVentaLineas.idProducto,
            id_familia: col(productosTable, 'IdFamilia'),
            importe: documentosVentaLineas.importe,
          },
          documentosVenta,
          and(
            inArray(documentosVenta.tipo, ['factura', 'simplificada', 'rectificativa']),
            eq(documentosVenta.estado, 'Emitida'),
            isNotNull(documentosVenta.idComercial),
            gte(documentosVenta.fecha, desde),
            lte(documentosVenta.fecha, hasta),
          ),
        )
        .innerJoin(
          documentosVentaLineas,
          and(scope.on(documentosVentaLineas), eq(documentosVentaLineas.idDocumento, documentosVenta.id)),
        )
        .leftJoin(
          productosTable,
          and(scope.on(productosTable), eq(col(productosTable, 'Id'), documentosVentaLineas.idProducto)),
        )
        .orderBy(
          asc(documentosVenta.idComercial),
          asc(documentosVenta.fecha),
          asc(documentosVenta.id),
          asc(documentosVentaLineas.id),
        )
        .then((rows) =>
          rows.map((r) => ({
            ...r,
            id_comercial: Number(r.id_comercial),
            id_familia: r.id_familia == null ? null : Number(r.id_familia),
            cobrado: '0',
          })),
        );
      const facturas = [...new Set(lineas.map((l) => l.id))];
      const cobros = facturas.length
        ? await scope
            .pick(
              { id: cobrosVenta.IdFactura, cobrado: sum(cobrosVenta.Importe) },
              cobrosVenta,
              inArray(cobrosVenta.IdFactura, facturas),
            )
            .groupBy(cobrosVenta.IdFactura)
        : [];
      const cobrado = new Map(cobros.map((c) => [Number(c.id), String(c.cobrado ?? '0')]));
      for (const l of lineas) l.cobrado = cobrado.get(l.id) ?? '0';
      const reglasT = tableOf('reglascomision');
      const reglas = (
        reglasT
          ? await scope.pick(
              {
                id_comercial: col(reglasT, 'IdComercial'),
                id_familia: col(reglasT, 'IdFamilia'),
                id_producto: col(reglasT, 'IdProducto'),
                porcentaje: col(reglasT, 'Porcentaje'),
                base: col(reglasT, 'Base'),
              },
              reglasT,
            )
          : []
      ) as Regla[];
      const comerciales = (await scope
        .pick(
          {
            id: col(comercialesTable, 'Id'),
            codigo: col(comercialesTable, 'Codigo'),
            nombre: col(comercialesTable, 'Nombre'),
            comision: col(comercialesTable, 'Comision'),
          },
          comercialesTable,
        )
        .orderBy(asc(col(comercialesTable, 'Codigo')))) as Comercial[];
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
