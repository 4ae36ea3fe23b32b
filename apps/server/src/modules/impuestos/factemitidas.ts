import { add, dec, type FilaLibro, sub, toFixed, ZERO } from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';
import { columnasDe, type FiltrosLibro, pieDeTotales, registrarLibro, totalesLibro } from './libroFacturas.ts';

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

const numero = (campo: string) => sql`(e.val->>${campo})::numeric`;
/** Totals of the period per tax and rate (and surcharge rate), plus the grand totals with the withholdings. */
const totales = (s: Scope, f: FiltrosLibro) =>
  totalesLibro(
    s,
    f,
    { cabeceras: CABECERAS, where },
    { Base: numero('Base'), Cuota: numero('Cuota'), CuotaRecargo: numero('CuotaRecargo') },
    { Retencion: sql`d.total_retencion`, Total: sql`d.total` },
  );
type Totales = Awaited<ReturnType<typeof totales>>;

const c = columnasDe<FilaLibro>();
const COLUMNAS = [
  c.fecha('Fecha', 'Fecha'),
  c.texto('NumSerie', 'Número'),
  c.texto('ClienteNombre', 'Cliente'),
  c.texto('ClienteNIF', 'NIF'),
  ...c.importesIva(),
];

/** Per rate (with its total: base + quota + surcharge) and the grand total, under their columns. */
const pie = (t: Totales) =>
  pieDeTotales(t, (x) => ({ ...x, Total: toFixed(add(add(dec(x.Base), dec(x.Cuota)), dec(x.CuotaRecargo)), 2) }));

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
    modelos: { libro: { columnas: COLUMNAS, pie } },
  });
}

/** The book's SQL and row, for the tax models (modelos/): the same rows, never a second definition. */
export const libroEmitidas = { cabeceras: CABECERAS, where, select: SELECT, fila };
