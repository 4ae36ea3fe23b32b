import { diaMadrid, isIsoDate, type ModeloTributario, periodoTributario, proximoPlazoFiscal } from '@faro/domain';
import { and, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  documentosVenta as dv,
  modelosPresentados as mp,
  vencimientosCompra as vc,
  vencimientosVenta as vv,
} from '../../platform/tenancy/tables.ts';
import { libroEmitidas } from '../impuestos/factemitidas.ts';
import { DESGLOSE, type FiltrosLibro, rowsOf } from '../impuestos/libroFacturas.ts';
import { fmtResultado } from '../impuestos/modelos/index.ts';
import { calcular } from '../impuestos/modelos/servicio.ts';
import { saldosCuentas, totalesTesoreria } from '../tesoreria/movimientos.ts';

/**
 * The home dashboard in one call (`GET /api/informes/panel`): every figure comes from the definition its own screen
 * uses, never a second formula — sales are the issued-invoice book's bases (its SQL and filter), balances are
 * treasury's `saldosCuentas` (Saldo / Saldo previsto), each tax card is the model's own computation (`calcular`,
 * its result box), collections and payments are the instalments still pending.
 */
const fix = (v: unknown) => Number(v ?? 0).toFixed(2);
const diaMenos = (dia: string, dias: number) =>
  new Date(Date.parse(`${dia}T00:00:00Z`) - dias * 86_400_000).toISOString().slice(0, 10);
/** The same day a year before (29 February → 28 February). */
const haceUnAnyo = (dia: string) => {
  const anyo = `${Number(dia.slice(0, 4)) - 1}`;
  return dia.slice(5) === '02-29' ? `${anyo}-02-28` : `${anyo}${dia.slice(4)}`;
};
/** The first day of the month `n` months before `dia`'s. */
const inicioMes = (dia: string, n = 0) =>
  new Date(Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1 - n, 1)).toISOString().slice(0, 10);

const libro = (desde: string, hasta: string): FiltrosLibro => ({ FechaDesde: desde, FechaHasta: hasta });
const FROM_LIBRO = sql`from ${libroEmitidas.cabeceras} ${DESGLOSE}`;
const BASE_LIBRO = sql`coalesce(sum((e.val->>'Base')::numeric), 0)::text`;

/** The issued book's base and invoices of a period. */
async function ventasDelLibro(s: Scope, desde: string, hasta: string) {
  const [r] = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select ${BASE_LIBRO} as base, count(distinct d.id)::int as facturas
        ${FROM_LIBRO} where ${libroEmitidas.where(de, libro(desde, hasta))}`,
    ),
  );
  return { Base: fix(r?.base), Facturas: Number(r?.facturas ?? 0) };
}

/** The issued book's base per month of a period (months without sales are absent). */
async function ventasPorMes(s: Scope, desde: string, hasta: string): Promise<Map<string, string>> {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select to_char(d.fecha, 'YYYY-MM') as mes, ${BASE_LIBRO} as base
        ${FROM_LIBRO} where ${libroEmitidas.where(de, libro(desde, hasta))} group by 1`,
    ),
  );
  return new Map(rows.map((r) => [String(r.mes), fix(r.base)]));
}

/** The customers with the largest base in the issued book of a period. */
async function mejoresClientes(s: Scope, desde: string, hasta: string, n = 8) {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select d.id_cliente as id, max(d.cliente_nombre) as nombre, ${BASE_LIBRO} as base
        ${FROM_LIBRO} where ${libroEmitidas.where(de, libro(desde, hasta))}
        group by d.id_cliente order by sum((e.val->>'Base')::numeric) desc, d.id_cliente limit ${n}`,
    ),
  );
  return rows.map((r) => ({ Id: Number(r.id), Nombre: String(r.nombre ?? ''), Base: fix(r.base) }));
}

/**
 * Gross margin of a period: the book's base less the cost of what was sold (quantity × the product's purchase price,
 * as the sales report counts it); null when no product sold has a purchase price.
 */
async function margen(s: Scope, desde: string, hasta: string, base: string) {
  const [r] = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select coalesce(sum(l.cantidad * p.precio_compra), 0)::text as coste, count(*)::int as n
        from documentos_venta_lineas l
          join documentos_venta d on ${de('d')} and d.id = l.id_documento
          join productos p on ${de('p')} and p.id = l.id_producto
        where ${de('l')} and coalesce(p.precio_compra, 0) > 0
          and d.id in (select d.id from ${libroEmitidas.cabeceras} where ${libroEmitidas.where(de, libro(desde, hasta))})`,
    ),
  );
  if (!Number(r?.n)) return null;
  const coste = Number(r?.coste);
  const m = Number(base) - coste;
  return {
    Coste: fix(coste),
    Margen: fix(m),
    Porcentaje: Number(base) === 0 ? null : ((m * 100) / Number(base)).toFixed(2),
  };
}

