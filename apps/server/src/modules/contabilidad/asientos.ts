import {
  type Asiento,
  asientoCobro,
  asientoCompra,
  asientoMovimientoTesoreria,
  asientoPago,
  asientoVenta,
  CUENTA_COMISIONES,
  type CuentasEmpresa,
  cuentaDiferenciaArqueo,
  type FacturaContable,
  type MovimientoContable,
  PGC,
  PLAN_PYMES,
  type Subcuenta,
  subcuentasFijas,
  subcuentaTercero,
  subcuentaTesoreria,
  type TerceroContable,
  type TipoDesglose,
} from '@faro/domain';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  asientosContables,
  clientesTable,
  col,
  conceptosmovsTable,
  cobrosVenta as cv,
  documentosCompra as dc,
  documentosVenta as dv,
  empresa,
  inmovilizado,
  documentosVentaLineas as lv,
  movimientosTesoreria as mt,
  pagosCompra as pc,
  productosTable,
  proveedoresTable,
  tesoreriaTable,
  datosCompra as x,
} from '../../platform/tenancy/tables.ts';

/**
 * The journal of a period, read from the books: issued invoices (not cancelled, numbered), received invoices and
 * expenses, their collections and payments, and the treasury's own movements (bank fees, movements whose concept
 * carries an account, cash-count differences) — one SQL union of queries of the company door, read in keyset
 * batches by (date, kind, id) and turned into entries by the domain's builders.
 */
export interface Periodo {
  FechaDesde: string;
  FechaHasta: string;
}

export async function cuentasEmpresa(s: Scope): Promise<CuentasEmpresa> {
  const [e] = await s.company({
    Digitos: empresa.digitosContables,
    Compras: empresa.cuentaCompras,
    Gastos: empresa.cuentaGastos,
    VentasProductos: empresa.cuentaVentasProductos,
    VentasServicios: empresa.cuentaVentasServicios,
  });
  return e!;
}

// `comision` = a fee movement (Clase comision), `movimiento` = a manual movement whose concept has an account,
// `arqueo` = a cash-count difference, `traspaso` = a transfer between two of the company's accounts (one entry, on
// its first leg: the one with the lower id, the outgoing one when it was made); each entry's IdOrigen is the movement's id.
const K = { venta: 1, compra: 2, cobro: 3, pago: 4, comision: 5, movimiento: 6, arqueo: 7, traspaso: 8 } as const;
/** The document kinds the builder reads (the ledger's `Origen` of their entries). */
export type OrigenDocumento = keyof typeof K;
export const ORIGENES_DOCUMENTO = Object.keys(K) as OrigenDocumento[];
export const origenDeFila = (r: Fila): OrigenDocumento => ORIGENES_DOCUMENTO[Number(r.k) - 1]!;

/**
 * Which rows of the union: some documents of one kind (`ids`, the ledger's hooks), or only those without an entry
 * in the ledger yet (`sinAsiento`, the backfill).
 */
export type FiltroUnion = { origen: OrigenDocumento; ids: readonly number[] } | { sinAsiento: true };
const cc = (f: string) => col(clientesTable, f);
const pr = (f: string) => col(proveedoresTable, f);
const te = (f: string) => col(tesoreriaTable, f);
const cm = (f: string) => col(conceptosmovsTable, f);
const txt = (v: unknown) => sql`${v}::text`;
const NULL_TXT = sql`null::text`;

export interface Fila extends Record<string, unknown> {
  k: number;
  id: string;
  fecha: string;
  doc: string | null;
  tipo_doc: string | null;
  t_codigo: string | null;
  t_nombre: string | null;
  t_nif: string | null;
  t_cuenta: string | null;
  t_acreedor: boolean | null;
  desglose: unknown;
  /** Purchases: the fixed assets bought with it ([{Cuenta, Centimos}]), or null. */
  activos: unknown;
  servicios: string | null;
  retencion: string | null;
  total: string | null;
  operacion: string | null;
  porc_auto: string | null;
  categoria: string | null;
  c_codigo: string | null;
  c_nombre: string | null;
  c_tipo: string | null;
  c_cuenta: string | null;
  /** A transfer: the other leg's account. */
  d_codigo: string | null;
  d_nombre: string | null;
  d_tipo: string | null;
  d_cuenta: string | null;
  /** Treasury movements: the account against the treasury's (a concept's); returns and movements: the concept. */
  m_cuenta: string | null;
  m_concepto: string | null;
}

