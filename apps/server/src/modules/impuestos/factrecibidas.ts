import { add, dec, formatAmount, OPERACION_LABEL, type OperacionCompra, sub, toFixed, ZERO } from '@faro/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import type { PredicadoEmpresa, Scope } from '../../platform/tenancy/scope.ts';
import { columnasDe, type FiltrosLibro, pieDeTotales, registrarLibro, totalesLibro } from './libroFacturas.ts';

/**
 * `factrecibidas`: the book of received invoices (libro registro de facturas recibidas) for a period of our
 * registration dates — received invoices and expenses registered and not cancelled, in registration order, one row
 * per invoice and VAT rate: our registration number, the supplier's number and date, the supplier (or the expense's
 * free name), base, rate, VAT paid, the deductible VAT (after the non-deductible %), recargo, the VAT self-assessed
 * on intra-EU acquisitions and reverse charge, and on the invoice's first row the IRPF withheld with its model key
 * (111 / 115). Totals per tax and rate. Two export layouts: `libro` (the screen's columns) and `aeat` (the columns
 * of the AEAT's received-invoice book: ejercicio, periodo, fechas, números, emisor, clave de operación, cuotas).
 */
export interface FilaRecibida {
  Id: number;
  Tipo: string;
  Fecha: string;
  NumRegistro: string;
  FechaFactura: string;
  NumFactura: string | null;
  ProveedorNombre: string;
  ProveedorNIF: string | null;
  Operacion: OperacionCompra;
  Concepto: string | null;
  Impuesto: string;
  PorcentajeIva: string;
  Base: string;
  Cuota: string;
  CuotaDeducible: string;
  PorcentajeRecargo: string;
  CuotaRecargo: string;
  CuotaAutoliquidada: string;
  Retencion: string;
  ClaveRetencion: string | null;
  Total: string;
  FechaDeduccion: string | null;
}

function where(de: PredicadoEmpresa, f: FiltrosLibro): SQL {
  return sql`${de('d')} and d.tipo in ('factura', 'gasto')
    and d.numero is not null and d.estado <> 'Anulada'
    and d.fecha >= ${f.FechaDesde} and d.fecha <= ${f.FechaHasta}
    ${f.Serie ? sql`and d.id_serie = ${f.Serie}` : sql``}`;
}

// Document ids are unique across companies (identity) and datos_compra's key points at its company's document: the
// header's company predicate (where) is the only one needed.
const CABECERAS = sql`documentos_compra d left join datos_compra x on x.id_documento = d.id`;

// Per rate: the VAT self-assessed (intra-EU, reverse charge) and the deductible part of what was paid + self-assessed
// (the domain's importesCompra, per row).
const AUTO = sql`(case when x.operacion in ('intracomunitaria', 'inversion')
  then round((e.val->>'Base')::numeric * coalesce(x.porc_autoliquidacion, 21) / 100, 2) else 0 end)`;
const DEDUCIBLE = sql`round(((e.val->>'Cuota')::numeric + ${AUTO}) * (100 - coalesce(x.porc_no_deducible, 0)) / 100, 2)`;

const SELECT = sql`select d.id, d.tipo, d.fecha::text as fecha, d.num_serie, d.num_tercero,
  coalesce(d.fecha_tercero, d.fecha)::text as fecha_factura, coalesce(x.nombre_libre, d.proveedor_nombre) as nombre,
  d.proveedor_nif, coalesce(x.operacion, 'interior') as operacion, x.concepto, x.clave_retencion,
  x.fecha_deduccion::text as fecha_deduccion, d.total_retencion::text as total_retencion, e.ord,
  e.val->>'Impuesto' as impuesto, e.val->>'PorcentajeIva' as porc_iva, e.val->>'PorcentajeRecargo' as porc_recargo,
  e.val->>'Base' as base, e.val->>'Cuota' as cuota, e.val->>'CuotaRecargo' as cuota_recargo,
  ${AUTO}::text as autoliquidada, ${DEDUCIBLE}::text as deducible`;

const txt = (v: unknown) => (v === null || v === undefined ? null : String(v));
const imp = (v: unknown) => toFixed(dec(String(v ?? '0')), 2);

function fila(r: Record<string, unknown>): FilaRecibida {
  const base = dec(String(r.base ?? '0'));
  const cuota = dec(String(r.cuota ?? '0'));
  const recargo = dec(String(r.cuota_recargo ?? '0'));
  const primera = Number(r.ord) === 1;
  const retencion = primera ? dec(String(r.total_retencion ?? '0')) : ZERO;
  return {
    Id: Number(r.id),
    Tipo: String(r.tipo),
    Fecha: String(r.fecha).slice(0, 10),
    NumRegistro: String(r.num_serie ?? ''),
    FechaFactura: String(r.fecha_factura).slice(0, 10),
    NumFactura: txt(r.num_tercero),
    ProveedorNombre: String(r.nombre ?? ''),
    ProveedorNIF: txt(r.proveedor_nif),
    Operacion: String(r.operacion) as OperacionCompra,
    Concepto: txt(r.concepto),
    Impuesto: String(r.impuesto ?? 'IVA'),
    PorcentajeIva: imp(r.porc_iva),
    Base: toFixed(base, 2),
    Cuota: toFixed(cuota, 2),
    CuotaDeducible: imp(r.deducible),
    PorcentajeRecargo: imp(r.porc_recargo),
    CuotaRecargo: toFixed(recargo, 2),
    CuotaAutoliquidada: imp(r.autoliquidada),
    Retencion: toFixed(retencion, 2),
    ClaveRetencion: primera ? txt(r.clave_retencion) : null,
    // What the supplier is paid for this rate (the self-assessed VAT is not paid to them).
    Total: toFixed(sub(add(add(base, cuota), recargo), retencion), 2),
    FechaDeduccion: txt(r.fecha_deduccion),
  };
}

