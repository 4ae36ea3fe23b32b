/**
 * Sales figures, for `bench/run.ts` to call: `await benchVentas()`. Prints, asserts nothing, stays on
 * loopback, stops what it starts. On PGlite (temp folder) and on PostgreSQL (throwaway cluster):
 *   - 1,000,000 issued invoices (plus 10 % delivery notes) in company DEMO, inserted set-based in chunks of 100k
 *     (`INSERT … SELECT generate_series`, numbers unique per (company, series, year), counters set after them). PGlite
 *     stops loading at a time budget and says so: its figures are then at the size it reached.
 *   - GET ventas/fventa/list (50 rows): first page, a page filtered by status and month, a page filtered by collection
 *     status, a deep page (offset 9,950): p50/p95 and req/s, beside the same SQL raw and its EXPLAIN ANALYZE.
 *   - Issuing pre-created drafts: POST ventas/fventa/emitir/{id} at 8 and 16 concurrent clients, and emitirFactura in
 *     a transaction in-process (1 and 8 at a time): p50/p95 and invoices/s; then the numbers are checked for gaps.
 *   - GET ventas/fventa/pdf/{id} one at a time over 200 issued invoices, and pdfDocumento in-process.
 * `node --import tsx bench/ventas.ts` runs it alone; FARO_BENCH_FACTURAS (size) and FARO_BENCH_ENGINES
 * (pglite,postgres) shrink it while developing; FARO_BENCH_VENTAS=list measures the list only (no issuing, no PDF);
 * FARO_BENCH_DATABASE_URL runs the PostgreSQL column on a database kept between runs (loaded once, then reused).
 * Every figure is printed with its ratio to its reference and to the raw SQL's limit of the same run (absolute figures
 * move several times between two machines of the same kind; ratios of one run do not): the reference is the bare
 * route of bench/referencia.ts (its own process on PostgreSQL, a pool sized like Faro's): GET /lista runs the case's
 * page + capped count SQL, POST /emitir takes a counter row FOR UPDATE and inserts a document of 3 lines; the raw SQL's
 * limit is the same work with no HTTP, LIST_CONCURRENCY (or the issuers') at a time on the bench's pool, and its
 * sequential p50 the latency floor. The list keeps whole pages (documentos/cacheLista.ts): the repeated requests of a
 * case are answered from it; the last case turns it off to show the page query's own cost.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cachePaginas } from '../apps/server/src/modules/documentos/cacheLista.ts';
import { cargarCabecera, cargarLineas } from '../apps/server/src/modules/ventas/documentos/documentosRepository.ts';
import { emitirFactura, TIPOS_FACTURA } from '../apps/server/src/modules/ventas/documentos/emitir.ts';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';
import {
  anotarFallo,
  type Cell,
  cerrarEnOrden,
  columnaDe,
  errorText,
  loadAverage,
  ms,
  num,
  perSecond,
  printTable,
  withRatios,
} from './format.ts';
import { siEsEntrada } from './kit.ts';
import {
  type LoadResult,
  type MultiResult,
  requestsPerSecond,
  runInProcess,
  runItemsInWorker,
  runLoadInWorker,
  type Stats,
  stats,
} from './load.ts';
import {
  type CasoLista,
  emisionDesnuda,
  iniciarReferencia,
  limiteSql,
  listaDesnuda,
  type Referencia,
} from './referencia.ts';
import { csrfHeaders, login, startInProcess } from './serverBench.ts';

const FACTURAS = Number(process.env.FARO_BENCH_FACTURAS) || 1_000_000;
/** FARO_BENCH_VENTAS=list: the list section only (issuing and PDFs skipped). */
const SOLO_LISTA = (process.env.FARO_BENCH_VENTAS ?? '').toLowerCase() === 'list';
/** FARO_BENCH_DATABASE_URL: a PostgreSQL database kept between runs instead of a throwaway cluster (iterating). */
const REUSED_URL = process.env.FARO_BENCH_DATABASE_URL || undefined;
const CHUNK = 100_000;
/** PGlite loads chunk after chunk until this budget is spent (the brief: > ~90 s is too long for a bench run). */
const PGLITE_LOAD_BUDGET_MS = 90_000;
/** Whole sales bench: later steps are skipped (and said so) past it. */
const TIME_BUDGET_MS = 420_000;
const LIST_CONCURRENCY = 10;
const DRAFTS = 5000;
const PDFS = 200;
const DAYS = 730; // invoices dated over 2024 and 2025
const FIRST_DAY = '2024-01-01';
// Today in Madrid: the demo's year of sales runs up to yesterday and numbers follow dates, while an invoice can't be
// dated after today (a fixed date stopped working once the demo history passed it: every issue was refused).
const DRAFT_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

const TIPOS_SQL = `('factura','simplificada','rectificativa')`;
const LIST_SQL = (extra: string) =>
  `select * from documentos_venta where empresa_id = $1 and tipo in ${TIPOS_SQL}${extra}
   order by fecha desc, id desc limit 50 offset $2`;
const COUNT_SQL = (extra: string) =>
  `select count(*)::int as n from (select 1 from documentos_venta where empresa_id = $1 and tipo in ${TIPOS_SQL}${extra}
   limit 10001) c`;