/** One branch of the union: every column, typed, in the same order. */
function columnas(v: Partial<Record<keyof Fila, SQL>>, k: number) {
  const c = (name: keyof Fila & string, fallback: SQL = NULL_TXT) => (v[name] ?? fallback).as(name);
  return {
    k: sql`${sql.raw(String(k))}::int`.as('k'),
    id: c('id'),
    fecha: c('fecha'),
    doc: c('doc'),
    tipo_doc: c('tipo_doc'),
    t_codigo: c('t_codigo'),
    t_nombre: c('t_nombre'),
    t_nif: c('t_nif'),
    t_cuenta: c('t_cuenta'),
    t_acreedor: c('t_acreedor', sql`null::boolean`),
    desglose: c('desglose', sql`null::jsonb`),
    activos: c('activos', sql`null::jsonb`),
    servicios: c('servicios'),
    retencion: c('retencion'),
    total: c('total'),
    operacion: c('operacion'),
    porc_auto: c('porc_auto'),
    categoria: c('categoria'),
    c_codigo: c('c_codigo'),
    c_nombre: c('c_nombre'),
    c_tipo: c('c_tipo'),
    c_cuenta: c('c_cuenta'),
    d_codigo: c('d_codigo'),
    d_nombre: c('d_nombre'),
    d_tipo: c('d_tipo'),
    d_cuenta: c('d_cuenta'),
    m_cuenta: c('m_cuenta'),
    m_concepto: c('m_concepto'),
  };
}

