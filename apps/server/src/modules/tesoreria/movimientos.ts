import { add, compare, dec, isZero, neg, toFixed, ZERO } from '@faro/domain';
import { and, asc, type Column, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { MAX_OFFSET, parseListQuery } from '../../platform/crud/listQuery.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  apuntesBancarios as ab,
  arqueos as aq,
  col,
  conceptosmovsTable,
  cobrosVenta as cv,
  documentosCompra as dc,
  documentosVenta as dv,
  movimientosTesoreria as mt,
  pagosCompra as pc,
  recibosRemesa as rr,
  tesoreriaTable,
} from '../../platform/tenancy/tables.ts';
import { asentarDocumentos } from '../contabilidad/libro.ts';
import { contar, esDia, esId, hoyEspana, idDe, permiso, zDia, zId, zImporte, zTexto } from './comun.ts';

export const MSG_MOVS = {
  cuenta: 'La cuenta de tesorería no existe',
  concepto: 'El concepto no existe',
  importe: 'El importe debe ser distinto de cero',
  bloqueado: 'El movimiento ya está arqueado o conciliado: no se puede cambiar',
  noManual: 'Sólo se pueden cambiar los movimientos manuales y los traspasos',
  mismaCuenta: 'La cuenta de destino debe ser distinta de la de origen',
  positivo: 'El importe debe ser mayor que cero',
  fecha: 'La fecha del saldo no es válida (aaaa-mm-dd)',
};

const tc = (f: string) => col(tesoreriaTable, f);

const movimientoBody = z.object({
  IdTesoreria: zId('Cuenta'),
  Fecha: zDia('Fecha'),
  Importe: zImporte('Importe'),
  IdConcepto: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  Descripcion: zTexto('Descripción', 200),
});
const traspasoBody = z.object({
  IdOrigen: zId('Cuenta de origen'),
  IdDestino: zId('Cuenta de destino'),
  Fecha: zDia('Fecha'),
  Importe: zImporte('Importe'),
  Descripcion: zTexto('Descripción', 200).optional(),
});

/** The treasury account `id` of the company; missing → 400 on the body field `campo`, or 404 when `campo` is null (an id in the path). */
export async function comprobarCuenta(t: Scope, id: number, campo: string | null = 'IdTesoreria') {
  const [c] = await t.pick(
    {
      Id: tc('Id'),
      Nombre: tc('Nombre'),
      Tipo: tc('Tipo'),
      Arqueable: tc('Arqueable'),
      IBAN: tc('IBAN'),
      BIC: tc('BIC'),
    },
    tesoreriaTable,
    eq(tc('Id'), id),
  );
  if (!c) throw campo === null ? notFound() : fieldError(campo, MSG_MOVS.cuenta);
  return c as {
    Id: number;
    Nombre: string;
    Tipo: string;
    Arqueable: boolean | null;
    IBAN: string | null;
    BIC: string | null;
  };
}

/** Is the movement locked: a cash count of its account dated on or after it, or a statement line matched to it? */
export async function movimientoBloqueado(t: Scope, m: { Id: number; IdTesoreria: number; Fecha: string }) {
  const [a] = await t
    .pick({ one: sql`1` }, aq, and(eq(aq.IdTesoreria, m.IdTesoreria), gte(aq.Fecha, m.Fecha)))
    .limit(1);
  if (a) return true;
  const [c] = await t
    .pick({ one: sql`1` }, ab, and(eq(ab.ConciliadoCon, 'movimiento'), eq(ab.IdConciliado, m.Id)))
    .limit(1);
  return !!c;
}

/** Inserts a movement of the treasury (fees, count differences, manual ones) inside the caller's transaction. */
export async function insertarMovimiento(
  t: Scope,
  v: typeof mt.$inferInsert extends infer I ? Omit<I, 'empresaId'> : never,
) {
  const [row] = await t.insert(mt, v).returning();
  return row!;
}

