/**
 * The ledger's sumas y saldos over a year of 1,000,000 entry lines (FARO_BENCH_APUNTES), for `bench/run.ts` to call:
 * `await benchLibroContable()`. Prints, asserts nothing, stays in process on a fresh PGlite folder:
 *   - 1,000,000 lines (500,000 balanced entries of two lines over 2,000 subaccounts) inserted by one SQL statement;
 *   - sumas y saldos at subaccount and level-3 through the module's function (`sumasYSaldos`, one GROUP BY), beside
 *     the raw aggregate it runs, and its EXPLAIN; pérdidas y ganancias (GROUP BY + the domain's mapping).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { informePyG, sumasYSaldos } from '../apps/server/src/modules/contabilidad/informesLibro.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { type Cell, ms, num, printTable } from './format.ts';

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

export async function benchLibroContable(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_APUNTES ?? 1_000_000) || 1_000_000;
  const dir = mkdtempSync(path.join(tmpdir(), 'faro-libro-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
    const [e] = await database.query<{ id: number }>(`select id from empresas where codigo = 'DEMO'`);
    const empresaId = Number(e!.id);
    const asientos = Math.ceil(n / 2);
    // Entries of 2030 (a year the demo leaves empty): the debit on a subaccount of groups 4/6/5, the credit on one of 7/4/1 (2,000 in all).
    const [, tCarga] = await timed(async () => {
      await database.query(
        `insert into asientos_contables (empresa_id, ejercicio, numero, fecha, concepto, tipo, origen)
         select $1, 2030, g, date '2030-01-01' + (g % 365), 'Asiento ' || g, 'manual', 'manual'
         from generate_series(1, ${asientos}) g`,
        [empresaId],
      );
      await database.query(
        `insert into apuntes_contables (empresa_id, id_asiento, orden, ejercicio, fecha, subcuenta, concepto, debe, haber)
         select a.empresa_id, a.id, o, 2030, a.fecha,
           case when o = 1 then (array['430','600','572'])[1 + a.numero % 3] else (array['700','400','100'])[1 + a.numero % 3] end
             || lpad((a.numero % 333)::text, 7, '0'),
           a.concepto, case when o = 1 then 1000 + a.numero % 9000 else 0 end,
           case when o = 2 then 1000 + a.numero % 9000 else 0 end
         from asientos_contables a cross join generate_series(1, 2) o
         where a.empresa_id = $1 and a.ejercicio = 2030`,
        [empresaId],
      );
      await database.query('ANALYZE asientos_contables, apuntes_contables');
    });
    const s = companyScope(database.db, { empresaId, personaId: null, userName: 'bench' });
    const p = { FechaDesde: '2030-01-01', FechaHasta: '2030-12-31' };
    const rows: Cell[][] = [[`load ${num(n, 0)} lines (one INSERT … SELECT) + ANALYZE`, '', ms(tCarga)]];
    for (let vuelta = 1; vuelta <= 2; vuelta++) {
      const [sub, tSub] = await timed(() => sumasYSaldos(s, p, 'subcuenta'));
      rows.push([
        `sumas y saldos, subaccounts (run ${vuelta})`,
        `${num(sub.Filas.length, 0)} rows, cuadra ${sub.Totales.Cuadra}`,
        ms(tSub),
      ]);
      const [n3, t3] = await timed(() => sumasYSaldos(s, p, '3'));
      rows.push([`sumas y saldos, level 3 (run ${vuelta})`, `${num(n3.Filas.length, 0)} rows`, ms(t3)]);
    }
    const [, tCrudo] = await timed(() =>
      database.query(
        `select subcuenta, sum(debe), sum(haber) from apuntes_contables
         where empresa_id = $1 and ejercicio = 2030 group by subcuenta`,
        [empresaId],
      ),
    );
    rows.push(['raw SQL aggregate (same GROUP BY, no names)', '', ms(tCrudo)]);
    const [, tPyg] = await timed(() => informePyG(s, p));
    rows.push(['pérdidas y ganancias (GROUP BY + PGC mapping)', '', ms(tPyg)]);
    printTable(`Ledger reports over ${num(n, 0)} entry lines (PGlite)`, ['step', 'figure', 'time'], rows);
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `explain select subcuenta, sum(debe), sum(haber) from apuntes_contables
       where empresa_id = $1 and ejercicio = 2030 group by subcuenta`,
      [empresaId],
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLibroContable();