interface ListCase {
  key: string;
  label: string;
  path: string;
  /** Extra SQL conditions (after empresa and tipo) and their parameters from $3 on. */
  extra: string;
  params: unknown[];
  offset: number;
  /** Measured with the list's page cache off (documentos/cacheLista.ts): every request runs the page query. */
  sinPaginas?: boolean;
}

interface ListFigures {
  http: LoadResult;
  /** The same load on the references of the same run (health: no guard, no DB; bare: bench/referencia.ts's /lista). */
  health?: LoadResult;
  bare?: LoadResult;
  /** The case's page + count with no HTTP, LIST_CONCURRENCY at a time on the bench's pool: the raw SQL's limit. */
  rawLimit: MultiResult;
  /** Load average when the case was measured. */
  load: string;
  firstPage: string;
  rawPage: Stats;
  rawCount: Stats;
  plan: string;
}

interface EngineFigures {
  name: string;
  skipped?: string;
  error?: string;
  notes: string[];
  loaded?: number;
  loadMs?: number;
  vacuumMs?: number;
  lists: Record<string, ListFigures>;
  issueHttp: Record<string, MultiResult>;
  issueInProcess: Record<string, MultiResult>;
  /** At each concurrency: the reference's POST /emitir, and the same transaction with no HTTP (the SQL's limit). */
  issueRef: Record<string, MultiResult>;
  issueRawLimit: Record<string, MultiResult>;
  /** The bare issuing transaction one at a time: the latency floor of an issue. */
  issueRawSeq?: Stats;
  /** Where the reference ran. */
  reference?: string;
  numbering?: string;
  pdfHttp?: MultiResult;
  pdfInProcess?: Stats;
  pdfLoadAndGenerate?: Stats;
  pdfBytes?: number;
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const v = await fn();
  return [v, performance.now() - t0];
};
const dayOf = (g: number, total: number) => Math.floor(((g - 1) * DAYS) / total);
const isoDay = (day: number) =>
  new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- data

export interface Ids {
  empresaId: number;
  serieF: number;
  serieS: number;
}

export async function ids(database: Database): Promise<Ids> {
  const [e] = await database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  const empresaId = Number(e!.id);
  const series = await database.query<{ id: number; tipo_documento: string }>(
    `select id, tipo_documento from series where empresa_id = $1 and defecto and not baja
       and tipo_documento in ('factura','simplificada') order by id`,
    [empresaId],
  );
  const of = (t: string) => Number(series.find((s) => s.tipo_documento === t)!.id);
  return { empresaId, serieF: of('factura'), serieS: of('simplificada') };
}

/**
 * One chunk of issued invoices (g in [from, to]): dates grow with g over two years, one in 20 is simplified (its own
 * series), 1 % cancelled, 10 % pending collection. Numbers continue each (series, year) from `base` (the max so far,
 * read through the unique index), so they stay unique and gapless; the insert respects the triggers (INSERT of an
 * issued invoice is allowed, it is UPDATE/DELETE that they refuse) and every foreign key.
 */
async function insertChunk(database: Database, d: Ids, from: number, to: number, total: number): Promise<void> {
  const base: Record<string, number> = {};
  for (const serie of [d.serieF, d.serieS]) {
    for (const anyo of [2024, 2025]) {
      const [m] = await database.query<{ n: number | null }>(
        `select max(numero)::int as n from documentos_venta where empresa_id = $1 and id_serie = $2 and anyo = $3`,
        [d.empresaId, serie, anyo],
      );
      base[`${serie}-${anyo}`] = Number(m?.n ?? 0);
    }
  }
  await database.query(
    `insert into documentos_venta (empresa_id, tipo, fecha, id_serie, anyo, numero, num_serie, estado, facturado,
        estado_cobro, id_cliente, cliente_nombre, cliente_nif, cliente_poblacion, cliente_provincia, cliente_pais,
        regimen_iva, porc_retencion, base_imponible, total_iva, total_recargo, total_retencion, total, desglose,
        emitida_en)
     with c as (
       select array_agg(id order by id) as ids, array_agg(nombre order by id) as nombres,
              array_agg(nif order by id) as nifs, array_agg(poblacion order by id) as pobs, count(*)::int as n
       from clientes where empresa_id = $1 and nif is not null),
     g as (
       select g, (date '${FIRST_DAY}' + ((g - 1)::bigint * ${DAYS} / $4)::int) as fecha,
              case when g % 20 = 0 then 'simplificada' else 'factura' end as tipo,
              round((1 + g % 997) * 1.37, 2) as base
       from generate_series($2::int, $3::int) g),
     n as (
       select g.*, extract(year from fecha)::int as anyo,
              row_number() over (partition by tipo, extract(year from fecha) order by g)::int as k
       from g)
     select $1, n.tipo, n.fecha, s.serie, n.anyo, s.base + n.k,
            s.prefijo || case when s.base + n.k < 10000 then lpad((s.base + n.k)::text, 4, '0') else (s.base + n.k)::text end,
            case when n.g % 100 = 0 then 'Anulada' else 'Emitida' end, false,
            case when n.g % 10 = 3 then 'Pendiente' when n.g % 50 = 7 then 'Cobrado parcialmente' else 'Cobrado' end,
            c.ids[1 + n.g % c.n], c.nombres[1 + n.g % c.n], c.nifs[1 + n.g % c.n], c.pobs[1 + n.g % c.n], null, 'ES',
            'general', 0, n.base, round(n.base * 0.21, 2), 0, 0, n.base + round(n.base * 0.21, 2),
            jsonb_build_array(jsonb_build_object('Base', n.base::text, 'Cuota', round(n.base * 0.21, 2)::text,
              'TipoIva', 'IVA21', 'Exencion', null, 'Impuesto', 'IVA', 'CuotaRecargo', '0.00',
              'PorcentajeIva', '21.00', 'PorcentajeRecargo', '0.00')),
            n.fecha + time '10:00'
     from n cross join c
     join (values ('factura', $5::bigint, 2024, $7::int, $9::text), ('factura', $5::bigint, 2025, $8::int, $9::text),
                  ('simplificada', $6::bigint, 2024, $10::int, $12::text),
                  ('simplificada', $6::bigint, 2025, $11::int, $12::text)) as s(tipo, serie, anyo, base, prefijo)
       on s.tipo = n.tipo and s.anyo = n.anyo`,
    [
      d.empresaId,
      from,
      to,
      total,
      d.serieF,
      d.serieS,
      base[`${d.serieF}-2024`],
      base[`${d.serieF}-2025`],
      'F',
      base[`${d.serieS}-2024`],
      base[`${d.serieS}-2025`],
      'T',
    ],
  );
  // Delivery notes beside them (10 %): the list must skip other kinds of document.
  await database.query(
    `insert into documentos_venta (empresa_id, tipo, fecha, estado, facturado, id_cliente, cliente_nombre, cliente_nif,
        cliente_pais, regimen_iva, base_imponible, total_iva, total)
     select $1, 'albaran', date '${FIRST_DAY}' + ((g * 10 - 1)::bigint * ${DAYS} / $4)::int, 'Enviado', true,
            c.id, c.nombre, c.nif, 'ES', 'general', 100, 21, 121
     from generate_series($2::int, $3::int) g
     cross join lateral (select id, nombre, nif from clientes where empresa_id = $1 order by id limit 1) c`,
    [d.empresaId, Math.ceil(from / 10), Math.floor(to / 10), total],
  );
}