/**
 * The movements of every account as one list: sales collections (cobro, +), purchase payments (pago, −) and the
 * treasury's own movements (manual: manual ones, transfers, fees, count differences), each with the running balance
 * of its account (opening balance + every movement up to it, by date), and the flags Remesado (came from a sent
 * batch), Arqueado (a cash count covers its date) and Conciliado (a bank statement line matches it). Every branch is
 * a query of the company door; the union and the window are plain SQL around them.
 */
export function consultaMovimientos(
  s: Scope,
  f: Record<string, unknown>,
): { base: SQL; where: SQL; sinSaldo: SQL; cuentas: SQL; ramas: SQL[] } {
  const arqueado = (cuenta: Column, fecha: Column) =>
    sql`exists (${s.pick({ one: sql`1` }, aq, and(eq(aq.IdTesoreria, cuenta), gte(aq.Fecha, fecha)))})`;
  const conciliado = (clase: string, id: Column) =>
    sql`exists (${s.pick({ one: sql`1` }, ab, and(eq(ab.ConciliadoCon, clase), eq(ab.IdConciliado, id)))})`;
  const remesaConciliada = (id: Column, lado: Column) =>
    sql`exists (${s
      .pick({ one: sql`1` }, rr, and(eq(rr.IdCobro, id), isNotNull(lado)))
      .innerJoin(ab, and(s.on(ab, eq(ab.IdConciliado, rr.IdRemesa)), eq(ab.ConciliadoCon, 'remesa')))})`;
  const remesado = (id: Column, lado: Column) =>
    sql`exists (${s.pick({ one: sql`1` }, rr, and(eq(rr.IdCobro, id), isNotNull(lado)))})`;
  /** A collection (sales) or a payment (purchases) as a movement: the amount signed, its invoice, its locks. */
  const liquidaciones = (clase: 'cobro' | 'pago', p: typeof cv, d: typeof dv | typeof dc, remesada: Column) => {
    // Literals, as in every branch of the union: the kind, its sort order, the sign and the description's word.
    const [etiqueta, orden, importe, titulo] =
      clase === 'cobro'
        ? [sql`'cobro'`, sql`1`, sql`${p.Importe}`, sql`'Cobro '`]
        : [sql`'pago'`, sql`2`, sql`-${p.Importe}`, sql`'Pago '`];
    return s
      .pick(
        {
          tipo: sql`${etiqueta}`.as('tipo'),
          clase: sql`${etiqueta}`.as('clase'),
          orden: sql`${orden}`.as('orden'),
          id: sql`${p.Id}`.as('id'),
          id_tesoreria: sql`${p.IdTesoreria}`.as('id_tesoreria'),
          fecha: sql`${p.Fecha}`.as('fecha'),
          importe: sql`${importe}`.as('importe'),
          id_concepto: sql`${p.IdConcepto}`.as('id_concepto'),
          descripcion: sql`${titulo} || coalesce(${d.numSerie}, '') || ' · ' || ${d.terceroNombre}`.as('descripcion'),
          id_factura: sql`${p.IdFactura}`.as('id_factura'),
          remesado: sql`${remesado(p.Id, remesada)}`.as('remesado'),
          arqueado: sql`${arqueado(p.IdTesoreria, p.Fecha)}`.as('arqueado'),
          conciliado: sql`(${conciliado(clase, p.Id)} or ${remesaConciliada(p.Id, remesada)})`.as('conciliado'),
        },
        p,
      )
      .innerJoin(d, s.on(d, eq(d.id, p.IdFactura)));
  };
  const cobros = liquidaciones('cobro', cv, dv, rr.IdFactura);
  const pagos = liquidaciones('pago', pc, dc, rr.IdFacturaCompra);
  const manuales = s.pick(
    {
      tipo: sql`'manual'`.as('tipo'),
      clase: sql`${mt.Clase}`.as('clase'),
      orden: sql`3`.as('orden'),
      id: sql`${mt.Id}`.as('id'),
      id_tesoreria: sql`${mt.IdTesoreria}`.as('id_tesoreria'),
      fecha: sql`${mt.Fecha}`.as('fecha'),
      importe: sql`${mt.Importe}`.as('importe'),
      id_concepto: sql`${mt.IdConcepto}`.as('id_concepto'),
      descripcion: sql`${mt.Descripcion}`.as('descripcion'),
      id_factura: sql`null::bigint`.as('id_factura'),
      remesado: sql`false`.as('remesado'),
      arqueado: sql`${arqueado(mt.IdTesoreria, mt.Fecha)}`.as('arqueado'),
      conciliado: sql`${conciliado('movimiento', mt.Id)}`.as('conciliado'),
    },
    mt,
  );
  const cuentas = s.pick(
    {
      cid: sql`${tc('Id')}`.as('cid'),
      nombre: sql`${tc('Nombre')}`.as('cuenta'),
      si: sql`coalesce(${tc('SaldoInicial')}, 0)`.as('si'),
    },
    tesoreriaTable,
  );
  const union = sql`(${cobros}) union all (${pagos}) union all (${manuales})`;
  const base = sql`select u.*, t.cuenta, t.si + sum(u.importe) over (partition by u.id_tesoreria order by u.fecha, u.orden, u.id rows between unbounded preceding and current row) as saldo
    from (${union}) u join (${cuentas}) t on t.cid = u.id_tesoreria`;
  const conds: SQL[] = [sql`true`];
  if (esId(f.IdTesoreria)) conds.push(sql`x.id_tesoreria = ${Number(f.IdTesoreria)}`);
  if (typeof f.Tipo === 'string' && ['cobro', 'pago', 'manual'].includes(f.Tipo)) conds.push(sql`x.tipo = ${f.Tipo}`);
  if (esId(f.IdConcepto)) conds.push(sql`x.id_concepto = ${Number(f.IdConcepto)}`);
  if (esDia(f.FechaDesde)) conds.push(sql`x.fecha >= ${f.FechaDesde}`);
  if (esDia(f.FechaHasta)) conds.push(sql`x.fecha <= ${f.FechaHasta}`);
  for (const flag of ['Remesado', 'Arqueado', 'Conciliado'] as const) {
    const v = f[flag];
    if (v === true || v === 'true') conds.push(sql.raw(`x.${flag.toLowerCase()}`));
    if (v === false || v === 'false') conds.push(sql.raw(`not x.${flag.toLowerCase()}`));
  }
  // `sinSaldo`: the same rows without the running balance (its window sorts every movement): what counting needs.
  return {
    base,
    where: sql.join(conds, sql` and `),
    sinSaldo: sql`select u.* from (${union}) u`,
    cuentas: sql`${cuentas}`,
    ramas: [cobros, pagos, manuales].map((r) => sql`${r}`),
  };
}