export interface TotalRecibidas {
  Impuesto: string;
  PorcentajeIva: string;
  PorcentajeRecargo: string;
  Base: string;
  Cuota: string;
  CuotaDeducible: string;
  CuotaRecargo: string;
  CuotaAutoliquidada: string;
}

const numero = (campo: string) => sql`(e.val->>${campo})::numeric`;
const retenidoCon = (clave: string) => sql`case when x.clave_retencion = ${clave} then d.total_retencion end`;
/** Totals per tax and rate, the grand totals, and the withholdings per model (111 / 115). */
const totales = (s: Scope, f: FiltrosLibro) =>
  totalesLibro(
    s,
    f,
    { cabeceras: CABECERAS, where },
    {
      Base: numero('Base'),
      Cuota: numero('Cuota'),
      CuotaDeducible: DEDUCIBLE,
      CuotaRecargo: numero('CuotaRecargo'),
      CuotaAutoliquidada: AUTO,
    },
    {
      Retencion: sql`d.total_retencion`,
      Retencion111: retenidoCon('111'),
      Retencion115: retenidoCon('115'),
      Total: sql`d.total`,
    },
  );
type Totales = Awaited<ReturnType<typeof totales>>;

const c = columnasDe<FilaRecibida>();
const COLUMNAS = [
  c.fecha('Fecha', 'Fecha'),
  c.texto('NumRegistro', 'Nº registro'),
  c.texto('NumFactura', 'Nº factura'),
  c.fecha('FechaFactura', 'Fecha factura'),
  c.texto('ProveedorNombre', 'Proveedor'),
  c.texto('ProveedorNIF', 'NIF'),
  ...c.importesIva(
    [c.importe('CuotaDeducible', 'Cuota deducible')],
    [c.importe('CuotaAutoliquidada', 'IVA autoliquidado')],
  ),
];
/** Per rate and the grand total under their columns, and the withholdings per model. */
const pie = (t: Totales): [string, object][] => [
  ...pieDeTotales(t),
  [
    `Retenciones modelo 111: ${formatAmount(t.General.Retencion111)}; modelo 115: ${formatAmount(t.General.Retencion115)}`,
    {},
  ],
];

/** The AEAT's received-invoice book: its column names and operation keys. */
const CLAVE_OPERACION: Record<OperacionCompra, string> = {
  interior: '01',
  intracomunitaria: '09',
  inversion: 'ISP',
  importacion: 'DUA',
};
const AEAT = [
  c.texto('Ejercicio', 'Ejercicio', (r) => r.Fecha.slice(0, 4)),
  c.texto('Periodo', 'Periodo', (r) => `${Math.floor((Number(r.Fecha.slice(5, 7)) - 1) / 3) + 1}T`),
  c.fecha('FechaFactura', 'Fecha Expedición'),
  c.fecha('Fecha', 'Fecha Recepción'),
  c.texto('NumFactura', 'Serie-Número', (r) => r.NumFactura ?? r.NumRegistro),
  c.texto('NumRegistro', 'Número Recepción'),
  c.texto('ProveedorNIF', 'NIF Emisor'),
  c.texto('ProveedorNombre', 'Nombre Emisor'),
  c.texto('Concepto', 'Concepto'),
  c.texto('ClaveOperacion', 'Clave de Operación', (r) => CLAVE_OPERACION[r.Operacion] ?? '01'),
  c.texto('Operacion', 'Tipo de Operación', (r) => OPERACION_LABEL[r.Operacion] ?? r.Operacion),
  c.importe('Total', 'Total Factura'),
  c.importe('Base', 'Base Imponible'),
  c.importe('PorcentajeIva', 'Tipo de IVA'),
  c.importe('Cuota', 'Cuota IVA Soportado'),
  c.importe('CuotaDeducible', 'Cuota Deducible'),
  c.importe('PorcentajeRecargo', 'Tipo de Recargo eq.'),
  c.importe('CuotaRecargo', 'Cuota Recargo eq.'),
  c.importe('CuotaAutoliquidada', 'Cuota Autoliquidada (ISP / intracomunitaria)'),
  c.importe('Retencion', 'Retención IRPF'),
  c.texto('ClaveRetencion', 'Modelo Retención'),
  c.fecha('FechaDeduccion', 'Fecha Deducción'),
];

/** `GET /api/impuestos/factrecibidas/list` and `/export?Modelo=libro|aeat` (permission ImptoRecib). */
export function registerFactRecibidas(app: FastifyInstance, deps: AppDeps): void {
  registrarLibro(app, deps, {
    ruta: 'factrecibidas',
    permiso: 'ImptoRecib',
    resumen: 'Libro de facturas recibidas',
    titulo: 'Facturas recibidas',
    cabeceras: CABECERAS,
    where,
    select: SELECT,
    fila,
    totales,
    totalesJson: (t) => ({ PorTipo: t.PorTipo, General: t.General }),
    modelos: {
      libro: { columnas: COLUMNAS, pie },
      aeat: { columnas: AEAT, pie: () => [] },
    },
  });
}

/** The book's SQL and row, for the tax models (modelos/): the same rows, never a second definition. */
export const libroRecibidas = { cabeceras: CABECERAS, where, select: SELECT, fila };