/** Counters after the bulk numbers, so a later number of 2024/2025 would continue them (and dates must follow). */
async function setCounters(database: Database, d: Ids): Promise<void> {
  await database.query(
    `insert into series_contadores (empresa_id, serie_id, anyo, siguiente, ultima_fecha)
     select empresa_id, id_serie, anyo, max(numero) + 1, max(fecha) from documentos_venta
     where empresa_id = $1 and id_serie in ($2, $3) and anyo in (2024, 2025) group by empresa_id, id_serie, anyo
     on conflict (empresa_id, serie_id, anyo) do update
       set siguiente = excluded.siguiente, ultima_fecha = excluded.ultima_fecha`,
    [d.empresaId, d.serieF, d.serieS],
  );
}

/**
 * Draft invoices (no number) in the default series, three lines each (products that do not control stock, else free
 * text: issuing must not fail on stock), dated after every issued one.
 */
export async function insertDrafts(database: Database, d: Ids, n: number): Promise<number[]> {
  const rows = await database.query<{ id: number }>(
    `insert into documentos_venta (empresa_id, tipo, fecha, id_serie, estado, facturado, estado_cobro, id_cliente,
        cliente_nombre, cliente_nif, cliente_pais, regimen_iva, txt_libre1)
     select $1, 'factura', date '${DRAFT_DATE}', $2, 'Provisional', false, 'Pendiente', c.ids[1 + g % c.n],
            c.nombres[1 + g % c.n], c.nifs[1 + g % c.n], 'ES', 'general', 'banco-ventas'
     from generate_series(1, $3::int) g
     cross join (select array_agg(id order by id) as ids, array_agg(nombre order by id) as nombres,
                        array_agg(nif order by id) as nifs, count(*)::int as n
                 from clientes where empresa_id = $1 and nif is not null) c
     returning id`,
    [d.empresaId, d.serieF, n],
  );
  const draftIds = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await database.query(
    `insert into documentos_venta_lineas (empresa_id, id_documento, orden, id_producto, descripcion, cantidad, precio,
        descuento, tipo_iva)
     select $1, dv.id, o, p.id, coalesce(p.descripcion, 'Servicio de montaje ' || o), (1 + (dv.id + o) % 5)::numeric,
            coalesce(p.precio_venta, 25), 0, case when o = 3 then 'IVA10' else 'IVA21' end
     from documentos_venta dv
     cross join generate_series(1, 3) o
     left join lateral (select id, descripcion, precio_venta from productos where empresa_id = $1 and not control_stock
                        order by id offset (o - 1) limit 1) p on true
     where dv.empresa_id = $1 and dv.id = any($2::bigint[])`,
    [d.empresaId, draftIds],
  );
  return draftIds;
}

// ---------------------------------------------------------------- raw SQL

/** Sequential samples after a warm-up, bounded by count and time. */
async function sample(database: Database, text: string, params: unknown[], n = 200, maxMs = 4000): Promise<Stats> {
  for (let i = 0; i < 5; i++) await database.query(text, params);
  const out: number[] = [];
  const deadline = performance.now() + maxMs;
  while (out.length < n && performance.now() < deadline) {
    const [, t] = await timed(() => database.query(text, params));
    out.push(t);
  }
  return stats(out);
}