/** One end of a range of keys, itself included or not. */
type Limite = { clave: Clave; incluida: boolean } | null;

/** A movement's place in the list's order: (fecha, orden, id), unique. */
interface Clave {
  fecha: string;
  orden: number;
  id: number;
}

/**
 * The amounts of one account's movements whose key lies between `desde` and `hasta` (each end included or not), as
 * the same three branches as the list (same joins, so the same rows) without the flags: each branch's condition is
 * written on its own columns (its `orden` is a constant), so it reads the branch's (account, date, id) index range.
 */
function importesCuenta(s: Scope, cuenta: number, desde: Limite, hasta: Limite) {
  // (fecha, orden, id) compared with a key, on a branch whose `orden` is constant.
  const cmp = (orden: number, fecha: Column, id: Column, k: Clave, despues: boolean, incluida: boolean) => {
    if (orden !== k.orden)
      return despues === orden > k.orden
        ? sql`${fecha} ${sql.raw(despues ? '>=' : '<=')} ${k.fecha}`
        : sql`${fecha} ${sql.raw(despues ? '>' : '<')} ${k.fecha}`;
    const op = sql.raw(`${despues ? '>' : '<'}${incluida ? '=' : ''}`);
    return sql`(${fecha}, ${id}) ${op} (${k.fecha}, ${k.id})`;
  };
  const rango = (orden: number, fecha: Column, id: Column) => [
    ...(desde ? [cmp(orden, fecha, id, desde.clave, true, desde.incluida)] : []),
    ...(hasta ? [cmp(orden, fecha, id, hasta.clave, false, hasta.incluida)] : []),
  ];
  const campos = (orden: number, fecha: Column, id: Column, importe: SQL) => ({
    fecha: sql`${fecha}`.as('fecha'),
    orden: sql`${orden}`.as('orden'),
    id: sql`${id}`.as('id'),
    importe: importe.as('importe'),
  });
  const cobros = s
    .pick(
      campos(1, cv.Fecha, cv.Id, sql`${cv.Importe}`),
      cv,
      and(eq(cv.IdTesoreria, cuenta), ...rango(1, cv.Fecha, cv.Id)),
    )
    .innerJoin(dv, s.on(dv, eq(dv.id, cv.IdFactura)));
  const pagos = s
    .pick(
      campos(2, pc.Fecha, pc.Id, sql`-${pc.Importe}`),
      pc,
      and(eq(pc.IdTesoreria, cuenta), ...rango(2, pc.Fecha, pc.Id)),
    )
    .innerJoin(dc, s.on(dc, eq(dc.id, pc.IdFactura)));
  const manuales = s.pick(
    campos(3, mt.Fecha, mt.Id, sql`${mt.Importe}`),
    mt,
    and(eq(mt.IdTesoreria, cuenta), ...rango(3, mt.Fecha, mt.Id)),
  );
  return sql`(${cobros}) union all (${pagos}) union all (${manuales})`;
}

