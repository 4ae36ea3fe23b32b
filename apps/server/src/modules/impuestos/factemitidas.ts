import { add, dec, type FilaLibro, sub, type TotalTipo, toFixed, ZERO } from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import type { Cell, Column } from '../../platform/export/cells.ts';
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';
import {
  DESGLOSE,
  etiquetaGeneral,
  etiquetaTipo,
  type FiltrosLibro,
  filaPie,
  columnaImporte as money,
  celdaImporte as n,
  registrarLibro,
  rowsOf,
  celdaTexto as s,
} from './libroFacturas.ts';

/**
 * `factemitidas`: the book of issued invoices (libro registro de facturas expedidas) for a period — one row per
 * invoice and VAT rate, as the AEAT book: date, number, customer, NIF, base, rate, quota, surcharge, and on the
 * invoice's first row its withholding; each row's total is base + quota + surcharge (− withholding), so the rows of
 * an invoice add up to its total. Issued invoices (factura, simplificada, rectificativa with a number) not
 * cancelled, of the period's invoice dates, optionally one series. The list and export come from `libroFacturas.ts`.
 */
function where(de: PredicadoEmpresa, f: FiltrosLibro): SQL {
  return sql`${de('d')} and d.tipo in ('factura', 'simplificada', 'rectificativa')
    and d.numero is not null and d.estado <> 'Anulada'
    and d.fecha >= ${f.FechaDesde} and d.fecha <= ${f.FechaHasta}
    ${f.Serie ? sql`and d.id_serie = ${f.Serie}` : sql``}`;
}

const CABECERAS = sql`documentos_venta d`;
const FROM = sql`from ${CABECERAS} ${DESGLOSE}`;

function fila(r: Record<string, unknown>): FilaLibro {
  const base = dec(String(r.base ?? '0'));
  const cuota = dec(String(r.cuota ?? '0'));
  const recargo = dec(String(r.cuota_recargo ?? '0'));
  const retencion = Number(r.ord) === 1 ? dec(String(r.total_retencion ?? '0')) : ZERO;
  return {
    Id: Number(r.id),
    Fecha: String(r.fecha).slice(0, 10),
    NumSerie: String(r.num_serie ?? ''),
    Tipo: String(r.tipo),
    ClienteNombre: String(r.cliente_nombre ?? ''),
    ClienteNIF: (r.cliente_nif as string | null) ?? null,
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: toFixed(dec(String(r.porc_iva ?? '0')), 2),
    Base: toFixed(base, 2),
    Cuota: toFixed(cuota, 2),
    PorcentajeRecargo: toFixed(dec(String(r.porc_recargo ?? '0')), 2),
    CuotaRecargo: toFixed(recargo, 2),
    Retencion: toFixed(retencion, 2),
    Total: toFixed(sub(add(add(base, cuota), recargo), retencion), 2),
    Exencion: (r.exencion as string | null) ?? null,
  };
}

const SELECT = sql`select d.id, d.fecha::text as fecha, d.num_serie, d.tipo, d.cliente_nombre, d.cliente_nif,
  d.total_retencion::text as total_retencion, e.ord,
  e.val->>'Impuesto' as impuesto, e.val->>'PorcentajeIva' as porc_iva, e.val->>'PorcentajeRecargo' as porc_recargo,
  e.val->>'Base' as base, e.val->>'Cuota' as cuota, e.val->>'CuotaRecargo' as cuota_recargo,
  e.val->>'Exencion' as exencion`;