/** EXPLAIN ANALYZE, compacted: the plan nodes with their actual rows, rows removed by filters, execution time. */
async function explain(database: Database, text: string, params: unknown[]): Promise<string> {
  const rows = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${text}`, params);
  return rows
    .map((r) => String(Object.values(r)[0]).trim())
    .filter((l) =>
      /^(->\s*)?[A-Z][\w ]*(Scan|Sort|Limit|Aggregate|Append)|Rows Removed|Sort Method|Execution Time/.test(l),
    )
    .map((l) =>
      l
        .replace(/^->\s*/, '')
        .replace(/\s*\(cost=[^)]*\)/, '')
        .replace(/\s*\(actual time=[\d.]+\.\.([\d.]+) rows=([\d.]+) loops=\d+\)/, ' [$2 rows]')
        .replace(/ on documentos_venta( documentos_venta)?/, '')
        .replace(/Execution Time: ([\d.]+) ms/, 'exec $1 ms')
        .replace(/\s+Memory: .*$/, ''),
    )
    .join(' > ');
}

// ---------------------------------------------------------------- one engine

const emptyFigures = (name: string): EngineFigures => ({
  name,
  notes: [],
  lists: {},
  issueHttp: {},
  issueInProcess: {},
  issueRef: {},
  issueRawLimit: {},
});

function listCases(loaded: number): ListCase[] {
  // A month of the loaded range (three quarters in), so the filter finds rows at whatever size PGlite reached.
  const month = isoDay(dayOf(Math.max(1, Math.floor(loaded * 0.75)), FACTURAS)).slice(0, 7);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const q = (filtros: object | undefined, page = 1) =>
    `/api/ventas/fventa/list?Pagina=${page}&TotalPagina=50${filtros ? `&Filtros=${encodeURIComponent(JSON.stringify(filtros))}` : ''}`;
  return [
    { key: 'first', label: 'first page (newest 50)', path: q(undefined), extra: '', params: [], offset: 0 },
    {
      key: 'month',
      label: `Estado Emitida, ${month}`,
      path: q({ Estado: 'Emitida', FechaDesde: `${month}-01`, FechaHasta: last }),
      extra: ' and estado = $3 and fecha >= $4 and fecha <= $5',
      params: ['Emitida', `${month}-01`, last],
      offset: 0,
    },
    {
      key: 'void',
      label: 'Estado Anulada (1 %)',
      path: q({ Estado: 'Anulada' }),
      extra: ' and estado = $3',
      params: ['Anulada'],
      offset: 0,
    },
    {
      key: 'pending',
      label: 'EstadoCobro Pendiente (10 %)',
      path: q({ EstadoCobro: 'Pendiente' }),
      extra: ' and estado_cobro = $3',
      params: ['Pendiente'],
      offset: 0,
    },
    { key: 'deep', label: 'page 200 (offset 9,950)', path: q(undefined, 200), extra: '', params: [], offset: 9950 },
    {
      key: 'nopage',
      label: 'first page, pages not kept (count kept)',
      path: q(undefined),
      extra: '',
      params: [],
      offset: 0,
      sinPaginas: true,
    },
  ];
}

async function benchEngine(
  name: string,
  open: () => Promise<Database>,
  loadBudgetMs: number,
  deadline: number,
): Promise<EngineFigures> {
  const fig = emptyFigures(name);
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof startInProcess>>['app'] | undefined;
  let bare: Referencia | undefined;
  const step = (text: string) => console.log(`· ${name}: ${text}`);
  // The load's own time does not count against the later steps' budget (PostgreSQL loads without one).
  const late = () => performance.now() > deadline + (fig.loadMs ?? 0);
  try {
    database = await open();
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
    const d = await ids(database);

    // 1. Bulk load, chunk by chunk, within the budget.
    const t0 = performance.now();
    let loaded = 0;
    if (REUSED_URL && name === 'PostgreSQL') {
      // A database kept between runs (FARO_BENCH_DATABASE_URL): what an earlier run loaded is reused.
      const [had] = await database.query<{ n: number }>(
        `select count(*)::int as n from documentos_venta where empresa_id = $1 and tipo in ('factura', 'simplificada')`,
        [d.empresaId],
      );
      if (Number(had?.n) >= FACTURAS) {
        loaded = FACTURAS;
        fig.notes.push(`${name}: reused the ${FACTURAS.toLocaleString('en-US')} invoices of FARO_BENCH_DATABASE_URL`);
      }
    }
    while (loaded < FACTURAS) {
      const to = Math.min(FACTURAS, loaded + CHUNK);
      await insertChunk(database, d, loaded + 1, to, FACTURAS);
      loaded = to;
      if (loaded < FACTURAS && performance.now() - t0 > loadBudgetMs) {
        fig.notes.push(
          `${name} stopped loading at ${loaded.toLocaleString('en-US')} of ${FACTURAS.toLocaleString('en-US')} invoices: the load went over its ${loadBudgetMs / 1000} s budget (${num((performance.now() - t0) / 1000, 1)} s); its figures are at that size`,
        );
        break;
      }
    }
    await setCounters(database, d);
    fig.loaded = loaded;
    fig.loadMs = performance.now() - t0;
    step(`${loaded.toLocaleString('en-US')} invoices (+10 % delivery notes) inserted in ${ms(fig.loadMs)}`);
    [, fig.vacuumMs] = await timed(() => database!.query('VACUUM ANALYZE documentos_venta'));
    step(`VACUUM ANALYZE in ${ms(fig.vacuumMs)}`);

    const started = await startInProcess(database);
    app = started.app;
    const session = await login(started.base, 'demo');
    if (!session.token) throw new Error(`login demo: ${session.status}`);
    const get = { authorization: `Bearer ${session.token}` };
    const post = { ...get, ...(await csrfHeaders(started.base)) };
    // The reference: bare Fastify + the raw SQL on a pool sized like Faro's, in its own process on PostgreSQL.
    bare = await iniciarReferencia(database);
    fig.reference = bare.donde;
    step(`reference routes ${bare.donde} on ${bare.base}`);

    // 2. The invoice list.
    for (const c of listCases(loaded)) {
      if (late()) {
        fig.notes.push(`${name}: list "${c.label}" skipped (sales bench time budget spent)`);
        continue;
      }
      cachePaginas.activa = !c.sinPaginas;
      const page = await fetch(new URL(c.path, started.base), { headers: get });
      const body = (await page.json()) as { Items?: unknown[]; Total?: number; TotalLimitado?: boolean };
      const firstPage =
        page.status === 200
          ? `${body.Items?.length} rows, Total ${body.Total}${body.TotalLimitado ? '+' : ''}`
          : `status ${page.status}`;
      const http = await runLoadInWorker({
        base: started.base,
        method: 'GET',
        path: c.path,
        headers: get,
        concurrency: LIST_CONCURRENCY,
        warmup: 300, // the first case also warms the JIT of the whole path (guard, caches, send)
        maxRequests: 4000,
        maxSeconds: 4,
      });
      const params = [d.empresaId, c.offset, ...c.params];
      const countParams = [d.empresaId, ...c.params];
      const countExtra = c.extra.replace(/\$(\d)/g, (_, k) => `$${Number(k) - 1}`);
      // The references of the same run, under the same load: /api/health, and the bare route with this case's SQL.
      const reference = (p: string) =>
        runLoadInWorker({
          base: p.startsWith('/api/') ? started.base : bare!.base,
          method: 'GET',
          path: p,
          headers: get,
          concurrency: LIST_CONCURRENCY,
          warmup: 30,
          maxRequests: 4000,
          maxSeconds: 3,
        });
      const caso: CasoLista = { page: [LIST_SQL(c.extra), params], count: [COUNT_SQL(countExtra), countParams] };
      await bare.fijarCaso(caso);
      cachePaginas.activa = true;
      const health = await reference('/api/health');
      const bareLoad = await reference('/lista');
      const rawLimit = await limiteSql(LIST_CONCURRENCY, 3, () => listaDesnuda(database!, caso));
      const rawPage = await sample(database, LIST_SQL(c.extra), params, 150, 3000);
      const rawCount = await sample(database, COUNT_SQL(countExtra), countParams, 150, 3000);
      const plan = await explain(database, LIST_SQL(c.extra), params);
      const load = loadAverage();
      fig.lists[c.key] = { http, health, bare: bareLoad, rawLimit, firstPage, rawPage, rawCount, plan, load };
      step(`list ${c.label}: measured`);
    }

    if (SOLO_LISTA) {
      fig.notes.push(`${name}: FARO_BENCH_VENTAS=list, issuing and PDFs not measured`);
      return fig;
    }

    // 3. Issuing.
    const drafts = await insertDrafts(database, d, DRAFTS);
    step(`${drafts.length} drafts with 3 lines each`);
    const queue = [...drafts];
    const take = (n: number) => queue.splice(0, n);
    const emitir = (idsList: number[]) =>
      idsList.map((id) => ({ method: 'POST', path: `/api/ventas/fventa/emitir/${id}`, body: {} }));
    for (const concurrency of [8, 16]) {
      if (late()) break;
      const items = take(1500);
      const r = await runItemsInWorker({
        base: started.base,
        headers: post,
        items: emitir(items),
        concurrency,
        maxSeconds: 5,
        warmup: 20,
      });
      fig.issueHttp[`c${concurrency}`] = r;
      step(`issue over HTTP at ${concurrency}: ${r.latencies.length} invoices`);
      fig.issueRef[`c${concurrency}`] = await runItemsInWorker({
        base: bare.base,
        headers: {},
        items: Array.from({ length: 20_000 }, () => ({ method: 'POST', path: '/emitir', body: {} })),
        concurrency,
        maxSeconds: 3,
        warmup: 20,
      });
      fig.issueRawLimit[`c${concurrency}`] = await limiteSql(concurrency, 3, () => emisionDesnuda(database!));
      step(`bare issuing at ${concurrency}: reference route and raw SQL measured`);
    }
    const seq = await limiteSql(1, 2, () => emisionDesnuda(database!));
    fig.issueRawSeq = stats(seq.latencies);
    for (const concurrency of [1, 8]) {
      if (late()) break;
      const items = take(1000);
      const r = await runInProcess(items, concurrency, 4, async (id) => {
        await companyScope(database!.db, { empresaId: d.empresaId, personaId: null, userName: 'bench' }).tx((t) =>
          emitirFactura(t, id),
        );
      });
      fig.issueInProcess[`c${concurrency}`] = r;
      step(`issue in-process at ${concurrency}: ${r.latencies.length} invoices`);
    }
    const [check] = await database.query<{ n: number; min: number; max: number; uniq: number }>(
      `select count(*)::int as n, min(numero)::int as min, max(numero)::int as max,
              count(distinct numero)::int as uniq
       from documentos_venta where empresa_id = $1 and id_serie = $2 and anyo = 2026`,
      [d.empresaId, d.serieF],
    );
    if (check) {
      const gaps = check.max - check.min + 1 - check.n;
      fig.numbering = `series F 2026: ${check.n} numbers ${check.min}..${check.max}, ${gaps} gaps, ${check.n - check.uniq} duplicates`;
    }

    // 4. PDFs of issued invoices (with their lines).
    const issued = (
      await database.query<{ id: number }>(
        `select id from documentos_venta where empresa_id = $1 and id = any($2::bigint[]) and numero is not null
         order by id limit ${PDFS}`,
        [d.empresaId, drafts],
      )
    ).map((r) => Number(r.id));
    if (issued.length && !late()) {
      fig.pdfHttp = await runItemsInWorker({
        base: started.base,
        headers: get,
        items: issued.map((id) => ({ method: 'GET', path: `/api/ventas/fventa/pdf/${id}` })),
        concurrency: 1,
        maxSeconds: 20,
        warmup: 5,
      });
      fig.pdfBytes = fig.pdfHttp.latencies.length ? fig.pdfHttp.bytes / fig.pdfHttp.latencies.length : undefined;
      const { motorVenta } = await import('../apps/server/src/modules/ventas/ladoVenta.ts');
      const { pdfDocumento } = motorVenta;
      const gen: number[] = [];
      const all: number[] = [];
      const until = performance.now() + 20_000;
      for (const id of issued) {
        if (performance.now() > until) break;
        const a = performance.now();
        const s = companyScope(database.db, { empresaId: d.empresaId, personaId: null, userName: 'bench' });
        const h = await cargarCabecera(s, id, TIPOS_FACTURA);
        const lineas = await cargarLineas(s, [id]);
        const b = performance.now();
        await pdfDocumento(s, h, lineas, null);
        const c = performance.now();
        gen.push(c - b);
        all.push(c - a);
      }
      fig.pdfInProcess = stats(gen);
      fig.pdfLoadAndGenerate = stats(all);
      step('PDF measured');
    }
  } catch (error) {
    anotarFallo(fig, name, error);
  } finally {
    await bare?.detener().catch(() => {});
    await cerrarEnOrden(app, database);
  }
  return fig;
}

// ---------------------------------------------------------------- report

function report(engines: EngineFigures[]): void {
  const names = engines.map((e) => e.name);
  const col = columnaDe(engines);
  const pq = (r: { latencies: number[] } | undefined, k: 'p50' | 'p95') =>
    r?.latencies.length ? ms(stats(r.latencies)[k]) : undefined;
  const bad = (r: { statuses: Record<string, number>; errors: number } | undefined) =>
    r
      ? String(
          Object.entries(r.statuses)
            .filter(([s]) => s !== '200' && s !== 'ok')
            .reduce((a, [, n]) => a + n, 0) + r.errors,
        )
      : undefined;
  const rate = (r: MultiResult | undefined, unit: string) =>
    r?.latencies.length ? `${num(r.latencies.length / r.seconds, 0)} ${unit}` : undefined;
  type Run = { latencies: number[]; seconds: number } | undefined;
  const at = (r: Run, k: 'p50' | 'p95') => (r?.latencies.length ? stats(r.latencies)[k] : undefined);
  const perSec = (r: Run) => (r?.latencies.length ? r.latencies.length / r.seconds : undefined);
  /** A run's p50 or p95 and its rate, each with its ratio to the reference's and to the raw SQL's of the same run. */
  const timeRow = (r: Run, k: 'p50' | 'p95', ref: Run, sqlMs: number | undefined) =>
    withRatios(pq(r, k), at(r, k), [
      ['ref', at(ref, k)],
      ['SQL', sqlMs],
    ]);
  const rateRow = (r: Run, unit: string, ref: Run, sql: Run) =>
    withRatios(r?.latencies.length ? `${num(perSec(r), 0)} ${unit}` : undefined, perSec(r), [
      ['ref', perSec(ref)],
      ['SQL', perSec(sql)],
    ]);

  const size = col((e) => e.loaded?.toLocaleString('en-US'));
  const lists = listCases(FACTURAS);
  const rows: Cell[][] = [
    ['invoices in company DEMO (+10 % delivery notes)', '', ...size],
    ['insert (set-based, chunks of 100k)', '', ...col((e) => ms(e.loadMs))],
    ['VACUUM ANALYZE', '', ...col((e) => ms(e.vacuumMs))],
    ['reference routes (bench/referencia.ts)', '', ...col((e) => e.reference)],
  ];
  for (const c of lists) {
    const f = (e: EngineFigures) => e.lists[c.key];
    const sqlAt = (e: EngineFigures, k: 'p50' | 'p95') => f(e) && f(e)!.rawPage[k] + f(e)!.rawCount[k];
    rows.push(
      [
        `GET fventa/list: ${c.key === 'month' ? 'Estado Emitida, one month' : c.label}`,
        'p50',
        ...col((e) => timeRow(f(e)?.http, 'p50', f(e)?.bare, sqlAt(e, 'p50'))),
      ],
      ['', 'p95', ...col((e) => timeRow(f(e)?.http, 'p95', f(e)?.bare, sqlAt(e, 'p95')))],
      ['', 'throughput', ...col((e) => rateRow(f(e)?.http, 'req/s', f(e)?.bare, f(e)?.rawLimit))],
      ['', 'non-200 + errors', ...col((e) => bad(f(e)?.http))],
      ['  ref: bare route, page + count', 'p50', ...col((e) => timeRow(f(e)?.bare, 'p50', undefined, sqlAt(e, 'p50')))],
      ['', 'p95', ...col((e) => timeRow(f(e)?.bare, 'p95', undefined, sqlAt(e, 'p95')))],
      ['', 'throughput', ...col((e) => rateRow(f(e)?.bare, 'req/s', undefined, f(e)?.rawLimit))],
      [
        '  raw SQL page + capped count',
        'p50, one at a time',
        ...col((e) => f(e) && `${ms(f(e)!.rawPage.p50)} + ${ms(f(e)!.rawCount.p50)}`),
      ],
      ['', 'p95, one at a time', ...col((e) => f(e) && `${ms(f(e)!.rawPage.p95)} + ${ms(f(e)!.rawCount.p95)}`)],
      [
        '',
        `${LIST_CONCURRENCY} at a time, no HTTP (limit)`,
        ...col((e) => f(e) && `${rate(f(e)!.rawLimit, 'req/s')}, p50 ${pq(f(e)!.rawLimit, 'p50')}`),
      ],
      [
        '  GET /api/health (same run)',
        'p50 / p95',
        ...col((e) => f(e)?.health && `${pq(f(e)!.health, 'p50')} / ${pq(f(e)!.health, 'p95')}`),
      ],
      ['', 'throughput', ...col((e) => f(e)?.health && perSecond(requestsPerSecond(f(e)!.health!)))],
      ['', 'first response', ...col((e) => f(e)?.firstPage)],
      ['', 'load average', ...col((e) => f(e)?.load)],
    );
  }
  printTable(
    `Sales: the invoice list (50 rows; HTTP ${LIST_CONCURRENCY} concurrent on a worker thread, loopback; ratios to the bare route and to the raw SQL of the same run)`,
    ['measure', '', ...names],
    rows,
  );
  console.log('  EXPLAIN ANALYZE of the page query ([actual rows]):');
  for (const e of engines) {
    for (const c of lists) {
      const plan = e.lists[c.key]?.plan;
      if (plan) console.log(`  ${e.name.padEnd(10)} ${c.key.padEnd(7)} ${plan}`);
    }
  }
  for (const e of engines) {
    const month = e.loaded ? listCases(e.loaded)[1]!.label : undefined;
    if (month) console.log(`  ${e.name}: the month filter is "${month}"`);
  }

  const issueRows: Cell[][] = [];
  const seqMs = (e: EngineFigures, k: 'p50' | 'p95') => e.issueRawSeq?.[k];
  for (const c of ['c8', 'c16']) {
    const f = (e: EngineFigures) => e.issueHttp[c];
    const ref = (e: EngineFigures) => e.issueRef[c];
    const raw = (e: EngineFigures) => e.issueRawLimit[c];
    issueRows.push(
      [
        `POST fventa/emitir/{id}, ${c.slice(1)} concurrent`,
        'p50',
        ...col((e) => timeRow(f(e), 'p50', ref(e), seqMs(e, 'p50'))),
      ],
      ['', 'p95', ...col((e) => timeRow(f(e), 'p95', ref(e), seqMs(e, 'p95')))],
      ['', 'throughput', ...col((e) => rateRow(f(e), 'invoices/s', ref(e), raw(e)))],
      ['', 'issued (non-200 + errors)', ...col((e) => f(e) && `${f(e)!.latencies.length} (${bad(f(e))})`)],
      [
        `  ref: bare POST /emitir, ${c.slice(1)} concurrent`,
        'p50',
        ...col((e) => timeRow(ref(e), 'p50', undefined, seqMs(e, 'p50'))),
      ],
      ['', 'throughput', ...col((e) => rateRow(ref(e), 'tx/s', undefined, raw(e)))],
      [
        `  raw SQL: its transaction, ${c.slice(1)} at a time (limit)`,
        'throughput, p50',
        ...col((e) => raw(e) && `${rate(raw(e), 'tx/s')}, p50 ${pq(raw(e), 'p50')}`),
      ],
    );
  }
  issueRows.push([
    '  raw SQL: its transaction, one at a time',
    'p50 / p95',
    ...col((e) => e.issueRawSeq && `${ms(e.issueRawSeq.p50)} / ${ms(e.issueRawSeq.p95)}`),
  ]);
  for (const c of ['c1', 'c8']) {
    const f = (e: EngineFigures) => e.issueInProcess[c];
    // In-process there is no HTTP: its reference is the bare transaction (one at a time, or the 8-at-a-time limit).
    const raw = (e: EngineFigures) => (c === 'c1' ? undefined : e.issueRawLimit[c]);
    issueRows.push(
      [
        `emitirFactura in a transaction, ${c.slice(1)} at a time`,
        'p50',
        ...col((e) => timeRow(f(e), 'p50', undefined, seqMs(e, 'p50'))),
      ],
      ['', 'p95', ...col((e) => timeRow(f(e), 'p95', undefined, seqMs(e, 'p95')))],
      [
        '',
        'throughput',
        ...col((e) =>
          withRatios(rate(f(e), 'invoices/s'), perSec(f(e)), [
            ['SQL', c === 'c1' && e.issueRawSeq ? 1000 / e.issueRawSeq.p50 : perSec(raw(e))],
          ]),
        ),
      ],
      ['', 'issued (errors)', ...col((e) => f(e) && `${f(e)!.latencies.length} (${f(e)!.errors})`)],
    );
  }
  printTable(
    'Sales: issuing drafts of 3 lines (one series: issuers queue on its counter row; ratios to the bare issuing route and to its raw transaction)',
    ['measure', '', ...names],
    issueRows,
  );
  for (const e of engines) {
    if (e.numbering) console.log(`  ${e.name} numbering after the runs: ${e.numbering}`);
    for (const [k, r] of [...Object.entries(e.issueHttp), ...Object.entries(e.issueInProcess)]) {
      if (r.firstFailure) console.log(`  ${e.name} ${k} first failure: ${r.firstFailure.slice(0, 300)}`);
    }
  }

  printTable(
    'Sales: invoice PDF (pdfkit, 3 lines), one at a time',
    ['measure', '', ...names],
    [
      [
        'GET fventa/pdf/{id}',
        'p50',
        ...col((e) => withRatios(pq(e.pdfHttp, 'p50'), at(e.pdfHttp, 'p50'), [['in-process', e.pdfInProcess?.p50]])),
      ],
      [
        '',
        'p95',
        ...col((e) => withRatios(pq(e.pdfHttp, 'p95'), at(e.pdfHttp, 'p95'), [['in-process', e.pdfInProcess?.p95]])),
      ],
      [
        '',
        'requests (non-200 + errors)',
        ...col((e) => e.pdfHttp && `${e.pdfHttp.latencies.length} (${bad(e.pdfHttp)})`),
      ],
      ['', 'size', ...col((e) => e.pdfBytes && `${num(e.pdfBytes / 1024, 1)} KiB`)],
      ['pdfDocumento in-process', 'p50', ...col((e) => e.pdfInProcess && ms(e.pdfInProcess.p50))],
      ['', 'p95', ...col((e) => e.pdfInProcess && ms(e.pdfInProcess.p95))],
      ['  load header + lines + generate', 'p50', ...col((e) => e.pdfLoadAndGenerate && ms(e.pdfLoadAndGenerate.p50))],
    ],
  );
  for (const e of engines) {
    for (const n of e.notes) console.log(`  !!! ${n}`);
    if (e.error) console.log(`  !!! ${e.name}: ${e.error}`);
  }
  console.log(
    '  ratios: "ref" is the bare route of bench/referencia.ts, "SQL" the same SQL with no HTTP (a time: one at a time;\n' +
      '  a rate: as many at a time on the same pool size), all of the same run. A time above 1x or a rate below 1x is\n' +
      "  slower than its reference; a reference's own rate far below 1x SQL says this machine's HTTP bounds both.\n" +
      '  targets (PostgreSQL): list p95 <= 50 ms at >= 1,500 req/s with 1M invoices (and >= 0.5x ref);\n' +
      '  issue p95 <= 100 ms and >= 300/s;\n' +
      '  PDF <= 50 ms. The throwaway cluster runs with fsync and synchronous_commit off: issuing is faster than on a\n' +
      '  durable server.',
  );
}

/** Runs the sales benchmark on PGlite and PostgreSQL (skipped, loudly, without binaries) and prints it. */
export async function benchVentas(): Promise<void> {
  const started = performance.now();
  const deadline = started + TIME_BUDGET_MS;
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-ventas-'));
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  process.on('exit', removeWork); // also on a signal's process.exit, when the finally below never runs
  const wanted = (process.env.FARO_BENCH_ENGINES ?? 'pglite,postgres').toLowerCase();
  const engines: EngineFigures[] = [];
  console.log(
    `Sales bench: ${FACTURAS.toLocaleString('en-US')} invoices per engine (PGlite load budget ${PGLITE_LOAD_BUDGET_MS / 1000} s) · load average ${loadAverage()}`,
  );
  try {
    if (wanted.includes('pglite')) {
      engines.push(
        await benchEngine(
          'PGlite',
          () => openDatabase({ dataDir: path.join(work, 'pglite') }),
          PGLITE_LOAD_BUDGET_MS,
          deadline,
        ),
      );
    }
    if (wanted.includes('postgres')) {
      let cluster: { url: string; stop: () => Promise<void> } | undefined;
      try {
        cluster = REUSED_URL ? { url: REUSED_URL, stop: async () => {} } : await startPostgresCluster();
      } catch (error) {
        const why = error instanceof PostgresBinariesMissing ? 'binaries not found' : errorText(error);
        engines.push({ ...emptyFigures('PostgreSQL'), skipped: why });
        console.log(`!!!!!!!! PostgreSQL column SKIPPED: ${why}`);
      }
      if (cluster) {
        try {
          const url = cluster.url;
          engines.push(
            await benchEngine(
              'PostgreSQL',
              () => openDatabase({ databaseUrl: url }),
              Number.POSITIVE_INFINITY,
              deadline,
            ),
          );
        } finally {
          await cluster.stop();
        }
      }
    }
    report(engines);
    console.log(
      `  sales bench: ${num((performance.now() - started) / 1000, 1)} s · load average now ${loadAverage()} (2 cores shared: absolute times are noisy, compare ratios)`,
    );
  } finally {
    removeWork();
    process.off('exit', removeWork);
  }
}

// `node --import tsx bench/ventas.ts` runs it alone.
siEsEntrada(import.meta.url, benchVentas);