const menor = (a: Clave, b: Clave) =>
  a.fecha !== b.fecha ? a.fecha < b.fecha : a.orden !== b.orden ? a.orden < b.orden : a.id < b.id;
const claveDe = (r: FilaMovimiento): Clave => ({
  fecha: String(r.fecha).slice(0, 10),
  orden: Number(r.orden),
  id: Number(r.id),
});

/**
 * The running balance of the page's rows: per account on the page, the opening balance + the sum of its movements
 * strictly before its oldest row on the page (indexed aggregates per branch) + a window over its movements from that
 * row to its newest one on the page — every movement of the account, filtered or not, as the full window would.
 */
async function saldosDePagina(s: Scope, filas: FilaMovimiento[]): Promise<Map<string, string>> {
  const saldos = new Map<string, string>();
  const porCuenta = new Map<number, { si: string; min: Clave; max: Clave }>();
  for (const r of filas) {
    const k = claveDe(r);
    const c = porCuenta.get(Number(r.id_tesoreria));
    if (!c) porCuenta.set(Number(r.id_tesoreria), { si: String(r.si), min: k, max: k });
    else {
      if (menor(k, c.min)) c.min = k;
      if (menor(c.max, k)) c.max = k;
    }
  }
  for (const [cuenta, { si, min, max }] of porCuenta) {
    const [previo] = await s.execute<{ suma: string | null }>(
      () =>
        sql`select sum(u.importe)::text as suma from (${importesCuenta(s, cuenta, null, { clave: min, incluida: false })}) u`,
    );
    const base = add(dec(si), dec(previo?.suma ?? '0'));
    const tramo = await s.execute<{ orden: number; id: string | number; acum: string }>(
      () => sql`select u.orden, u.id, (sum(u.importe) over (order by u.fecha, u.orden, u.id rows between unbounded preceding and current row))::text as acum
        from (${importesCuenta(s, cuenta, { clave: min, incluida: true }, { clave: max, incluida: true })}) u`,
    );
    for (const t of tramo) saldos.set(`${t.orden}:${Number(t.id)}`, toFixed(add(base, dec(t.acum)), 2));
  }
  return saldos;
}