/** Totals of the period per tax and rate (and surcharge rate), plus the grand totals with the withholdings. */
async function totales(s: Scope, f: FiltrosLibro) {
  const porTipo = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select e.val->>'Impuesto' as impuesto,
        (e.val->>'PorcentajeIva')::numeric as porc_iva, (e.val->>'PorcentajeRecargo')::numeric as porc_recargo,
        sum((e.val->>'Base')::numeric)::text as base, sum((e.val->>'Cuota')::numeric)::text as cuota,
        sum((e.val->>'CuotaRecargo')::numeric)::text as cuota_recargo, count(*)::int as filas
      ${FROM} where ${where(de, f)}
      group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).map(
    (r): TotalTipo => ({
      Impuesto: String(r.impuesto ?? 'IVA'),
      PorcentajeIva: toFixed(dec(String(r.porc_iva ?? '0')), 2),
      PorcentajeRecargo: toFixed(dec(String(r.porc_recargo ?? '0')), 2),
      Base: toFixed(dec(String(r.base ?? '0')), 2),
      Cuota: toFixed(dec(String(r.cuota ?? '0')), 2),
      CuotaRecargo: toFixed(dec(String(r.cuota_recargo ?? '0')), 2),
    }),
  );
  const [g] = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select count(*)::int as facturas, coalesce(sum(d.total_retencion), 0)::text as retencion,
        coalesce(sum(d.total), 0)::text as total
      from documentos_venta d where ${where(de, f)}`,
    ),
  );
  const [c] = rowsOf(await s.execute((_empresaId, de) => sql`select count(*)::int as n ${FROM} where ${where(de, f)}`));
  const suma = (k: keyof TotalTipo) =>
    toFixed(
      porTipo.reduce((s, t) => add(s, dec(t[k])), ZERO),
      2,
    );
  return {
    filas: Number(c?.n ?? 0),
    PorTipo: porTipo,
    General: {
      Facturas: Number(g?.facturas ?? 0),
      Base: suma('Base'),
      Cuota: suma('Cuota'),
      CuotaRecargo: suma('CuotaRecargo'),
      Retencion: toFixed(dec(String(g?.retencion ?? '0')), 2),
      Total: toFixed(dec(String(g?.total ?? '0')), 2),
    },
  };
}
type Totales = Awaited<ReturnType<typeof totales>>;

const COLUMNAS: Column[] = [
  { key: 'Fecha', label: 'Fecha', def: { kind: 'date', label: 'Fecha' } },
  { key: 'NumSerie', label: 'Número', def: { kind: 'text', label: 'Número' } },
  { key: 'ClienteNombre', label: 'Cliente', def: { kind: 'text', label: 'Cliente' } },
  { key: 'ClienteNIF', label: 'NIF', def: { kind: 'text', label: 'NIF' } },
  { key: 'Base', label: 'Base imponible', def: money('Base imponible') },
  { key: 'PorcentajeIva', label: '% IVA', def: money('% IVA') },
  { key: 'Cuota', label: 'Cuota', def: money('Cuota') },
  { key: 'PorcentajeRecargo', label: '% Recargo', def: money('% Recargo') },
  { key: 'CuotaRecargo', label: 'Recargo', def: money('Recargo') },
  { key: 'Retencion', label: 'Retención', def: money('Retención') },
  { key: 'Total', label: 'Total', def: money('Total') },
];

const celdas = (r: FilaLibro): Cell[] => [
  { t: 'd', v: r.Fecha },
  s(r.NumSerie),
  s(r.ClienteNombre),
  s(r.ClienteNIF),
  n(r.Base),
  n(r.PorcentajeIva),
  n(r.Cuota),
  n(r.PorcentajeRecargo),
  n(r.CuotaRecargo),
  n(r.Retencion),
  n(r.Total),
];

function pie(t: Totales): Cell[][] {
  return [
    ...t.PorTipo.map((x) =>
      filaPie(2, etiquetaTipo(x), [
        x.Base,
        x.PorcentajeIva,
        x.Cuota,
        x.PorcentajeRecargo,
        x.CuotaRecargo,
        null,
        toFixed(add(add(dec(x.Base), dec(x.Cuota)), dec(x.CuotaRecargo)), 2),
      ]),
    ),
    filaPie(2, etiquetaGeneral(t.General.Facturas), [
      t.General.Base,
      null,
      t.General.Cuota,
      null,
      t.General.CuotaRecargo,
      t.General.Retencion,
      t.General.Total,
    ]),
  ];
}

/** `GET /api/impuestos/factemitidas/list` and `/export` (permission ImptoEmit). */
export function registerFactEmitidas(app: FastifyInstance, deps: AppDeps): void {
  registrarLibro(app, deps, {
    ruta: 'factemitidas',
    permiso: 'ImptoEmit',
    resumen: 'Libro de facturas emitidas',
    titulo: 'Facturas emitidas',
    cabeceras: CABECERAS,
    where,
    select: SELECT,
    fila,
    totales,
    totalesJson: (t) => ({ PorTipo: t.PorTipo, General: t.General }),
    modelos: { libro: { columnas: COLUMNAS, celdas, pie } },
  });
}

/** The book's SQL and row, for the tax models (modelos/): the same rows, never a second definition. */
export const libroEmitidas = { cabeceras: CABECERAS, where, select: SELECT, fila };
