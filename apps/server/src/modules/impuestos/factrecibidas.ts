import { add, dec, formatAmount, OPERACION_LABEL, type OperacionCompra, sub, toFixed, ZERO } from '@faro/domain';
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
const FROM = sql`from ${CABECERAS} ${DESGLOSE}`;

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

/** Totals per tax and rate, the grand totals, and the withholdings per model (111 / 115). */
async function totales(s: Scope, f: FiltrosLibro) {
  const porTipo = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select e.val->>'Impuesto' as impuesto,
        (e.val->>'PorcentajeIva')::numeric as porc_iva, (e.val->>'PorcentajeRecargo')::numeric as porc_recargo,
        sum((e.val->>'Base')::numeric)::text as base, sum((e.val->>'Cuota')::numeric)::text as cuota,
        sum(${DEDUCIBLE})::text as deducible, sum((e.val->>'CuotaRecargo')::numeric)::text as cuota_recargo,
        sum(${AUTO})::text as autoliquidada
      ${FROM} where ${where(de, f)}
      group by 1, 2, 3 order by 1, 2, 3`,
    ),
  ).map(
    (r): TotalRecibidas => ({
      Impuesto: String(r.impuesto ?? 'IVA'),
      PorcentajeIva: imp(r.porc_iva),
      PorcentajeRecargo: imp(r.porc_recargo),
      Base: imp(r.base),
      Cuota: imp(r.cuota),
      CuotaDeducible: imp(r.deducible),
      CuotaRecargo: imp(r.cuota_recargo),
      CuotaAutoliquidada: imp(r.autoliquidada),
    }),
  );
  const [g] = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select count(*)::int as facturas, coalesce(sum(d.total_retencion), 0)::text as retencion,
        coalesce(sum(d.total), 0)::text as total,
        coalesce(sum(d.total_retencion) filter (where x.clave_retencion = '111'), 0)::text as ret111,
        coalesce(sum(d.total_retencion) filter (where x.clave_retencion = '115'), 0)::text as ret115
      from ${CABECERAS} where ${where(de, f)}`,
    ),
  );
  const [c] = rowsOf(await s.execute((_empresaId, de) => sql`select count(*)::int as n ${FROM} where ${where(de, f)}`));
  const suma = (k: keyof TotalRecibidas) =>
    toFixed(
      porTipo.reduce((a, t) => add(a, dec(t[k])), ZERO),
      2,
    );
  return {
    filas: Number(c?.n ?? 0),
    PorTipo: porTipo,
    General: {
      Facturas: Number(g?.facturas ?? 0),
      Base: suma('Base'),
      Cuota: suma('Cuota'),
      CuotaDeducible: suma('CuotaDeducible'),
      CuotaRecargo: suma('CuotaRecargo'),
      CuotaAutoliquidada: suma('CuotaAutoliquidada'),
      Retencion: imp(g?.retencion),
      Retencion111: imp(g?.ret111),
      Retencion115: imp(g?.ret115),
      Total: imp(g?.total),
    },
  };
}
type Totales = Awaited<ReturnType<typeof totales>>;

const texto = (key: string, label: string): Column => ({ key, label, def: { kind: 'text', label } });
const fechaCol = (key: string, label: string): Column => ({ key, label, def: { kind: 'date', label } });
const importe = (key: string, label: string): Column => ({ key, label, def: money(label) });