interface FilaMovimiento extends Record<string, unknown> {
  tipo: string;
  orden: number;
  si?: string;
  clase: string;
  id: string | number;
  id_tesoreria: string | number;
  cuenta: string;
  fecha: string;
  importe: string;
  id_concepto: string | number | null;
  descripcion: string;
  id_factura: string | number | null;
  remesado: boolean;
  arqueado: boolean;
  conciliado: boolean;
  saldo: string;
}

const aJson = (r: FilaMovimiento) => ({
  Tipo: r.tipo,
  Clase: r.clase,
  Id: Number(r.id),
  IdTesoreria: Number(r.id_tesoreria),
  Cuenta: r.cuenta,
  Fecha: String(r.fecha).slice(0, 10),
  Importe: toFixed(dec(String(r.importe)), 2),
  IdConcepto: r.id_concepto === null ? null : Number(r.id_concepto),
  Descripcion: r.descripcion,
  IdFactura: r.id_factura === null ? null : Number(r.id_factura),
  Remesado: !!r.remesado,
  Arqueado: !!r.arqueado,
  Conciliado: !!r.conciliado,
  Saldo: toFixed(dec(String(r.saldo)), 2),
});

/** A page of movements (newest first unless `asc`), with running balances. */
export async function listarMovimientos(s: Scope, query: unknown) {
  const q = parseListQuery(query);
  const { where, sinSaldo, cuentas, ramas: ramasMovimientos } = consultaMovimientos(s, q.Filtros);
  const dir = q.Orden === 'asc' ? sql`asc` : sql`desc`;
  // The page is cut first: each branch read in the list's order through its (date, id) index and cut at the page's
  // end (flags only for the rows it reads), then the three merged; then the page's balances.
  const fin = Math.min((q.Pagina - 1) * q.TotalPagina, MAX_OFFSET);
  const orden = sql`order by x.fecha ${dir}, x.orden ${dir}, x.id ${dir}`;
  const ramas = ramasMovimientos.map(
    (r) => sql`(select x.*, t.cuenta, t.si from (${r}) x join (${cuentas}) t on t.cid = x.id_tesoreria where ${where}
      ${orden} limit ${fin + q.TotalPagina})`,
  );
  const rows = await s.execute<FilaMovimiento>(
    () => sql`select x.* from (${sql.join(ramas, sql` union all `)}) x ${orden} limit ${q.TotalPagina} offset ${fin}`,
  );
  const saldos = await saldosDePagina(s, rows);
  const total = await contar(s, sql`select 1 from (${sinSaldo}) x where ${where}`);
  return {
    Items: rows.map((r) => aJson({ ...r, saldo: saldos.get(`${Number(r.orden)}:${Number(r.id)}`) ?? '0' })),
    ...total,
  };
}

/**
 * The one definition of an account's balance, read by treasury and by the dashboard (`informes/panel`): `Saldo` is
 * the balance a fecha — the opening balance plus every movement dated up to `fecha` (collections, payments, manual
 * ones, transfers) — and `SaldoPrevisto` adds the movements already recorded for later days (a batch or a transfer
 * dated ahead). A movement dated tomorrow is not money in the account today.
 */
export async function saldosCuentas(s: Scope, fecha: string) {
  const { sinSaldo } = consultaMovimientos(s, {});
  const saldos = await s.execute<{ id: string; saldo: string; previsto: string; n: number; ultimo: string | null }>(
    () => sql`select x.id_tesoreria as id, coalesce(sum(x.importe) filter (where x.fecha <= ${fecha}), 0)::text as saldo,
        sum(x.importe)::text as previsto, count(*)::int as n, max(x.fecha)::text as ultimo
      from (${sinSaldo}) x group by x.id_tesoreria`,
  );
  const cuentas = await s
    .pick(
      {
        Id: tc('Id'),
        Codigo: tc('Codigo'),
        Nombre: tc('Nombre'),
        Tipo: tc('Tipo'),
        IBAN: tc('IBAN'),
        Arqueable: tc('Arqueable'),
        Baja: tc('Baja'),
        SaldoInicial: tc('SaldoInicial'),
      },
      tesoreriaTable,
    )
    .orderBy(asc(tc('Codigo')));
  const porId = new Map(saldos.map((r) => [Number(r.id), r]));
  return cuentas.map((c) => {
    const r = porId.get(Number(c.Id));
    const si = dec(String(c.SaldoInicial ?? '0'));
    return {
      ...(c as typeof c & { Id: number; Nombre: string; Tipo: string; Baja: boolean }),
      SaldoInicial: toFixed(si, 2),
      Saldo: toFixed(add(si, dec(r?.saldo ?? '0')), 2),
      SaldoPrevisto: toFixed(add(si, dec(r?.previsto ?? '0')), 2),
      Movimientos: r?.n ?? 0,
      UltimoMovimiento: r?.ultimo ?? null,
    };
  });
}