function union(s: Scope, p: Periodo, f?: FiltroUnion): SQL {
  // The filter of one branch: its ids, or no entry of its kind in the ledger for the row.
  const filtro = (origen: OrigenDocumento, id: SQL | PgColumn): SQL | undefined => {
    if (!f) return undefined;
    if ('ids' in f) return f.origen === origen && f.ids.length ? inArray(sql`${id}`, [...f.ids]) : sql`false`;
    const a = asientosContables;
    return notExists(
      s.pick({ x: sql`1` }, a, and(eq(a.Origen, origen), eq(a.IdOrigen, sql`${id}`), isNull(a.IdRevertido))),
    );
  };
  const emitida = and(
    inArray(dv.tipo, ['factura', 'simplificada', 'rectificativa']),
    isNotNull(dv.numero),
    ne(dv.estado, 'Anulada'),
  );
  const recibida = and(inArray(dc.tipo, ['factura', 'gasto']), isNotNull(dc.numero), ne(dc.estado, 'Anulada'));
  const servicios = s
    .pick({ v: sql`coalesce(sum(${lv.importe}), 0)` }, lv, eq(lv.idDocumento, dv.id))
    .innerJoin(
      productosTable,
      s.on(
        productosTable,
        and(eq(col(productosTable, 'Id'), lv.idProducto), eq(col(productosTable, 'Tipo'), 'servicio')),
      ),
    );
  const activos = s.pick(
    {
      v: sql`jsonb_agg(jsonb_build_object('Cuenta', ${inmovilizado.CuentaActivo}, 'Centimos', ${inmovilizado.Coste})
        order by ${inmovilizado.Id})`,
    },
    inmovilizado,
    eq(inmovilizado.IdFacturaCompra, dc.id),
  );
  const cliente = {
    t_codigo: txt(cc('Codigo')),
    t_nombre: txt(dv.terceroNombre),
    t_nif: txt(dv.terceroNif),
    t_cuenta: txt(cc('CuentaContable')),
  };
  const proveedor = {
    t_codigo: txt(pr('Codigo')),
    t_nombre: txt(sql`coalesce(${x.nombreLibre}, ${dc.terceroNombre})`),
    t_nif: txt(dc.terceroNif),
    t_cuenta: txt(pr('CuentaContable')),
    t_acreedor: sql`coalesce(${pr('Acreedor')}, false)`,
  };
  const cuenta = {
    c_codigo: txt(te('Codigo')),
    c_nombre: txt(te('Nombre')),
    c_tipo: txt(te('Tipo')),
    c_cuenta: txt(te('CuentaContable')),
  };
  const otraPata = alias(mt, 'mt_otra');
  const otraCuenta = alias(tesoreriaTable, 'te_otra');
  const to = (f: string) => col(otraCuenta, f);
  const ventas = s
    .pick(
      columnas(
        {
          id: txt(dv.id),
          fecha: txt(dv.fecha),
          doc: txt(dv.numSerie),
          tipo_doc: txt(dv.tipo),
          ...cliente,
          desglose: sql`${dv.desglose}`,
          servicios: sql`(${servicios})::text`,
          retencion: txt(dv.totalRetencion),
          total: txt(dv.total),
        },
        K.venta,
      ),
      dv,
      and(emitida, gte(dv.fecha, p.FechaDesde), lte(dv.fecha, p.FechaHasta), filtro('venta', dv.id)),
    )
    .innerJoin(clientesTable, s.on(clientesTable, eq(cc('Id'), dv.idTercero)));
  const compras = s
    .pick(
      columnas(
        {
          id: txt(dc.id),
          fecha: txt(dc.fecha),
          doc: txt(sql`coalesce(${dc.numTercero}, ${dc.numSerie})`),
          tipo_doc: txt(dc.tipo),
          ...proveedor,
          desglose: sql`${dc.desglose}`,
          activos: sql`(${activos})`,
          retencion: txt(dc.totalRetencion),
          total: txt(dc.total),
          operacion: txt(x.operacion),
          porc_auto: txt(x.porcAutoliquidacion),
          categoria: txt(x.categoria),
        },
        K.compra,
      ),
      dc,
      and(recibida, gte(dc.fecha, p.FechaDesde), lte(dc.fecha, p.FechaHasta), filtro('compra', dc.id)),
    )
    .innerJoin(proveedoresTable, s.on(proveedoresTable, eq(pr('Id'), dc.idTercero)))
    .leftJoin(x, s.on(x, eq(x.idDocumento, dc.id)));
  const cobros = s
    .pick(
      columnas(
        {
          id: txt(cv.Id),
          fecha: txt(cv.Fecha),
          doc: txt(dv.numSerie),
          ...cliente,
          total: txt(cv.Importe),
          ...cuenta,
          m_concepto: sql`case when ${cv.Importe} < 0 and ${cv.Notas} like ${`${PREFIJO_DEVOLUCION}%`} then ${cv.Notas} end`,
        },
        K.cobro,
      ),
      cv,
      and(gte(cv.Fecha, p.FechaDesde), lte(cv.Fecha, p.FechaHasta), filtro('cobro', cv.Id)),
    )
    .innerJoin(dv, s.on(dv, eq(dv.id, cv.IdFactura)))
    .innerJoin(clientesTable, s.on(clientesTable, eq(cc('Id'), dv.idTercero)))
    .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(te('Id'), cv.IdTesoreria)));
  const pagos = s
    .pick(
      columnas(
        {
          id: txt(pc.Id),
          fecha: txt(pc.Fecha),
          doc: txt(sql`coalesce(${dc.numTercero}, ${dc.numSerie})`),
          tipo_doc: txt(dc.tipo),
          ...proveedor,
          total: txt(pc.Importe),
          ...cuenta,
        },
        K.pago,
      ),
      pc,
      and(gte(pc.Fecha, p.FechaDesde), lte(pc.Fecha, p.FechaHasta), filtro('pago', pc.Id)),
    )
    .innerJoin(dc, s.on(dc, eq(dc.id, pc.IdFactura)))
    .innerJoin(proveedoresTable, s.on(proveedoresTable, eq(pr('Id'), dc.idTercero)))
    .leftJoin(x, s.on(x, eq(x.idDocumento, dc.id)))
    .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(te('Id'), pc.IdTesoreria)));
  // The treasury's own movements of one class: the movement's text, amount and account (and its concept's).
  const movimientos = (
    origen: 'comision' | 'movimiento' | 'arqueo' | 'traspaso',
    clase: string,
    v: Partial<Record<keyof Fila, SQL>>,
  ) =>
    s
      .pick(
        columnas(
          { id: txt(mt.Id), fecha: txt(mt.Fecha), doc: txt(mt.Descripcion), total: txt(mt.Importe), ...cuenta, ...v },
          K[origen],
        ),
        mt,
        and(eq(mt.Clase, clase), gte(mt.Fecha, p.FechaDesde), lte(mt.Fecha, p.FechaHasta), filtro(origen, mt.Id)),
      )
      .innerJoin(tesoreriaTable, s.on(tesoreriaTable, eq(te('Id'), mt.IdTesoreria)));
  const comisiones = movimientos('comision', 'comision', {
    m_concepto: sql`${mt.Descripcion} || ' — ' || ${te('Nombre')}`,
  });
  const conConcepto = movimientos('movimiento', 'manual', {
    m_cuenta: txt(cm('CuentaContable')),
    m_concepto: sql`coalesce(nullif(${mt.Descripcion}, ''), ${cm('Descripcion')}) || ' — ' || ${te('Nombre')}`,
  }).innerJoin(
    conceptosmovsTable,
    s.on(conceptosmovsTable, and(eq(cm('Id'), mt.IdConcepto), sql`coalesce(${cm('CuentaContable')}, '') <> ''`)),
  );
  const arqueos = movimientos('arqueo', 'arqueo', {});
  const traspasos = movimientos('traspaso', 'traspaso', {
    d_codigo: txt(to('Codigo')),
    d_nombre: txt(to('Nombre')),
    d_tipo: txt(to('Tipo')),
    d_cuenta: txt(to('CuentaContable')),
  })
    .innerJoin(otraPata, s.on(otraPata, and(eq(otraPata.Id, mt.IdTraspaso), gt(otraPata.Id, mt.Id))))
    .innerJoin(otraCuenta, s.on(otraCuenta, eq(to('Id'), otraPata.IdTesoreria)));
  return sql`((${ventas}) union all (${compras}) union all (${cobros}) union all (${pagos}) union all (${comisiones})
    union all (${conConcepto}) union all (${arqueos}) union all (${traspasos}))`;
}

