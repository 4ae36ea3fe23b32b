import {
  diaMadrid,
  isIsoDate,
  type ModeloTributario,
  modelosQueAplican,
  periodoTributario,
  proximoPlazoFiscal,
} from '@faro/domain';
import { and, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conPermiso } from '../../platform/auth/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  documentosCompra as dc,
  documentosVenta as dv,
  modelosPresentados as mp,
  vencimientosCompra as vc,
  vencimientosVenta as vv,
} from '../../platform/tenancy/tables.ts';
import { perfilFiscal } from '../impuestos/calendario.ts';
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

const centimos = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const euros = (c: number) => (c / 100).toFixed(2);

/**
 * Sales of the dashboard in ONE pass over the issued book (its SQL and filter): per month of the 24 up to today,
 * the base and invoices, and the base up to the same day a year before (`hasta`, for last year's partial month).
 * Every period the dashboard shows is a sum of these months (an invoice lies in one month), added in cents.
 */
async function ventas(s: Scope, hoy: string, antes: string) {
  const rows = rowsOf(
    await s.execute(
      (_empresaId, de) => sql`select to_char(d.fecha, 'YYYY-MM') as mes, ${BASE_LIBRO} as base,
          count(distinct d.id)::int as facturas,
          coalesce(sum((e.val->>'Base')::numeric) filter (where d.fecha <= ${antes}), 0)::text as hasta
        ${FROM_LIBRO} where ${libroEmitidas.where(de, libro(inicioMes(hoy, 23), hoy))} group by 1`,
    ),
  );
  const meses = new Map(
    rows.map((r) => [
      String(r.mes),
      { base: centimos(r.base), facturas: Number(r.facturas), hasta: centimos(r.hasta) },
    ]),
  );
  /** Base and invoices from the first day of `desde` (yyyy-mm) to `hasta` (a day, inside the 24 months). */
  const periodo = (desde: string, hasta: string) => {
    let base = 0;
    let facturas = 0;
    for (const [mes, m] of meses) {
      if (mes < desde || mes > hasta.slice(0, 7)) continue;
      // The last month counts up to `hasta`: today's whole (nothing later is in the book's range) or last year's.
      base += mes === antes.slice(0, 7) && hasta === antes ? m.hasta : m.base;
      facturas += m.facturas;
    }
    return { Base: euros(base), Facturas: facturas };
  };
  return { porMes: (mes: string) => euros(meses.get(mes)?.base ?? 0), periodo };
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
 * Cost of what the book sold in a period: quantity × the cost each line took when its invoice was issued
 * (`coste`, the product's purchase price at that moment), so a later price change never moves a closed month.
 * Lines issued before that snapshot existed have none: they count the product's current purchase price and the
 * margin says it is estimated (`Estimado`). Null when nothing sold has a cost.
 */
async function costeVendido(s: Scope, desde: string, hasta: string) {
  const [r] = rowsOf(
    await s.execute(
      (
        _empresaId,
        de,
      ) => sql`select round(coalesce(sum(l.cantidad * x.coste), 0), 2)::text as coste, count(*)::int as n,
          count(*) filter (where l.coste is null)::int as estimadas
        from documentos_venta_lineas l
          join documentos_venta d on ${de('d')} and d.id = l.id_documento
          left join productos p on ${de('p')} and p.id = l.id_producto
          cross join lateral (select coalesce(l.coste, p.precio_compra) as coste) x
        where ${de('l')} and coalesce(x.coste, 0) > 0
          and d.id in (select d.id from ${libroEmitidas.cabeceras} where ${libroEmitidas.where(de, libro(desde, hasta))})`,
    ),
  );
  return { coste: String(r?.coste ?? '0'), lineas: Number(r?.n ?? 0), estimadas: Number(r?.estimadas ?? 0) };
}

/** Gross margin: the book's base less the cost of what was sold. */
function margen(base: string, c: Awaited<ReturnType<typeof costeVendido>>) {
  if (!c.lineas) return null;
  const m = centimos(base) - centimos(c.coste);
  return {
    Coste: euros(centimos(c.coste)),
    Margen: euros(m),
    Porcentaje: centimos(base) === 0 ? null : ((m * 100) / centimos(base)).toFixed(2),
    /** Some lines had no cost taken at issuing: their product's current purchase price stands in. */
    Estimado: c.estimadas > 0,
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

/** Quarterly self-assessments the dashboard follows. */
const TRIMESTRALES = ['303', '130', '111', '115'] as const satisfies readonly ModeloTributario[];

/**
 * One card per quarterly model due at the next AEAT deadline: the model's own result (`calcular`, the result box of
 * its screen), the deadline and its state. Only the models due are computed — 303, those the fiscal calendar says
 * the company files (`perfilFiscal`: 130 for a natural person, 111 / 115 with withholdings in its books) and those
 * it has saved a return of — all at once; a model other than 303 never saved with a zero result shows no card.
 */
async function impuestos(s: Scope, hoy: string) {
  const plazo = proximoPlazoFiscal(hoy);
  const [guardados, perfil] = await Promise.all([
    s
      .pick(
        { modelo: mp.modelo, anyo: mp.anyo, periodo: mp.periodo, estado: mp.estado, fecha: mp.fechaPresentacion },
        mp,
        inArray(mp.modelo, [...TRIMESTRALES]),
      )
      .orderBy(desc(mp.id)),
    perfilFiscal(s, plazo.Anyo),
  ]);
  const aplican = new Set<string>(modelosQueAplican(perfil));
  const cards = await Promise.all(
    TRIMESTRALES.map(async (modelo) => {
      const p = periodoTributario(modelo, plazo.Anyo, plazo.Periodo);
      if (typeof p === 'string') return null;
      const suyos = guardados.filter((g) => g.modelo === modelo);
      if (!aplican.has(modelo) && !suyos.length) return null;
      const delPeriodo = suyos.filter((g) => g.anyo === p.anyo && g.periodo === p.codigo);
      const presentado = delPeriodo.find((g) => g.estado === 'presentada');
      const Resultado = fmtResultado(modelo, await calcular(s, modelo, p));
      if (modelo !== '303' && !suyos.length && Number(Resultado) === 0) return null;
      const Estado = presentado ? 'presentada' : delPeriodo.length ? 'borrador' : 'pendiente';
      return {
        Modelo: modelo,
        Anyo: p.anyo,
        Periodo: p.codigo,
        Fecha: plazo.Fecha,
        Dias: plazo.Dias,
        Resultado,
        Estado: Estado as 'presentada' | 'borrador' | 'pendiente',
        FechaPresentacion: presentado?.fecha ?? null,
      };
    }),
  );
  return cards.filter((c) => c !== null);
}

/**
 * The dashboard: its independent parts run at once (on PostgreSQL each on its own pooled connection), sales in one
 * pass over the book.
 */
export async function panel(s: Scope, hoy: string, opciones: { impuestos: boolean }) {
  const mes = hoy.slice(0, 7);
  const anyo = hoy.slice(0, 4);
  const antes = haceUnAnyo(hoy);
  const [v, coste, MejoresClientes, Cobros, Pagos, cuentas, Impuestos] = await Promise.all([
    ventas(s, hoy, antes),
    costeVendido(s, `${anyo}-01-01`, hoy),
    mejoresClientes(s, `${anyo}-01-01`, hoy),
    pendiente(s, hoy, vv, dv),
    pendiente(s, hoy, vc, dc),
    saldosCuentas(s, hoy),
    /** Null for whoever may not read the tax models. */
    opciones.impuestos ? impuestos(s, hoy) : null,
  ]);
  // Twelve months up to this one, and the same twelve a year before (for the comparison).
  const mesesDe = (n: number) => Array.from({ length: 12 }, (_, i) => inicioMes(hoy, n + 11 - i).slice(0, 7));
  const ventasAnyo = v.periodo(`${anyo}-01`, hoy);
  const saldos = cuentas
    .filter((c) => !c.Baja)
    .map(({ Id, Nombre, Tipo, Saldo, SaldoPrevisto }) => ({ Id, Nombre, Tipo, Saldo, SaldoPrevisto }));
  return {
    Hoy: hoy,
    VentasMes: {
      Mes: mes,
      ...v.periodo(mes, hoy),
      /** The same month of last year up to the same day. */
      BaseAnyoAnterior: v.periodo(antes.slice(0, 7), antes).Base,
    },
    VentasAnyo: {
      Anyo: Number(anyo),
      ...ventasAnyo,
      /** Last year from 1 January to the same day. */
      BaseAnyoAnterior: v.periodo(`${antes.slice(0, 4)}-01`, antes).Base,
    },
    Margen: margen(ventasAnyo.Base, coste),
    VentasPorMes: mesesDe(0).map((m) => ({ Mes: m, Base: v.porMes(m) })),
    /** The same months a year before, in the same order. */
    VentasPorMesAnterior: mesesDe(12).map((m) => ({ Mes: m, Base: v.porMes(m) })),
    MejoresClientes,
    Cobros,
    Pagos,
    // Treasury's own definition of a balance (a fecha and previsto), so the dashboard and treasury never differ.
    Tesoreria: { ...totalesTesoreria(cuentas), Cuentas: saldos },
    ProximoPlazo: proximoPlazoFiscal(hoy),
    Impuestos,
  };
}
export type Panel = Awaited<ReturnType<typeof panel>>;

export function registrarPanel(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/informes/panel', conPermiso('VentasFact', 1, 'informes', 'Panel de inicio'), async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    // `Hoy` lets tests and demos fix the day; anything else is today in Madrid.
    const hoy = typeof raw.Hoy === 'string' && isIsoDate(raw.Hoy) ? raw.Hoy : diaMadrid(new Date());
    const impuestosVisibles = (request.ctx?.permisos.ImptoEmit ?? 0) >= 1;
    return panel(deps.scopeOf(request), hoy, { impuestos: impuestosVisibles });
  });
}