/** The totals of the accounts in use (not de baja): cash, banks, each a fecha and forecast. */
export function totalesTesoreria(cuentas: Awaited<ReturnType<typeof saldosCuentas>>) {
  const total = (caja: boolean, campo: 'Saldo' | 'SaldoPrevisto') =>
    toFixed(
      cuentas.filter((c) => !c.Baja && (c.Tipo === 'caja') === caja).reduce((t, c) => add(t, dec(c[campo])), ZERO),
      2,
    );
  return {
    Caja: total(true, 'Saldo'),
    Bancos: total(false, 'Saldo'),
    Previsto: { Caja: total(true, 'SaldoPrevisto'), Bancos: total(false, 'SaldoPrevisto') },
  };
}
/** Daily closing balance of one account between two dates (the chart of the treasury home). */
export async function evolucionSaldo(s: Scope, idTesoreria: number, desde: string, hasta: string) {
  const { base } = consultaMovimientos(s, {});
  const rows = await s.execute<{ fecha: string; saldo: string }>(
    () => sql`select distinct on (x.fecha) x.fecha::text as fecha, x.saldo::text as saldo from (${base}) x
      where x.id_tesoreria = ${idTesoreria} and x.fecha <= ${hasta}
      order by x.fecha desc, x.orden desc, x.id desc`,
  );
  // rows: each day's last balance, newest first; fill every day of the range with the balance carried over.
  const [cuenta] = await s.pick({ si: tc('SaldoInicial') }, tesoreriaTable, eq(tc('Id'), idTesoreria));
  if (!cuenta) throw notFound();
  const porDia = new Map(rows.map((r) => [String(r.fecha).slice(0, 10), toFixed(dec(r.saldo), 2)]));
  const anteriores = rows.filter((r) => String(r.fecha).slice(0, 10) < desde);
  let saldo = anteriores.length ? toFixed(dec(anteriores[0]!.saldo), 2) : toFixed(dec(String(cuenta.si ?? '0')), 2);
  const puntos: { Fecha: string; Saldo: string }[] = [];
  for (let d = new Date(`${desde}T00:00:00Z`); d <= new Date(`${hasta}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const dia = d.toISOString().slice(0, 10);
    saldo = porDia.get(dia) ?? saldo;
    puntos.push({ Fecha: dia, Saldo: saldo });
    if (puntos.length > 800) break;
  }
  return puntos;
}

async function cargarManual(t: Scope, id: number) {
  const [row] = await t.select(mt, eq(mt.Id, id));
  if (!row) throw notFound();
  return row;
}

async function comprobarConcepto(t: Scope, id: number | null | undefined) {
  if (!id) return;
  const cc = (f: string) => col(conceptosmovsTable, f);
  const [c] = await t.pick({ id: cc('Id') }, conceptosmovsTable, eq(cc('Id'), id));
  if (!c) throw fieldError('IdConcepto', MSG_MOVS.concepto);
}

async function editable(t: Scope, row: typeof mt.$inferSelect) {
  if (row.Clase !== 'manual' && row.Clase !== 'traspaso') throw badRequest(MSG_MOVS.noManual);
  if (await movimientoBloqueado(t, row)) throw badRequest(MSG_MOVS.bloqueado);
  if (row.IdTraspaso) {
    const otro = await cargarManual(t, row.IdTraspaso);
    if (await movimientoBloqueado(t, otro)) throw badRequest(MSG_MOVS.bloqueado);
  }
}

/** Posts a manual movement, or a transfer (its one entry hangs on its first leg, `asientos.ts`), to the ledger. */
const asentarMovimiento = (t: Scope, m: { Id: number; IdTraspaso: number | null }) =>
  m.IdTraspaso
    ? asentarDocumentos(t, 'traspaso', [Math.min(m.Id, m.IdTraspaso)])
    : asentarDocumentos(t, 'movimiento', [m.Id]);

const json = ({ empresaId: _, CreadoEn: __, ...r }: typeof mt.$inferSelect) => r;

/** `movstesoreria`: the list of every movement, the manual ones (edit, save, delete), transfers, balances, chart. */
export function registrarMovimientos(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/tesoreria/movstesoreria';
  app.get(`${base}/list`, permiso('TesoMovsCajaBanco', 1, 'Movimientos de tesorería'), async (request) =>
    listarMovimientos(deps.scopeOf(request), request.query),
  );
  app.get(`${base}/saldos`, permiso('TesoMovsCajaBanco', 1, 'Saldos de las cuentas'), async (request) => {
    // `Fecha`: the day of the balance (a fecha), today in Spain unless asked.
    const { Fecha } = (request.query ?? {}) as Record<string, unknown>;
    if (Fecha !== undefined && Fecha !== '' && !esDia(Fecha)) throw badRequest(MSG_MOVS.fecha);
    const cuentas = await saldosCuentas(deps.scopeOf(request), esDia(Fecha) ? Fecha : hoyEspana());
    return { Items: cuentas, Totales: totalesTesoreria(cuentas) };
  });
  app.get(`${base}/evolucion/:id`, permiso('TesoMovsCajaBanco', 1, 'Evolución del saldo'), async (request) => {
    const q = request.query as Record<string, unknown>;
    const hasta = esDia(q.Hasta) ? q.Hasta : new Date().toISOString().slice(0, 10);
    const d = new Date(`${hasta}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 89);
    const desde = esDia(q.Desde) && q.Desde <= hasta ? q.Desde : d.toISOString().slice(0, 10);
    return { Items: await evolucionSaldo(deps.scopeOf(request), idDe(request), desde, hasta) };
  });
  app.get(`${base}/edit/:id`, permiso('TesoMovsCajaBanco', 1, 'Movimiento manual'), async (request) => {
    const s = deps.scopeOf(request);
    const row = await cargarManual(s, idDe(request));
    return { ...json(row), Bloqueado: await movimientoBloqueado(s, row) };
  });
  app.post(`${base}/save`, permiso('TesoMovsCajaBanco', 2, 'Nuevo movimiento manual'), async (request, reply) => {
    const body = parseBody(movimientoBody, request.body) as z.infer<typeof movimientoBody>;
    if (isZero(dec(body.Importe))) throw fieldError('Importe', MSG_MOVS.importe);
    const row = await deps.scopeOf(request).tx(async (t) => {
      await comprobarCuenta(t, body.IdTesoreria);
      await comprobarConcepto(t, body.IdConcepto);
      const nuevo = { ...body, IdConcepto: body.IdConcepto ?? null, Importe: toFixed(dec(body.Importe), 2) };
      const bloqueo = await movimientoBloqueado(t, { Id: 0, IdTesoreria: body.IdTesoreria, Fecha: body.Fecha });
      if (bloqueo) throw fieldError('Fecha', 'Esa fecha ya está arqueada en la cuenta');
      const m = await insertarMovimiento(t, { ...nuevo, Clase: 'manual' });
      // A concept with an account posts the movement to the ledger (the year's counter, the last lock).
      await asentarDocumentos(t, 'movimiento', [m.Id]);
      return m;
    });
    return reply.status(201).send(json(row));
  });
  app.put(`${base}/save/:id`, permiso('TesoMovsCajaBanco', 2, 'Cambiar un movimiento manual'), async (request) => {
    const id = idDe(request);
    const body = parseBody(movimientoBody, request.body) as z.infer<typeof movimientoBody>;
    if (isZero(dec(body.Importe))) throw fieldError('Importe', MSG_MOVS.importe);
    const row = await deps.scopeOf(request).tx(async (t) => {
      const actual = await cargarManual(t, id);
      await editable(t, actual);
      await comprobarCuenta(t, body.IdTesoreria);
      await comprobarConcepto(t, body.IdConcepto);
      if (await movimientoBloqueado(t, { Id: id, IdTesoreria: body.IdTesoreria, Fecha: body.Fecha }))
        throw fieldError('Fecha', 'Esa fecha ya está arqueada en la cuenta');
      const importe = toFixed(dec(body.Importe), 2);
      const [r] = await t
        .update(mt, { ...body, IdConcepto: body.IdConcepto ?? null, Importe: importe }, eq(mt.Id, id))
        .returning();
      if (actual.IdTraspaso) {
        await t.update(
          mt,
          { Fecha: body.Fecha, Importe: toFixed(neg(dec(importe)), 2), Descripcion: body.Descripcion },
          eq(mt.Id, actual.IdTraspaso),
        );
      }
      await asentarMovimiento(t, actual);
      return r!;
    });
    return json(row);
  });
  app.delete(`${base}/delete/:id`, permiso('TesoMovsCajaBanco', 3, 'Borrar un movimiento manual'), async (request) => {
    const id = idDe(request);
    await deps.scopeOf(request).tx(async (t) => {
      const actual = await cargarManual(t, id);
      await editable(t, actual);
      await t.delete(mt, eq(mt.Id, id));
      if (actual.IdTraspaso) await t.delete(mt, eq(mt.Id, actual.IdTraspaso));
      await asentarMovimiento(t, actual);
    });
    return { Id: id };
  });
  app.post(`${base}/traspaso`, permiso('TesoMovsCajaBanco', 2, 'Traspaso entre cuentas'), async (request, reply) => {
    const body = parseBody(traspasoBody, request.body) as z.infer<typeof traspasoBody>;
    if (body.IdOrigen === body.IdDestino) throw fieldError('IdDestino', MSG_MOVS.mismaCuenta);
    const importe = dec(body.Importe);
    if (compare(importe, ZERO) <= 0) throw fieldError('Importe', MSG_MOVS.positivo);
    const filas = await deps.scopeOf(request).tx(async (t) => {
      const origen = await comprobarCuenta(t, body.IdOrigen, 'IdOrigen');
      const destino = await comprobarCuenta(t, body.IdDestino, 'IdDestino');
      for (const c of [origen, destino]) {
        if (await movimientoBloqueado(t, { Id: 0, IdTesoreria: c.Id, Fecha: body.Fecha }))
          throw fieldError('Fecha', 'Esa fecha ya está arqueada en la cuenta');
      }
      const texto = body.Descripcion ?? `Traspaso de ${origen.Nombre} a ${destino.Nombre}`;
      const sale = await insertarMovimiento(t, {
        IdTesoreria: origen.Id,
        Fecha: body.Fecha,
        Importe: toFixed(neg(importe), 2),
        Descripcion: texto,
        Clase: 'traspaso',
      });
      const entra = await insertarMovimiento(t, {
        IdTesoreria: destino.Id,
        Fecha: body.Fecha,
        Importe: toFixed(importe, 2),
        Descripcion: texto,
        Clase: 'traspaso',
        IdTraspaso: sale.Id,
      });
      await t.update(mt, { IdTraspaso: entra.Id }, eq(mt.Id, sale.Id));
      // The transfer's entry (D the destination's 57x / H the origin's), the year's counter the last lock.
      await asentarMovimiento(t, { Id: sale.Id, IdTraspaso: entra.Id });
      return [{ ...sale, IdTraspaso: entra.Id }, entra];
    });
    return reply.status(201).send({ Items: filas.map(json) });
  });
}