const COLUMNAS: Column[] = [
  fechaCol('Fecha', 'Fecha'),
  texto('NumRegistro', 'Nº registro'),
  texto('NumFactura', 'Nº factura'),
  fechaCol('FechaFactura', 'Fecha factura'),
  texto('ProveedorNombre', 'Proveedor'),
  texto('ProveedorNIF', 'NIF'),
  importe('Base', 'Base imponible'),
  importe('PorcentajeIva', '% IVA'),
  importe('Cuota', 'Cuota'),
  importe('CuotaDeducible', 'Cuota deducible'),
  importe('PorcentajeRecargo', '% Recargo'),
  importe('CuotaRecargo', 'Recargo'),
  importe('CuotaAutoliquidada', 'IVA autoliquidado'),
  importe('Retencion', 'Retención'),
  importe('Total', 'Total'),
];
const celdas = (r: FilaRecibida): Cell[] => [
  { t: 'd', v: r.Fecha },
  s(r.NumRegistro),
  s(r.NumFactura),
  { t: 'd', v: r.FechaFactura },
  s(r.ProveedorNombre),
  s(r.ProveedorNIF),
  n(r.Base),
  n(r.PorcentajeIva),
  n(r.Cuota),
  n(r.CuotaDeducible),
  n(r.PorcentajeRecargo),
  n(r.CuotaRecargo),
  n(r.CuotaAutoliquidada),
  n(r.Retencion),
  n(r.Total),
];
function pie(t: Totales): Cell[][] {
  return [
    ...t.PorTipo.map((x) =>
      filaPie(4, etiquetaTipo(x), [
        x.Base,
        x.PorcentajeIva,
        x.Cuota,
        x.CuotaDeducible,
        x.PorcentajeRecargo,
        x.CuotaRecargo,
        x.CuotaAutoliquidada,
      ]),
    ),
    filaPie(4, etiquetaGeneral(t.General.Facturas), [
      t.General.Base,
      null,
      t.General.Cuota,
      t.General.CuotaDeducible,
      null,
      t.General.CuotaRecargo,
      t.General.CuotaAutoliquidada,
      t.General.Retencion,
      t.General.Total,
    ]),
    filaPie(
      4,
      `Retenciones modelo 111: ${formatAmount(t.General.Retencion111)}; modelo 115: ${formatAmount(t.General.Retencion115)}`,
      [],
    ),
  ];
}

/** The AEAT's received-invoice book: its column names and operation keys. */
const CLAVE_OPERACION: Record<OperacionCompra, string> = {
  interior: '01',
  intracomunitaria: '09',
  inversion: 'ISP',
  importacion: 'DUA',
};
const AEAT: Column[] = [
  texto('Ejercicio', 'Ejercicio'),
  texto('Periodo', 'Periodo'),
  fechaCol('FechaFactura', 'Fecha Expedición'),
  fechaCol('Fecha', 'Fecha Recepción'),
  texto('NumFactura', 'Serie-Número'),
  texto('NumRegistro', 'Número Recepción'),
  texto('ProveedorNIF', 'NIF Emisor'),
  texto('ProveedorNombre', 'Nombre Emisor'),
  texto('Concepto', 'Concepto'),
  texto('ClaveOperacion', 'Clave de Operación'),
  texto('Operacion', 'Tipo de Operación'),
  importe('Total', 'Total Factura'),
  importe('Base', 'Base Imponible'),
  importe('PorcentajeIva', 'Tipo de IVA'),
  importe('Cuota', 'Cuota IVA Soportado'),
  importe('CuotaDeducible', 'Cuota Deducible'),
  importe('PorcentajeRecargo', 'Tipo de Recargo eq.'),
  importe('CuotaRecargo', 'Cuota Recargo eq.'),
  importe('CuotaAutoliquidada', 'Cuota Autoliquidada (ISP / intracomunitaria)'),
  importe('Retencion', 'Retención IRPF'),
  texto('ClaveRetencion', 'Modelo Retención'),
  fechaCol('FechaDeduccion', 'Fecha Deducción'),
];
const celdasAeat = (r: FilaRecibida): Cell[] => [
  s(r.Fecha.slice(0, 4)),
  s(`${Math.floor((Number(r.Fecha.slice(5, 7)) - 1) / 3) + 1}T`),
  { t: 'd', v: r.FechaFactura },
  { t: 'd', v: r.Fecha },
  s(r.NumFactura ?? r.NumRegistro),
  s(r.NumRegistro),
  s(r.ProveedorNIF),
  s(r.ProveedorNombre),
  s(r.Concepto),
  s(CLAVE_OPERACION[r.Operacion] ?? '01'),
  s(OPERACION_LABEL[r.Operacion] ?? r.Operacion),
  n(r.Total),
  n(r.Base),
  n(r.PorcentajeIva),
  n(r.Cuota),
  n(r.CuotaDeducible),
  n(r.PorcentajeRecargo),
  n(r.CuotaRecargo),
  n(r.CuotaAutoliquidada),
  n(r.Retencion),
  s(r.ClaveRetencion),
  r.FechaDeduccion ? { t: 'd', v: r.FechaDeduccion } : null,
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
      libro: { columnas: COLUMNAS, celdas, pie },
      aeat: { columnas: AEAT, celdas: celdasAeat, pie: () => [] },
    },
  });
}

/** The book's SQL and row, for the tax models (modelos/): the same rows, never a second definition. */
export const libroRecibidas = { cabeceras: CABECERAS, where, select: SELECT, fila };