const tercero = (r: Fila): TerceroContable => ({
  Codigo: r.t_codigo ?? '',
  Nombre: r.t_nombre ?? '',
  NIF: r.t_nif,
  CuentaContable: r.t_cuenta,
});

interface LineaDesglose {
  PorcentajeIva?: string;
  Base?: string;
  Cuota?: string;
  PorcentajeRecargo?: string;
  CuotaRecargo?: string;
}

function desglose(r: Fila): TipoDesglose[] {
  const filas = (Array.isArray(r.desglose) ? r.desglose : []) as LineaDesglose[];
  const auto = r.operacion === 'intracomunitaria' || r.operacion === 'inversion';
  const porcAuto = r.porc_auto === null ? 21 : Number(r.porc_auto);
  return filas.map((d) => ({
    PorcIva: d.PorcentajeIva ?? '0',
    Base: d.Base ?? '0',
    Cuota: d.Cuota ?? '0',
    PorcRecargo: d.PorcentajeRecargo ?? '0',
    CuotaRecargo: d.CuotaRecargo ?? '0',
    ...(auto ? { Autoliquidada: ((Math.round(Number(d.Base ?? 0) * porcAuto) || 0) / 100).toFixed(2) } : {}),
  }));
}

const esGasto = (r: Fila) => r.tipo_doc === 'gasto' || r.t_acreedor === true;

