/**
 * Master-data figures, for `bench/run.ts` to call: `await benchMasterData()`. Prints, asserts nothing,
 * stays on loopback, stops what it starts.
 *   - 100,000 customers in company DEMO (PGlite in a temp folder, then PostgreSQL in a throwaway cluster).
 *   - GET ventas/clientes/list (50 rows) under load: p50/p95 and req/s, beside the same SQL run raw.
 *   - Search by name and by NIF (ILIKE '%…%' on trigram indexes) over HTTP and raw, with the plan's scan node.
 *   - A 100,000-row XLSX export over HTTP: seconds, bytes and the peak memory of the process while it streams.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { anotarFallo, cerrarEnOrden, columnaDe, mib, ms, num, perSecond, printTable } from './format.ts';
import { enPostgresTemporal, prepararDemo, siEsEntrada } from './kit.ts';
import { type LoadResult, requestsPerSecond, runLoadInWorker, type Stats, stats } from './load.ts';
import { login, startInProcess } from './serverBench.ts';

const CUSTOMERS = 100_000;
const CONCURRENCY = 10;
const NAME_TERM = 'talleres 001233'; // one customer of 100,000: a rare pattern, index-backed
const NIF_TERM = '0045621'; // part of a NIF (customer 1233 and a few more)

const LIST_PATH = '/api/ventas/clientes/list?Pagina=1&TotalPagina=50';
const searchPath = (term: string) =>
  `/api/ventas/clientes/list?Pagina=1&TotalPagina=50&Filtros=${encodeURIComponent(JSON.stringify({ Buscar: term }))}`;
const EXPORT_PATH = '/api/ventas/clientes/export?Formato=xlsx';

const RAW_LIST = 'select * from clientes where empresa_id = $1 order by nombre, id limit 50';
const RAW_COUNT = 'select count(*)::int as n from (select 1 from clientes where empresa_id = $1 limit 10001) c';
/** The same search the list runs: every search field of clientes (code, names, NIF, email). */
const RAW_SEARCH = `select * from clientes where empresa_id = $1 and (codigo ilike $2 or nombre ilike $2
  or nombre_comercial ilike $2 or nif ilike $2 or email ilike $2) order by nombre, id limit 50`;

interface EngineFigures {
  name: string;
  skipped?: string;
  error?: string;
  insertMs?: number;
  list?: LoadResult;
  byName?: LoadResult;
  byNif?: LoadResult;
  firstPage?: string;
  raw?: { list: Stats; count: Stats; byName: Stats; byNif: Stats; planName: string; planNif: string };
  exportFig?: { seconds: number; bytes: number; status: number; peakRss: number; baseRss: number; peakHeap: number };
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const v = await fn();
  return [v, performance.now() - t0];
};

/** 100k customers of company DEMO in one statement: Spanish-looking names, towns, provinces and DNI-shaped NIFs. */
async function insertCustomers(database: Database, empresaId: number): Promise<number> {
  const [, t] = await timed(() =>
    database.query(
      `insert into clientes (empresa_id, codigo, nombre, nombre_comercial, tipo_nif, nif, poblacion, provincia, pais,
                             email, telefono, regimen_iva, contactos, direcciones_envio, baja)
       select $1, 'B' || lpad(g::text, 7, '0'),
              (array['Ferretería','Talleres','Bar','Clínica','Academia','Construcciones','Farmacia','Panadería'])[1 + g % 8]
                || ' ' || lpad(g::text, 6, '0') || ' ' || (array['SL','SA','SLU','SCoop'])[1 + g % 4],
              case when g % 3 = 0 then 'Comercial ' || g end,
              'nif', lpad((g * 37)::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', (g * 37) % 23 + 1, 1),
              (array['Madrid','Barcelona','Valencia','Sevilla','Bilbao','Zaragoza'])[1 + g % 6],
              (array['28','08','46','41','48','50'])[1 + g % 6], 'ES',
              'cliente' || g || '@correo.test', '9' || lpad((g % 99999999)::text, 8, '0'), 'general',
              '[]'::jsonb, '[]'::jsonb, false
       from generate_series(1, ${CUSTOMERS}) g`,
      [empresaId],
    ),
  );
  await database.query('ANALYZE clientes');
  return t;
}