/** Ageing of what is pending: by days past the instalment's due date; `Desde`/`Hasta` are the due dates it covers. */
export const TRAMOS = [
  { Tramo: 'sinvencer', dias: [Number.NEGATIVE_INFINITY, 0] },
  { Tramo: '1-30', dias: [1, 30] },
  { Tramo: '31-60', dias: [31, 60] },
  { Tramo: '61-90', dias: [61, 90] },
  { Tramo: '90+', dias: [91, Number.POSITIVE_INFINITY] },
] as const;

async function pendiente(s: Scope, hoy: string, t: typeof vv | typeof vc, cab: typeof dv | typeof dc) {
  const resto = sql`(${t.Importe} - ${t.Liquidado})`;
  const tramos = TRAMOS.map(({ Tramo, dias: [min, max] }) => {
    // Due dates from hoy − max to hoy − min (open ends stay open).
    const Desde = Number.isFinite(max) ? diaMenos(hoy, max) : null;
    const Hasta = Number.isFinite(min) ? diaMenos(hoy, min) : null;
    return { Tramo, Desde, Hasta };
  });
  const cols = Object.fromEntries(
    tramos.map(({ Tramo, Desde, Hasta }) => [
      Tramo,
      sql<string>`coalesce(sum(case when ${and(
        Desde ? gte(t.Fecha, Desde) : undefined,
        Hasta ? lte(t.Fecha, Hasta) : undefined,
      )} then ${resto} else 0 end), 0)::text`,
    ]),
  );
  const [r] = await s
    .pick(
      {
        ...cols,
        pendiente: sql<string>`coalesce(sum(${resto}), 0)::text`,
        vencido: sql<string>`coalesce(sum(case when ${lt(t.Fecha, hoy)} then ${resto} else 0 end), 0)::text`,
        n: sql<number>`count(*)::int`,
      },
      t,
      gt(resto, 0),
    )
    .innerJoin(cab, s.on(cab, and(eq(cab.id, t.IdFactura), ne(cab.estado, 'Anulada'))));
  const fila = (r ?? {}) as Record<string, unknown>;
  return {
    Pendiente: fix(fila.pendiente),
    Vencido: fix(fila.vencido),
    Recibos: Number(fila.n ?? 0),
    Tramos: tramos.map((x) => ({ ...x, Importe: fix(fila[x.Tramo]) })),
  };
}

/** Quarterly self-assessments the dashboard follows: 303 always, the others once filed or with a result. */
const TRIMESTRALES = ['303', '130', '111', '115'] as const satisfies readonly ModeloTributario[];

/** One card per quarterly model due at the next AEAT deadline: the model's own result, the deadline and its state. */
async function impuestos(s: Scope, hoy: string) {
  const plazo = proximoPlazoFiscal(hoy);
  const guardados = await s
    .pick(
      { modelo: mp.modelo, anyo: mp.anyo, periodo: mp.periodo, estado: mp.estado, fecha: mp.fechaPresentacion },
      mp,
      inArray(mp.modelo, [...TRIMESTRALES]),
    )
    .orderBy(desc(mp.id));
  const cards = [];
  for (const modelo of TRIMESTRALES) {
    const p = periodoTributario(modelo, plazo.Anyo, plazo.Periodo);
    if (typeof p === 'string') continue;
    const suyos = guardados.filter((g) => g.modelo === modelo);
    const delPeriodo = suyos.filter((g) => g.anyo === p.anyo && g.periodo === p.codigo);
    const presentado = delPeriodo.find((g) => g.estado === 'presentada');
    const Resultado = fmtResultado(modelo, await calcular(s, modelo, p));
    if (modelo !== '303' && !suyos.length && Number(Resultado) === 0) continue;
    cards.push({
      Modelo: modelo,
      Anyo: p.anyo,
      Periodo: p.codigo,
      Fecha: plazo.Fecha,
      Dias: plazo.Dias,
      Resultado,
      Estado: presentado ? 'presentada' : delPeriodo.length ? 'borrador' : 'pendiente',
      FechaPresentacion: presentado?.fecha ?? null,
    });
  }
  return cards;
}

