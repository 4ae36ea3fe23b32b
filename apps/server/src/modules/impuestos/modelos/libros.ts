import type { LineaEmitida, LineaRecibida } from '@faro/domain';
import { sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { libroEmitidas } from '../factemitidas.ts';
import { libroRecibidas } from '../factrecibidas.ts';
import { DESGLOSE, type FiltrosLibro, rowsOf } from '../libroFacturas.ts';

/**
 * The rows the tax models read: the invoice books' own rows (factemitidas / factrecibidas: their SQL, filter and
 * row) with the few columns a model needs besides (corrective invoices and the date of the invoice corrected, the
 * party's country and postal code, an expense's accounting category: 2xx = investment goods).
 */
const txt = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

export async function lineasEmitidas(s: Scope, desde: string, hasta: string): Promise<LineaEmitida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libroEmitidas;
  const rows = rowsOf(
    await s.execute(
      (empresaId) => sql`${L.select}, d.cliente_pais as pais, d.cliente_cod_postal as cod_postal,
        (d.tipo = 'rectificativa') as rectificativa,
        (select r.fecha::text from documentos_venta r where r.empresa_id = d.empresa_id and r.id = d.id_rectificada)
          as fecha_rectificada
      from ${L.cabeceras} ${DESGLOSE} where ${L.where(empresaId, f)} order by d.fecha, d.id, e.ord`,
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
    };
  });
}

export async function lineasRecibidas(s: Scope, desde: string, hasta: string): Promise<LineaRecibida[]> {
  const f: FiltrosLibro = { FechaDesde: desde, FechaHasta: hasta };
  const L = libroRecibidas;
  const rows = rowsOf(
    await s.execute(
      (empresaId) => sql`${L.select}, d.proveedor_pais as pais, d.proveedor_cod_postal as cod_postal, x.categoria,
        (d.id_rectificada is not null or d.tipo_rectificativa is not null) as rectificativa,
        (select r.fecha::text from documentos_compra r where r.empresa_id = d.empresa_id and r.id = d.id_rectificada)
          as fecha_rectificada
      from ${L.cabeceras} ${DESGLOSE} where ${L.where(empresaId, f)} order by d.fecha, d.id, e.ord`,
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
    };
  });
}

/** The numbers of the issued invoices of the period per series and year, cancelled ones too (gaps in series). */
export async function numeracion(s: Scope, desde: string, hasta: string) {
  const rows = rowsOf(
    await s.execute(
      (empresaId) => sql`select coalesce(sr.codigo, d.id_serie::text, '') as serie, d.anyo, d.numero
      from documentos_venta d left join series sr on sr.empresa_id = d.empresa_id and sr.id = d.id_serie
      where d.empresa_id = ${empresaId} and d.tipo in ('factura', 'simplificada', 'rectificativa')
        and d.numero is not null and d.fecha >= ${desde} and d.fecha <= ${hasta}`,
    ),
  );
  return rows.map((r) => ({ Serie: String(r.serie), Anyo: Number(r.anyo), Numero: Number(r.numero) }));
}