async function rawFigures(database: Database, empresaId: number) {
  const sample = async (sqlText: string, params: unknown[], n = 200) => {
    const out: number[] = [];
    for (let i = 0; i < n + 20; i++) {
      const [, t] = await timed(() => database.query(sqlText, params));
      if (i >= 20) out.push(t);
    }
    return stats(out);
  };
  const plan = async (params: unknown[]) => {
    const rows = await database.query<Record<string, string>>(`EXPLAIN ${RAW_SEARCH}`, params);
    const lines = rows.map((r) => String(Object.values(r)[0]).trim());
    return lines
      .filter((l) => /Scan/.test(l))
      .map((l) => l.replace(/\s+\(cost.*$/, '').replace(/^->\s*/, ''))
      .join(' | ');
  };
  const nameParams = [empresaId, `%${NAME_TERM}%`];
  const nifParams = [empresaId, `%${NIF_TERM}%`];
  return {
    list: await sample(RAW_LIST, [empresaId]),
    count: await sample(RAW_COUNT, [empresaId]),
    byName: await sample(RAW_SEARCH, nameParams),
    byNif: await sample(RAW_SEARCH, nifParams),
    planName: await plan(nameParams),
    planNif: await plan(nifParams),
  };
}

/** Downloads the export, counting bytes (never holding them), while sampling this process's memory every 25 ms. */
function timedExport(base: string, token: string): Promise<NonNullable<EngineFigures['exportFig']>> {
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  const url = new URL(EXPORT_PATH, base);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('error', reject);
        res.on('end', () => {
          clearInterval(timer);
          resolve({
            seconds: (performance.now() - t0) / 1000,
            bytes,
            status: res.statusCode ?? 0,
            peakRss,
            baseRss,
            peakHeap,
          });
        });
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('export timeout')));
    req.on('error', (e) => {
      clearInterval(timer);
      reject(e);
    });
  });
}

async function benchEngine(name: string, open: () => Promise<Database>): Promise<EngineFigures> {
  const fig: EngineFigures = { name };
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof startInProcess>>['app'] | undefined;
  try {
    database = await open();
    const empresaId = await prepararDemo(database);
    fig.insertMs = await insertCustomers(database, empresaId);
    console.log(`· ${name}: ${CUSTOMERS.toLocaleString('en-US')} customers inserted in ${ms(fig.insertMs)}`);
    const started = await startInProcess(database);
    app = started.app;
    const session = await login(started.base, 'demo');
    if (!session.token) throw new Error(`login demo: ${session.status}`);
    const headers = { authorization: `Bearer ${session.token}` };
    const load = { base: started.base, method: 'GET', headers, concurrency: CONCURRENCY, warmup: 50 };
    fig.list = await runLoadInWorker({ ...load, path: LIST_PATH, maxRequests: 5000, maxSeconds: 6 });
    fig.byName = await runLoadInWorker({ ...load, path: searchPath(NAME_TERM), maxRequests: 3000, maxSeconds: 5 });
    fig.byNif = await runLoadInWorker({ ...load, path: searchPath(NIF_TERM), maxRequests: 3000, maxSeconds: 5 });
    const page = await fetch(new URL(searchPath(NAME_TERM), started.base), { headers });
    const body = (await page.json()) as { Items: unknown[]; Total: number };
    fig.firstPage = `${body.Items.length} rows, Total ${body.Total}`;
    console.log(`· ${name}: HTTP measured`);
    fig.raw = await rawFigures(database, empresaId);
    fig.exportFig = await timedExport(started.base, session.token);
    console.log(`· ${name}: export measured`);
  } catch (error) {
    anotarFallo(fig, name, error);
  } finally {
    await cerrarEnOrden(app, database);
  }
  return fig;
}