export async function panel(s: Scope, hoy: string, opciones: { impuestos: boolean }) {
  const mes = hoy.slice(0, 7);
  const anyo = hoy.slice(0, 4);
  const antes = haceUnAnyo(hoy);
  // Twelve months up to this one, and the same twelve a year before (for the comparison).
  const meses = await ventasPorMes(s, inicioMes(hoy, 23), hoy);
  const mesesDe = (n: number) => Array.from({ length: 12 }, (_, i) => inicioMes(hoy, n + 11 - i).slice(0, 7));
  const ventasAnyo = await ventasDelLibro(s, `${anyo}-01-01`, hoy);
  const cuentas = await saldosCuentas(s, hoy);
  const saldos = cuentas
    .filter((c) => !c.Baja)
    .map(({ Id, Nombre, Tipo, Saldo, SaldoPrevisto }) => ({ Id, Nombre, Tipo, Saldo, SaldoPrevisto }));
  const ventasMes = await ventasDelLibro(s, `${mes}-01`, hoy);
  return {
    Hoy: hoy,
    VentasMes: {
      Mes: mes,
      ...ventasMes,
      /** The same month of last year up to the same day. */
      BaseAnyoAnterior: (await ventasDelLibro(s, `${antes.slice(0, 7)}-01`, antes)).Base,
    },
    VentasAnyo: {
      Anyo: Number(anyo),
      ...ventasAnyo,
      /** Last year from 1 January to the same day. */
      BaseAnyoAnterior: (await ventasDelLibro(s, `${antes.slice(0, 4)}-01-01`, antes)).Base,
    },
    Margen: await margen(s, `${anyo}-01-01`, hoy, ventasAnyo.Base),
    VentasPorMes: mesesDe(0).map((m) => ({ Mes: m, Base: meses.get(m) ?? '0.00' })),
    /** The same months a year before, in the same order. */
    VentasPorMesAnterior: mesesDe(12).map((m) => ({ Mes: m, Base: meses.get(m) ?? '0.00' })),
    MejoresClientes: await mejoresClientes(s, `${anyo}-01-01`, hoy),
    Cobros: await pendiente(s, hoy, vv, dv),
    Pagos: await pendiente(s, hoy, vc, dc),
    // Treasury's own definition of a balance (a fecha and previsto), so the dashboard and treasury never differ.
    Tesoreria: { ...totalesTesoreria(cuentas), Cuentas: saldos },
    ProximoPlazo: proximoPlazoFiscal(hoy),
    /** Null for whoever may not read the tax models. */
    Impuestos: opciones.impuestos ? await impuestos(s, hoy) : null,
  };
}
export type Panel = Awaited<ReturnType<typeof panel>>;

export function registrarPanel(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/informes/panel',
    {
      config: { access: access.permission('VentasFact', 1) },
      schema: { tags: ['informes'], summary: 'Panel de inicio' },
    },
    async (request) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      // `Hoy` lets tests and demos fix the day; anything else is today in Madrid.
      const hoy = typeof raw.Hoy === 'string' && isIsoDate(raw.Hoy) ? raw.Hoy : diaMadrid(new Date());
      const impuestosVisibles = (request.ctx?.permisos.ImptoEmit ?? 0) >= 1;
      return panel(deps.scopeOf(request), hoy, { impuestos: impuestosVisibles });
    },
  );
}
