import type { LineaEmitida, LineaRecibida } from '@faro/domain';
import { sql } from 'drizzle-orm';
import type { PredicadoEmpresa, Scope } from '../../../platform/tenancy/scope.ts';
import { libroEmitidas } from '../factemitidas.ts';
import { libroRecibidas } from '../factrecibidas.ts';
import { DESGLOSE, type FiltrosLibro, rowsOf } from '../libroFacturas.ts';

/**
 * The rows the tax models read: the invoice books' own rows (factemitidas / factrecibidas: their SQL, filter and
 * row) with the few columns a model needs besides (corrective invoices and the date of the invoice corrected, the
 * party's country and postal code, an expense's accounting category: 2xx = investment goods).
 */
const txt = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * 349's goods/services criterion: the part of a row's base that is services = its base × the share of the
 * invoice's lines (by amount) whose product is of kind `servicio` (free-text lines count as goods). Only computed
 * for the rows 349 reads (intra-EU deliveries E5, intra-EU acquisitions).
 */
const parteServicios = (lineas: string, de: PredicadoEmpresa) => sql`(select round((e.val->>'Base')::numeric
    * coalesce(sum(l.importe) filter (where p.tipo = 'servicio'), 0) / nullif(sum(l.importe), 0), 2)::text
  from ${sql.raw(lineas)} l left join productos p on ${de('p')} and p.id = l.id_producto
  where ${de('l')} and l.id_documento = d.id)`;

export async function lineasEmitidas(s: Scope, desde: string, hasta: string): Promise<LineaEmitida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libroEmitidas;
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`${L.select}, d.cliente_pais as pais, d.cliente_cod_postal as cod_postal,
        (d.tipo = 'rectificativa') as rectificativa,
        (select r.fecha::text from documentos_venta r where ${de('r')} and r.id = d.id_rectificada)
          as fecha_rectificada,
        case when e.val->>'Exencion' = 'E5' then ${parteServicios('documentos_venta_lineas', de)} end as base_servicios
      from ${L.cabeceras} ${DESGLOSE} where ${L.where(de, f)} order by d.fecha, d.id, e.ord`,
    ),
  );
  return rows.map((r) => {
    const x = L.fila(r);
    return {
      Id: x.Id,
      Fecha: x.Fecha,
      NumSerie: x.NumSerie,
      Tercero: x.ClienteNombre,
      NIF: x.ClienteNIF,
      Pais: txt(r.pais),
      CodPostal: txt(r.cod_postal),
      Rectificativa: Boolean(r.rectificativa),
      FechaRectificada: txt(r.fecha_rectificada),
      Impuesto: x.Impuesto,
      PorcentajeIva: x.PorcentajeIva,
      Base: x.Base,
      Cuota: x.Cuota,
      PorcentajeRecargo: x.PorcentajeRecargo,
      CuotaRecargo: x.CuotaRecargo,
      Exencion: x.Exencion,
      Retencion: x.Retencion,
      BaseServicios: txt(r.base_servicios) ?? undefined,
    };
  });
}

/** An expense bought in another EU country counts as a service unless its category is goods (2xx, 60x). */
export async function lineasRecibidas(s: Scope, desde: string, hasta: string): Promise<LineaRecibida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libroRecibidas;
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`${L.select}, d.proveedor_pais as pais, d.proveedor_cod_postal as cod_postal, x.categoria,
        (d.id_rectificada is not null or d.tipo_rectificativa is not null) as rectificativa,
        (select r.fecha::text from documentos_compra r where ${de('r')} and r.id = d.id_rectificada)
          as fecha_rectificada,
        case when x.operacion = 'intracomunitaria' then
          case when d.tipo = 'gasto' then (case when coalesce(x.categoria, '') ~ '^(2|60)' then '0' else e.val->>'Base' end)
          else ${parteServicios('documentos_compra_lineas', de)} end end as base_servicios
      from ${L.cabeceras} ${DESGLOSE} where ${L.where(de, f)} order by d.fecha, d.id, e.ord`,
    ),
  );
  return rows.map((r) => {
    const x = L.fila(r);
    return {
      Id: x.Id,
      Fecha: x.Fecha,
      FechaFactura: x.FechaFactura,
      NumSerie: x.NumRegistro,
      Tercero: x.ProveedorNombre,
      NIF: x.ProveedorNIF,
      Pais: txt(r.pais),
      CodPostal: txt(r.cod_postal),
      Rectificativa: Boolean(r.rectificativa),
      FechaRectificada: txt(r.fecha_rectificada),
      Operacion: x.Operacion,
      Impuesto: x.Impuesto,
      PorcentajeIva: x.PorcentajeIva,
      Base: x.Base,
      Cuota: x.Cuota,
      CuotaDeducible: x.CuotaDeducible,
      CuotaAutoliquidada: x.CuotaAutoliquidada,
      CuotaRecargo: x.CuotaRecargo,
      Retencion: x.Retencion,
      ClaveRetencion: x.ClaveRetencion,
      BienInversion: String(r.categoria ?? '').startsWith('2'),
      BaseServicios: txt(r.base_servicios) ?? undefined,
    };
  });
}

/**
 * 347: cash received per customer NIF in the year — the collections of issued invoices into a treasury account of
 * kind `caja` (the domain keeps those over 6,000 €).
 */
export async function metalicoPorNif(s: Scope, anyo: number): Promise<Record<string, string>> {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select upper(trim(d.cliente_nif)) as nif, sum(c.importe)::text as importe
      from cobros_venta c
        join tesoreria t on ${de('t')} and t.id = c.id_tesoreria
        join documentos_venta d on ${de('d')} and d.id = c.id_factura
      where ${de('c')} and t.tipo = 'caja' and coalesce(trim(d.cliente_nif), '') <> ''
        and c.fecha >= ${`${anyo}-01-01`} and c.fecha <= ${`${anyo}-12-31`}
      group by 1`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [String(r.nif), String(r.importe)]));
}

/** The numbers of the issued invoices of the period per series and year, cancelled ones too (gaps in series). */
export async function numeracion(s: Scope, desde: string, hasta: string) {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select coalesce(sr.codigo, d.id_serie::text, '') as serie, d.anyo, d.numero
      from documentos_venta d left join series sr on ${de('sr')} and sr.id = d.id_serie
      where ${de('d')} and d.tipo in ('factura', 'simplificada', 'rectificativa')
        and d.numero is not null and d.fecha >= ${desde} and d.fecha <= ${hasta}`,
    ),
  );
  return rows.map((r) => ({ Serie: String(r.serie), Anyo: Number(r.anyo), Numero: Number(r.numero) }));
}