function report(engines: EngineFigures[]): void {
  const names = engines.map((e) => e.name);
  const col = columnaDe(engines);
  const p = (r: LoadResult | undefined, k: 'p50' | 'p95') => (r ? ms(stats(r.latencies)[k]) : undefined);
  const rps = (r: LoadResult | undefined) => (r ? perSecond(requestsPerSecond(r)) : undefined);
  const bad = (r: LoadResult | undefined) =>
    r
      ? String(
          Object.entries(r.statuses)
            .filter(([s]) => s !== '200')
            .reduce((a, [, n]) => a + n, 0) + r.errors,
        )
      : undefined;
  printTable(
    `Master data: ${CUSTOMERS.toLocaleString('en-US')} customers in one company (HTTP: ${CONCURRENCY} concurrent, loopback; raw SQL sequential)`,
    ['measure', '', ...names],
    [
      ['insert 100k customers (1 statement, 6 trigram indexes)', '', ...col((e) => ms(e.insertMs))],
      ['GET clientes/list, 50 rows', 'p50', ...col((e) => p(e.list, 'p50'))],
      ['', 'p95', ...col((e) => p(e.list, 'p95'))],
      ['', 'throughput', ...col((e) => rps(e.list))],
      ['', 'non-200 + errors', ...col((e) => bad(e.list))],
      [
        'raw SQL: page of 50 + capped count',
        'p50',
        ...col((e) => e.raw && `${ms(e.raw.list.p50)} + ${ms(e.raw.count.p50)}`),
      ],
      ['', 'p95', ...col((e) => e.raw && `${ms(e.raw.list.p95)} + ${ms(e.raw.count.p95)}`)],
      [`search by name "${NAME_TERM}"`, 'p50', ...col((e) => p(e.byName, 'p50'))],
      ['', 'p95', ...col((e) => p(e.byName, 'p95'))],
      ['', 'throughput', ...col((e) => rps(e.byName))],
      ['', 'first page', ...col((e) => e.firstPage)],
      [
        'raw SQL: search by name',
        'p50 / p95',
        ...col((e) => e.raw && `${ms(e.raw.byName.p50)} / ${ms(e.raw.byName.p95)}`),
      ],
      [`search by NIF "${NIF_TERM}"`, 'p50', ...col((e) => p(e.byNif, 'p50'))],
      ['', 'p95', ...col((e) => p(e.byNif, 'p95'))],
      ['', 'throughput', ...col((e) => rps(e.byNif))],
      [
        'raw SQL: search by NIF',
        'p50 / p95',
        ...col((e) => e.raw && `${ms(e.raw.byNif.p50)} / ${ms(e.raw.byNif.p95)}`),
      ],
      [
        'XLSX export of 100k rows (streamed)',
        'seconds',
        ...col((e) => e.exportFig && `${num(e.exportFig.seconds, 2)} s`),
      ],
      ['', 'size', ...col((e) => e.exportFig && mib(e.exportFig.bytes))],
      [
        '',
        'peak RSS (start)',
        ...col((e) => e.exportFig && `${mib(e.exportFig.peakRss)} (${mib(e.exportFig.baseRss)})`),
      ],
      ['', 'peak heap used', ...col((e) => e.exportFig && mib(e.exportFig.peakHeap))],
    ],
  );
  for (const e of engines) {
    if (e.raw)
      console.log(
        `  ${e.name} search plans: name → ${e.raw.planName}\n  ${' '.repeat(e.name.length)}                NIF  → ${e.raw.planNif}`,
      );
    if (e.error) console.log(`  !!! ${e.name}: ${e.error}`);
  }
  console.log('  targets: list p95 <= 50 ms at >= 1,500 req/s (PostgreSQL); XLSX 100k rows <= 5 s and <= 300 MiB');
}

/** Runs the master-data benchmark on PGlite and PostgreSQL (skipped, loudly, without binaries) and prints it. */
export async function benchMasterData(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-maestros-'));
  const engines: EngineFigures[] = [];
  try {
    engines.push(await benchEngine('PGlite', () => openDatabase({ dataDir: path.join(work, 'pglite') })));
    const why = await enPostgresTemporal(async (url) =>
      engines.push(await benchEngine('PostgreSQL', () => openDatabase({ databaseUrl: url }))),
    );
    if (why) {
      engines.push({ name: 'PostgreSQL', skipped: why });
      console.log(`!!!!!!!! PostgreSQL column SKIPPED: ${why}`);
    }
    report(engines);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// `node --import tsx bench/masterData.ts` runs it alone.
siEsEntrada(import.meta.url, benchMasterData);
