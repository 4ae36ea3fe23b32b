/**
 * The ledger's sumas y saldos over a year of 1,000,000 entry lines (FARO_BENCH_APUNTES), for `bench/run.ts` to call:
 * `await benchLibroContable()`. Prints, asserts nothing, stays on loopback, stops what it starts. On PGlite (fresh
 * temp folder) and on PostgreSQL (throwaway cluster; FARO_BENCH_ENGINES=pglite,postgres picks):
 *   - 1,000,000 lines (500,000 balanced entries of two lines over 2,000 subaccounts) inserted set-based;
 *   - sumas y saldos at subaccount and level-3 through the module's function (`sumasYSaldos`, one GROUP BY), beside
 *     the raw aggregate it runs, and its EXPLAIN; pérdidas y ganancias (GROUP BY + the domain's mapping).
 *   PGlite runs in this process: its CPU time is printed beside the wall time (the machine's load stretches the
 *   latter; the load average is printed too).
 * `cargarLibro` is shared with bench/contabilidad.ts (ContaPlus from the ledger).
 */
import { informePyG, sumasYSaldos } from '../apps/server/src/modules/contabilidad/informesLibro.ts';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope, type Scope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { type Cell, loadAverage, ms, num, printTable } from './format.ts';
import { enCarpetaTemporal, enPostgresTemporal, siEsEntrada } from './kit.ts';

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number, number]> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await fn();
  const c = process.cpuUsage(c0);
  return [r, performance.now() - t0, (c.user + c.system) / 1000];
}

export const carga = () => `load average ${loadAverage()} on 2 cores`;

/**
 * `asientos` entries of 2030 (a year the demo leaves empty), each of `lineas` lines (2 or 4), dated over the year;
 * the debit on a subaccount of groups 4/6/5, the credit on one of 7/4/1 (2,000 in all); four-line entries carry a
 * VAT line (base and rate) and an invoice number, like a sale. Set-based in chunks of 100,000 entries.
 */
export async function cargarLibro(database: Database, empresaId: number, asientos: number, lineas: 2 | 4) {
  for (let desde = 1; desde <= asientos; desde += 100_000) {
    const hasta = Math.min(asientos, desde + 99_999);
    await database.query(
      `insert into asientos_contables (empresa_id, ejercicio, numero, fecha, concepto, tipo, origen, documento)
       select $1, 2030, g, date '2030-01-01' + (g % 365), 'Asiento ' || g, 'manual', 'manual', 'F2030-' || lpad(g::text, 6, '0')
       from generate_series(${desde}, ${hasta}) g`,
      [empresaId],
    );
    await database.query(
      `insert into apuntes_contables (empresa_id, id_asiento, orden, ejercicio, fecha, subcuenta, contrapartida, concepto,
         debe, haber, documento, base_imponible, porc_iva, porc_recargo)
       select a.empresa_id, a.id, o, 2030, a.fecha,
         case when o % 2 = 1 then (array['430','600','572'])[1 + a.numero % 3] else (array['700','400','100'])[1 + a.numero % 3] end
           || lpad((a.numero % 333)::text, 7, '0'),
         '', a.concepto, case when o <= ${lineas / 2} then 1000 + a.numero % 9000 else 0 end,
         case when o > ${lineas / 2} then 1000 + a.numero % 9000 else 0 end, a.documento,
         case when o = 4 then 47.62 end, case when o = 4 then 21 end, case when o = 4 then 0 end
       from asientos_contables a cross join generate_series(1, ${lineas}) o
       where a.empresa_id = $1 and a.ejercicio = 2030 and a.numero between ${desde} and ${hasta}`,
      [empresaId],
    );
  }
  await database.query(
    `insert into ejercicios_contables (empresa_id, ejercicio, ultimo_numero) values ($1, 2030, $2)`,
    [empresaId, asientos],
  );
  await database.query('ANALYZE asientos_contables, apuntes_contables');
}

/** A migrated, seeded database of each wanted engine, for `medir`; stops what it starts. */
export async function porMotor(nombre: string, medir: (database: Database, engine: string) => Promise<void>) {
  const wanted = (process.env.FARO_BENCH_ENGINES ?? 'pglite,postgres').toLowerCase();
  const preparar = async (database: Database, engine: string) => {
    try {
      await migrateDatabase(database);
      await seedDemoOnce(database.db);
      await medir(database, engine);
    } finally {
      await database.close();
    }
  };
  if (wanted.includes('pglite')) {
    await enCarpetaTemporal(`faro-${nombre}-`, async (dir) => preparar(await openDatabase({ dataDir: dir }), 'PGlite'));
  }
  if (wanted.includes('postgres')) {
    const why = await enPostgresTemporal(async (url) =>
      preparar(await openDatabase({ databaseUrl: url }), 'PostgreSQL'),
    );
    if (why) console.log(`!!!!!!!! ${nombre}: PostgreSQL SKIPPED: ${why}`);
  }
}

export async function scopeDemo(database: Database): Promise<Scope> {
  const [e] = await database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
  return companyScope(database.db, { empresaId: Number(e!.id), personaId: null, userName: 'bench' });
}

export async function benchLibroContable(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_APUNTES ?? 1_000_000) || 1_000_000;
  await porMotor('libro', async (database, engine) => {
    const s = await scopeDemo(database);
    const [, tCarga] = await timed(() => cargarLibro(database, s.empresaId, Math.ceil(n / 2), 2));
    const p = { FechaDesde: '2030-01-01', FechaHasta: '2030-12-31' };
    const rows: Cell[][] = [[`load ${num(n, 0)} lines (INSERT … SELECT) + ANALYZE`, '', ms(tCarga), '']];
    const cpu = (c: number) => (engine === 'PGlite' ? ms(c) : '(server)');
    for (let vuelta = 1; vuelta <= 2; vuelta++) {
      const [sub, tSub, cSub] = await timed(() => sumasYSaldos(s, p, 'subcuenta'));
      rows.push([
        `sumas y saldos, subaccounts (run ${vuelta})`,
        `${num(sub.Filas.length, 0)} rows, cuadra ${sub.Totales.Cuadra}`,
        ms(tSub),
        cpu(cSub),
      ]);
      const [n3, t3, c3] = await timed(() => sumasYSaldos(s, p, '3'));
      rows.push([`sumas y saldos, level 3 (run ${vuelta})`, `${num(n3.Filas.length, 0)} rows`, ms(t3), cpu(c3)]);
    }
    const crudo = `select subcuenta, sum(debe), sum(haber) from apuntes_contables
       where empresa_id = $1 and ejercicio = 2030 group by subcuenta`;
    const [, tCrudo, cCrudo] = await timed(() => database.query(crudo, [s.empresaId]));
    rows.push(['raw SQL aggregate (same GROUP BY, no names)', '', ms(tCrudo), cpu(cCrudo)]);
    const [, tPyg, cPyg] = await timed(() => informePyG(s, p));
    rows.push(['pérdidas y ganancias (GROUP BY + PGC mapping)', '', ms(tPyg), cpu(cPyg)]);
    printTable(
      `Ledger reports over ${num(n, 0)} entry lines (${engine}; ${carga()})`,
      ['step', 'figure', 'time', 'CPU of this process'],
      rows,
    );
    const plan = await database.query<{ 'QUERY PLAN': string }>(`explain analyze ${crudo}`, [s.empresaId]);
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  });
}

siEsEntrada(import.meta.url, benchLibroContable);
