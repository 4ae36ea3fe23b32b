/**
 * 303 and 390 of a company with 100,000 issued invoices (FARO_BENCH_MODELOS_EMITIDAS) and 50,000 received ones
 * (FARO_BENCH_MODELOS_RECIBIDAS), for `bench/run.ts` to call: `await benchModelosCarga()`. Prints, asserts nothing.
 * On a fresh PGlite folder and a throwaway PostgreSQL cluster (FARO_BENCH_ENGINES=pglite|postgres to run one):
 *   - the invoices of 2032 (a year the demo leaves empty) inserted by one INSERT … SELECT over generate_series each
 *     (headers with their VAT breakdown, as the books read them; received ones with their purchase data);
 *   - in process, the service function the route calls (`calcular`: the adjustments, the books grouped in SQL, the
 *     domain's classifier, the series-gap check): 303 of 1T, 303 of 4T (which also reads the year for page 04) and
 *     the 390 of the year, p50 of 5 runs; beside them the raw SQL aggregate of the same rows (the physical limit)
 *     and its EXPLAIN, and the row-by-row reading the models used before (FARO_BENCH_MODELOS_FILAS runs, 1);
 *   - the same for 130 4T, 111 4T, 349 1T, 347 and 190 of the year (grouped in SQL as well).
 * FARO_BENCH_MODELOS_URL=postgres://… measures on that database instead and keeps it: migrated and seeded if
 * needed, loaded only when it holds no invoices of 2032 yet (so single queries can be tried on it with psql).
 * FARO_BENCH_MODELOS_CASOS=303,390 measures only the cases whose name starts so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lineasEmitidas, lineasRecibidas } from '../apps/server/src/modules/impuestos/modelos/libros.ts';
import { calcularAnual } from '../apps/server/src/modules/impuestos/modelos/resumenesAnuales.ts';
import {
  ajustes303,
  ajustesDelPeriodo,
  calcular,
  calcular303PorFilas,
} from '../apps/server/src/modules/impuestos/modelos/servicio.ts';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope, type Scope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';
import { type Periodo, periodoTributario } from '../packages/domain/src/index.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { siEsEntrada } from './kit.ts';

const ANYO = 2032;
const EMITIDAS = Number(process.env.FARO_BENCH_MODELOS_EMITIDAS ?? 100_000) || 100_000;
const RECIBIDAS = Number(process.env.FARO_BENCH_MODELOS_RECIBIDAS ?? 50_000) || 50_000;
const VUELTAS = 5;
/** Runs of the row-by-row reading (0: not measured). */
const VUELTAS_FILAS = Math.max(0, Number(process.env.FARO_BENCH_MODELOS_FILAS ?? 1) || 0);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}
async function p50(n: number, fn: () => Promise<unknown>): Promise<number> {
  const t: number[] = [];
  for (let i = 0; i < n; i++) t.push((await timed(fn))[1]);
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

/** 100k issued invoices (one or two VAT rates, a few with recargo, exempt or corrective) and 50k received ones. */
async function cargar(database: Database, empresaId: number): Promise<void> {
  const [cli] = await database.query<{ id: number }>('select id from clientes where empresa_id = $1 limit 1', [
    empresaId,
  ]);
  const [prov] = await database.query<{ id: number }>('select id from proveedores where empresa_id = $1 limit 1', [
    empresaId,
  ]);
  await database.query(
    `insert into documentos_venta (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_cliente,
       cliente_nombre, cliente_nif, cliente_pais, base_imponible, total, desglose)
     select $1, case when g % 50 = 0 then 'rectificativa' else 'factura' end, date '${ANYO}-01-01' + (g % 365),
       ${ANYO}, g, 'B' || g, 'Emitida', $2, 'Cliente ' || (g % 2000), 'B' || lpad((g % 2000)::text, 8, '0'), 'ES',
       100 + g % 900, 121 + g % 900,
       case when g % 3 = 0 then jsonb_build_array(
           jsonb_build_object('Impuesto', 'IVA', 'PorcentajeIva', '21', 'Base', (100 + g % 900)::text,
             'Cuota', round((100 + g % 900) * 0.21, 2)::text, 'PorcentajeRecargo', '0', 'CuotaRecargo', '0'),
           jsonb_build_object('Impuesto', 'IVA', 'PorcentajeIva', '10', 'Base', (50 + g % 90)::text,
             'Cuota', round((50 + g % 90) * 0.10, 2)::text, 'PorcentajeRecargo', '0', 'CuotaRecargo', '0'))
         when g % 29 = 0 then jsonb_build_array(jsonb_build_object('Impuesto', 'IVA', 'PorcentajeIva', '0',
           'Base', (100 + g % 900)::text, 'Cuota', '0', 'Exencion', 'E5'))
         else jsonb_build_array(jsonb_build_object('Impuesto', 'IVA', 'PorcentajeIva', '21',
           'Base', (100 + g % 900)::text, 'Cuota', round((100 + g % 900) * 0.21, 2)::text,
           'PorcentajeRecargo', case when g % 17 = 0 then '5.2' else '0' end,
           'CuotaRecargo', case when g % 17 = 0 then round((100 + g % 900) * 0.052, 2) else 0 end::text))
       end
     from generate_series(1, ${EMITIDAS}) g`,
    [empresaId, cli!.id],
  );
  await database.query(
    `with d as (
       insert into documentos_compra (empresa_id, tipo, fecha, anyo, numero, num_serie, estado, id_proveedor,
         proveedor_nombre, proveedor_nif, proveedor_pais, fecha_tercero, base_imponible, total, desglose)
       select $1, case when g % 4 = 0 then 'gasto' else 'factura' end, date '${ANYO}-01-01' + (g % 365), ${ANYO}, null,
         'R' || g, 'Borrador', $2, 'Proveedor ' || (g % 300), 'A' || lpad((g % 300)::text, 8, '0'), 'ES',
         date '${ANYO}-01-01' + (g % 365) - case when g % 40 = 0 then 45 else 0 end, 100 + g % 700, 121 + g % 700,
         jsonb_build_array(jsonb_build_object('Impuesto', 'IVA', 'PorcentajeIva', case when g % 5 = 0 then '10' else '21' end,
           'Base', (100 + g % 700)::text,
           'Cuota', round((100 + g % 700) * case when g % 5 = 0 then 0.10 else 0.21 end, 2)::text,
           'PorcentajeRecargo', '0', 'CuotaRecargo', '0'))
       from generate_series(1, ${RECIBIDAS}) g
       returning id, substr(num_serie, 2)::int as g)
     insert into datos_compra (empresa_id, id_documento, operacion, porc_no_deducible, categoria)
     select $1, d.id, case when d.g % 23 = 0 then 'intracomunitaria' else 'interior' end,
       case when d.g % 31 = 0 then 50 else 0 end, case when d.g % 11 = 0 then '2130' else '600' end
     from d`,
    [empresaId, prov!.id],
  );
  // Registered last: a registered invoice's purchase data cannot be written any more (0024_compras_inmutables).
  await database.query(
    `update documentos_compra set numero = substr(num_serie, 2)::int, estado = 'Registrada'
     where empresa_id = $1 and anyo = ${ANYO} and numero is null`,
    [empresaId],
  );
  await database.query('ANALYZE documentos_venta, documentos_compra, datos_compra');
}

/** The raw aggregate of the same rows: both books' breakdowns summed per rate, nothing else. */
const CRUDO = (desde: string, hasta: string) => [
  `select e.val->>'PorcentajeIva' as tipo, sum((e.val->>'Base')::numeric), sum((e.val->>'Cuota')::numeric), count(*)
   from documentos_venta d cross join lateral jsonb_array_elements(d.desglose) as e(val)
   where d.empresa_id = $1 and d.tipo in ('factura', 'simplificada', 'rectificativa') and d.numero is not null
     and d.estado <> 'Anulada' and d.fecha >= '${desde}' and d.fecha <= '${hasta}' group by 1`,
  `select e.val->>'PorcentajeIva' as tipo, sum((e.val->>'Base')::numeric), sum((e.val->>'Cuota')::numeric), count(*)
   from documentos_compra d left join datos_compra x on x.id_documento = d.id
     cross join lateral jsonb_array_elements(d.desglose) as e(val)
   where d.empresa_id = $1 and d.tipo in ('factura', 'gasto') and d.numero is not null
     and d.estado <> 'Anulada' and d.fecha >= '${desde}' and d.fecha <= '${hasta}' group by 1`,
];

/** One engine: migrate and seed the demo (unless `preparada`: an existing demo folder), load, measure. */
export async function medir(nombre: string, database: Database, preparada = false): Promise<Cell[][]> {
  const t0 = performance.now();
  if (!preparada) {
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
  }
  const tPrep = performance.now() - t0;
  const [e] = await database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  const empresaId = Number(e!.id);
  const [cargada] = await database.query<{ n: number }>(
    `select count(*)::int as n from documentos_venta where empresa_id = $1 and anyo = ${ANYO}`,
    [empresaId],
  );
  const [, tCarga] = await timed(async () => (Number(cargada?.n) > 0 ? undefined : cargar(database, empresaId)));
  const s: Scope = companyScope(database.db, { empresaId, personaId: null, userName: 'bench' });
  const filas: Cell[][] = [
    [nombre, 'migrate + demo seed', '', ms(tPrep)],
    [
      nombre,
      `load ${num(EMITIDAS, 0)} issued + ${num(RECIBIDAS, 0)} received (INSERT … SELECT) + ANALYZE`,
      '',
      ms(tCarga),
    ],
  ];
  const trimestre = (q: string) => periodoTributario('303', ANYO, q) as Periodo;
  const casos: [string, string, string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      '303 1T',
      `${ANYO}-01-01`,
      `${ANYO}-03-31`,
      () => calcular(s, '303', trimestre('1T')),
      async () => calcular303PorFilas(s, trimestre('1T'), await ajustes303(s, trimestre('1T'))),
    ],
    [
      '303 4T (+ the year for page 04)',
      `${ANYO}-01-01`,
      `${ANYO}-12-31`,
      () => calcular(s, '303', trimestre('4T')),
      async () => calcular303PorFilas(s, trimestre('4T'), await ajustes303(s, trimestre('4T'))),
    ],
    [
      '390 of the year',
      `${ANYO}-01-01`,
      `${ANYO}-12-31`,
      () => calcular(s, '390', periodoTributario('390', ANYO, '0A') as Periodo),
      async () =>
        calcularAnual(s, '390', ANYO, (pq) => ajustesDelPeriodo(s, '303', pq), {
          emitidas: await lineasEmitidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
          recibidas: await lineasRecibidas(s, `${ANYO}-01-01`, `${ANYO}-12-31`),
        }),
    ],
    // The other models, grouped in SQL too (agrupados.ts), beside their row-by-row reading.
    ...(
      [
        ['130', '4T'],
        ['111', '4T'],
        ['349', '1T'],
        ['347', '0A'],
        ['190', '0A'],
      ] as const
    ).map(([m, q]): (typeof casos)[number] => {
      const p = periodoTributario(m, ANYO, q);
      if (typeof p === 'string') throw new Error(p);
      const desde = m === '130' ? `${ANYO}-01-01` : p.desde;
      return [
        `${m} ${q}`,
        desde,
        p.hasta,
        () => calcular(s, m, p),
        () => calcular(s, m, p, undefined, undefined, 'filas'),
      ];
    }),
  ];
  const elegidos = process.env.FARO_BENCH_MODELOS_CASOS?.split(',');
  for (const [caso, desde, hasta, agrupado, porFilas] of casos) {
    if (elegidos && !elegidos.some((c) => caso.startsWith(c))) continue;
    const [emit, recib] = CRUDO(desde, hasta);
    const crudo = await p50(VUELTAS, async () => {
      await database.query(emit!, [empresaId]);
      await database.query(recib!, [empresaId]);
    });
    filas.push([nombre, `${caso}: calcular (grouped in SQL), p50 of ${VUELTAS}`, '', ms(await p50(VUELTAS, agrupado))]);
    filas.push([nombre, `${caso}: raw SQL aggregate of the same rows, p50 of ${VUELTAS}`, '', ms(crudo)]);
    if (VUELTAS_FILAS)
      filas.push([
        nombre,
        `${caso}: row by row (the reading before), p50 of ${VUELTAS_FILAS}`,
        '',
        ms(await p50(VUELTAS_FILAS, porFilas)),
      ]);
    if (caso.startsWith('390')) {
      for (const q of [emit!, recib!]) {
        const plan = await database.query<{ 'QUERY PLAN': string }>(`explain ${q}`, [empresaId]);
        const lineas = plan.map((r) => r['QUERY PLAN']);
        console.log(`   ${nombre} EXPLAIN: ${lineas.filter((l, i) => i === 0 || /Scan|Join/.test(l)).join(' | ')}`);
      }
    }
  }
  return filas;
}