/** The entry of one row of the union. */
export function asientoDe(r: Fila, c: CuentasEmpresa, numero: number): Asiento {
  const factura = (): FacturaContable => ({
    Fecha: r.fecha,
    NumSerie: r.doc ?? '',
    Tercero: tercero(r),
    Desglose: desglose(r),
    BaseServicios: r.servicios ?? '0',
    Retencion: r.retencion ?? '0',
    Total: r.total ?? '0',
    CuentaGasto: r.categoria,
    Activos: Array.isArray(r.activos)
      ? (r.activos as { Cuenta: string; Centimos: number | string }[]).map((a) => ({
          ...a,
          Centimos: Number(a.Centimos),
        }))
      : null,
  });
  const mov = (): MovimientoContable => ({
    Fecha: r.fecha,
    Importe: r.total ?? '0',
    Documento: r.doc ?? '',
    ...(r.t_codigo !== null ? { Tercero: tercero(r) } : {}),
    Cuenta: cuentaDe(r, 'c'),
  });
  switch (Number(r.k)) {
    case K.venta:
      return asientoVenta(factura(), c, numero);
    case K.compra:
      return asientoCompra(factura(), c, numero, esGasto(r) ? 'gasto' : 'compra');
    case K.pago:
      return asientoPago(mov(), c, numero, esGasto(r) ? 'gasto' : 'compra');
    case K.cobro: {
      const a = asientoCobro(mov(), c, numero);
      return r.m_concepto ? { ...a, Apuntes: a.Apuntes.map((l) => ({ ...l, Concepto: r.m_concepto! })) } : a;
    }
    case K.movimiento:
      return asientoMovimientoTesoreria(
        { ...mov(), Contrapartida: r.m_cuenta ?? '', Concepto: r.m_concepto ?? r.doc ?? '' },
        c,
        numero,
        'movimiento',
      );
    case K.traspaso:
      return asientoMovimientoTesoreria(
        { ...mov(), Contrapartida: subcuentaTesoreria(cuentaDe(r, 'd'), c.Digitos), Concepto: r.doc ?? '' },
        c,
        numero,
        'traspaso',
      );
    case K.arqueo:
      return asientoMovimientoTesoreria(
        {
          ...mov(),
          Contrapartida: cuentaDiferenciaArqueo(r.total ?? '0'),
          Concepto: `Arqueo ${fechaEs(r.fecha)}: ${Number(r.total) < 0 ? 'faltante' : 'sobrante'}`,
        },
        c,
        numero,
        'arqueo',
      );
    default:
      return asientoMovimientoTesoreria(
        { ...mov(), Contrapartida: CUENTA_COMISIONES, Concepto: r.m_concepto ?? `Comisión ${r.doc ?? ''}` },
        c,
        numero,
        'comision',
      );
  }
}

/** The note a returned receipt's negative collection carries (its entry's concept): «Devolución recibo F/1 (MD01)». */
export const PREFIJO_DEVOLUCION = 'Devolución recibo ';
const PLAN = new Map(PLAN_PYMES);
const fechaEs = (iso: string) => iso.split('-').reverse().join('/');

const LOTE = 1000;

/** A row's place in the union's order: (date, kind, id). */
export type ClaveFila = { fecha: string; k: number; id: string };

/** The union's rows of the period in keyset batches by (date, kind, id), after `desde` when given. */
export async function* filasPeriodo(
  s: Scope,
  p: Periodo,
  f?: FiltroUnion,
  limite = Number.POSITIVE_INFINITY,
  desde: ClaveFila | null = null,
) {
  const u = union(s, p, f);
  let last = desde;
  let leidas = 0;
  while (leidas < limite) {
    const rows: Fila[] = await s.execute<Fila>(
      () => sql`select * from ${u} u
        ${last ? sql`where (u.fecha, u.k, u.id::bigint) > (${last.fecha}, ${last.k}, ${last.id}::bigint)` : sql``}
        order by u.fecha, u.k, u.id::bigint limit ${Math.min(LOTE, limite - leidas)}`,
    );
    if (!rows.length) return;
    leidas += rows.length;
    yield rows;
    const tail = rows[rows.length - 1]!;
    last = { fecha: tail.fecha, k: Number(tail.k), id: tail.id };
    if (rows.length < LOTE) return;
  }
}

/** How many documents of the period the union reads (the progress bar's total of «Generar asientos»). */
export async function contarPeriodo(s: Scope, p: Periodo): Promise<number> {
  const [r] = await s.execute<{ n: string }>(() => sql`select count(*)::text as n from ${union(s, p)} u`);
  return Number(r?.n ?? 0);
}

/**
 * The entries of the period in batches (date, then sales, purchases, collections, payments, fees), numbered from 1.
 * `alVuelo` receives each row's subaccounts (customers, suppliers, treasury accounts) for the XSubCta.
 */
export async function* asientosPeriodo(
  s: Scope,
  p: Periodo,
  c: CuentasEmpresa,
  subcuentas?: Map<string, Subcuenta>,
  limite = Number.POSITIVE_INFINITY,
): AsyncGenerator<Asiento[]> {
  let numero = 0;
  for await (const rows of filasPeriodo(s, p, undefined, limite)) {
    const lote = rows.map((r) => asientoDe(r, c, ++numero));
    if (subcuentas) for (const r of rows) anotarSubcuentas(r, c, subcuentas);
    yield lote;
  }
}

export function anotarSubcuentas(r: Fila, c: CuentasEmpresa, out: Map<string, Subcuenta>) {
  const k = Number(r.k);
  if (r.t_codigo !== null) {
    const cuenta = k === K.venta || k === K.cobro ? PGC.clientes : esGasto(r) ? PGC.acreedores : PGC.proveedores;
    const codigo = subcuentaTercero(tercero(r), cuenta, c.Digitos);
    if (!out.has(codigo)) out.set(codigo, { Codigo: codigo, Titulo: r.t_nombre ?? '', NIF: r.t_nif });
  }
  if (k === K.movimiento || k === K.arqueo) {
    const [debe, haber] = asientoDe(r, c, 0).Apuntes.map((l) => l.Subcuenta);
    const otra = Number(r.total) < 0 ? debe : haber;
    const titulo = PLAN.get(otra?.slice(0, 3) ?? '');
    if (otra && titulo && !out.has(otra)) out.set(otra, { Codigo: otra, Titulo: titulo });
  }
  for (const lado of ['c', 'd'] as const) {
    if (r[`${lado}_codigo`] === null) continue;
    const cuenta = cuentaDe(r, lado);
    const codigo = subcuentaTesoreria(cuenta, c.Digitos);
    if (!out.has(codigo)) out.set(codigo, { Codigo: codigo, Titulo: cuenta.Nombre });
  }
}

/** The row's treasury account (`c`) or, of a transfer, the other leg's (`d`). */
function cuentaDe(r: Fila, lado: 'c' | 'd'): MovimientoContable['Cuenta'] {
  return {
    Codigo: r[`${lado}_codigo`] ?? '',
    Nombre: r[`${lado}_nombre`] ?? '',
    Tipo: r[`${lado}_tipo`] ?? '',
    CuentaContable: r[`${lado}_cuenta`],
  };
}

/** The XSubCta's rows: the fixed accounts, then every customer, supplier and treasury account the entries used. */
export function todasLasSubcuentas(c: CuentasEmpresa, usadas: Map<string, Subcuenta>): Subcuenta[] {
  const out = new Map<string, Subcuenta>();
  for (const f of subcuentasFijas(c)) out.set(f.Codigo, f);
  for (const [k, v] of [...usadas].sort(([a], [b]) => a.localeCompare(b))) if (!out.has(k)) out.set(k, v);
  return [...out.values()];
}