export async function benchModelosCarga(): Promise<void> {
  const motores = (process.env.FARO_BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const filas: Cell[][] = [];
  const guardada = process.env.FARO_BENCH_MODELOS_URL;
  if (guardada) {
    const database = await openDatabase({ databaseUrl: guardada });
    try {
      filas.push(...(await medir('PostgreSQL (kept)', database)));
    } finally {
      await database.close();
    }
    motores.length = 0;
  }
  if (motores.includes('pglite')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'faro-modelos-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      filas.push(...(await medir('PGlite', database)));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (motores.includes('postgres')) {
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
    try {
      cluster = await startPostgresCluster();
      const database = await openDatabase({ databaseUrl: cluster.url });
      try {
        filas.push(...(await medir('PostgreSQL', database)));
      } finally {
        await database.close();
      }
    } catch (error) {
      if (error instanceof PostgresBinariesMissing) filas.push(['PostgreSQL', 'skipped', error.message, '']);
      else throw error;
    } finally {
      await cluster?.stop();
    }
  }
  printTable(
    `303 / 390 with ${num(EMITIDAS, 0)} issued and ${num(RECIBIDAS, 0)} received invoices (service function in process)`,
    ['engine', 'step', '', 'time'],
    filas,
  );
}

siEsEntrada(import.meta.url, benchModelosCarga);
