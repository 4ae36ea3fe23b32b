/**
 * Treasury figures, for `bench/run.ts` to call: `await benchTesoreria()`. Prints, asserts nothing, stays
 * in process.
 *   - A direct-debit batch of N receipts (FARO_BENCH_RECIBOS, default 10,000): pain.008.001.02 written by the domain
 *     writer, then validated against the official XSD with xmllint-wasm (the server's `validarXsd`): time and memory.
 *   - A Norma 43 statement of L lines (FARO_BENCH_N43, default 100,000: a 22 + a 23 record per movement) written and
 *     parsed by the domain parser (the import route parses before one INSERT per 1,000 lines).
 *   - The movements list (`movstesoreria/list`: the engine's `listarMovimientos`, one union of collections, payments
 *     and treasury movements with the running balance per account, page of 50 + capped count) at M movements
 *     (FARO_BENCH_MOVIMIENTOS, default 1,000,000, set-based into DEMO): p50 / p95 per filter. PostgreSQL on a
 *     throwaway cluster; PGlite when its binaries are missing.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { escribirNorma43, generarPain008, identificadorAcreedor, parsearNorma43, type ReciboSepa } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { importarNorma43 } from '../apps/server/src/modules/tesoreria/extractos.ts';
import { listarMovimientos } from '../apps/server/src/modules/tesoreria/movimientos.ts';
import { validarXsd } from '../apps/server/src/modules/tesoreria/xsd.ts';
import { type Database, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { PostgresBinariesMissing, startPostgresCluster } from '../apps/server/test/postgresCluster.ts';
import { type Cell, mib, ms, num, printTable } from './format.ts';
import { siEsEntrada } from './kit.ts';

export async function benchTesoreria(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_RECIBOS ?? 10_000) || 10_000;
  const lineas = Number(process.env.FARO_BENCH_N43 ?? 100_000) || 100_000;
  const rows: Cell[][] = [];
  const rss0 = process.memoryUsage().rss;
  const recibos: ReciboSepa[] = Array.from({ length: n }, (_, i) => ({
    etiqueta: `Recibo F${i}/1`,
    endToEndId: `F2026-${i}-1-R1`,
    importe: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    nombre: `Cliente ${i} S.L.`,
    iban: 'ES9121000418450200051332',
    bic: 'CAIXESBBXXX',
    mandatoRef: `CLI${i}-1`,
    mandatoFecha: '2025-01-15',
    secuencia: i % 10 ? 'RCUR' : 'FRST',
    concepto: `Factura F2026-${i} vencimiento 2026-12-05`,
  }));
  let t0 = performance.now();
  const xml = generarPain008({
    msgId: 'REM-BENCH',
    creado: '2026-11-25T10:00:00',
    fecha: '2026-12-05',
    esquema: 'CORE',
    acreedor: {
      nombre: 'Empresa Demo S.L.',
      iban: 'ES0700120345030000067890',
      bic: 'BSCHESMMXXX',
      identificador: identificadorAcreedor('B85626240'),
    },
    recibos,
  });
  const escribir = performance.now() - t0;
  t0 = performance.now();
  const errores = await validarXsd(xml, 'pain.008.001.02');
  const validar = performance.now() - t0;
  const rss1 = process.memoryUsage().rss;
  rows.push([
    `pain.008.001.02, ${num(n, 0)} receipts (${mib(xml.length)})`,
    ms(escribir),
    ms(validar),
    errores.length ? `INVALID: ${errores[0]!.mensaje}` : 'valid',
    mib(rss1 - rss0),
  ]);

  const movimientos = Math.max(1, Math.floor((lineas - 3) / 2));
  const fichero = escribirNorma43({
    banco: '2100',
    oficina: '0418',
    cuenta: '0200051332',
    desde: '2026-01-01',
    hasta: '2026-12-31',
    saldoInicial: '1000.00',
    divisa: '978',
    titular: 'EMPRESA DEMO',
    apuntes: Array.from({ length: movimientos }, (_, i) => ({
      fechaOperacion: '2026-06-15',
      fechaValor: '2026-06-15',
      conceptoComun: i % 3 ? '02' : '03',
      conceptoPropio: '001',
      importe: i % 3 ? `${(i % 900) + 1}.25` : `-${(i % 300) + 1}.10`,
      documento: String(i).padStart(10, '0'),
      referencia1: `REF${i}`,
      referencia2: '',
      concepto: `MOVIMIENTO ${i}`,
    })),
  });
  t0 = performance.now();
  const [cuenta] = parsearNorma43(fichero);
  const parsear = performance.now() - t0;
  const rss2 = process.memoryUsage().rss;
  rows.push([
    `Norma 43, ${num(fichero.split('\n').length - 1, 0)} lines (${num(cuenta!.apuntes.length, 0)} movements)`,
    '-',
    ms(parsear),
    'parsed',
    mib(rss2 - rss1),
  ]);
  printTable(
    'Treasury: SEPA batch and Norma 43 statement',
    ['What', 'Write', 'Validate / parse', 'Result', 'RSS growth'],
    rows,
  );
  await benchMovimientos(fichero);
}

const filas = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? Number.NaN;

/** The movements list at M movements: PostgreSQL (else PGlite), DEMO's bank and till accounts, set-based. */
async function benchMovimientos(n43: string): Promise<void> {
  const total = Number(process.env.FARO_BENCH_MOVIMIENTOS ?? 1_000_000) || 1_000_000;
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-tesoreria-'));
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
  let motor = 'PostgreSQL';
  try {
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      motor = `PGlite (PostgreSQL: ${error instanceof PostgresBinariesMissing ? 'binaries not found' : String(error)})`;
    }
    const database: Database = cluster
      ? await openDatabase({ databaseUrl: cluster.url })
      : await openDatabase({ dataDir: path.join(work, 'pglite') });
    try {
      await migrateDatabase(database);
      await seedDemoOnce(database.db);
      const db = database.db;
      const [emp] = filas(await db.execute(sql`select id from empresas where codigo = 'DEMO'`));
      const empresaId = Number(emp!.id);
      const cuentas = filas(
        await db.execute(sql`select id from tesoreria where empresa_id = ${empresaId} order by id`),
      ).map((r) => Number(r.id));
      let t0 = performance.now();
      await db.execute(sql`
        insert into movimientos_tesoreria (empresa_id, id_tesoreria, fecha, importe, descripcion, clase)
        select ${empresaId}, (array[${sql.join(
          cuentas.map((c) => sql`${c}`),
          sql`, `,
        )}]::bigint[])[1 + g % ${cuentas.length}], date '2022-01-01' + (g * 1460 / ${total}),
          case when g % 3 = 0 then -((g % 300) + 1.1) else (g % 900) + 1.25 end, 'Movimiento ' || g, 'manual'
        from generate_series(1, ${total}) g`);
      const carga = performance.now() - t0;
      await db.execute(sql`analyze movimientos_tesoreria`);
      const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
      const casos: [string, Record<string, unknown>][] = [
        ['first page (newest 50)', {}],
        ['one account', { IdTesoreria: cuentas[0] }],
        ['one month', { FechaDesde: '2024-06-01', FechaHasta: '2024-06-30' }],
        ['not reconciled', { Conciliado: false }],
      ];
      const rows: Cell[][] = [[`${num(total, 0)} movements inserted`, `${num(carga / 1000, 1)} s`, '', '']];
      for (const [nombre, filtros] of casos) {
        const tiempos: number[] = [];
        // At most ~20 s a case once two runs are in: at 1M a slow list must not stall `npm run bench`.
        const limite = performance.now() + 20_000;
        let totalLista: unknown;
        while (tiempos.length < 20 && (tiempos.length < 2 || performance.now() < limite)) {
          t0 = performance.now();
          const r = await listarMovimientos(scope, { Filtros: JSON.stringify(filtros), TotalPagina: '50' });
          tiempos.push(performance.now() - t0);
          totalLista = r.Total;
        }
        rows.push([
          `movstesoreria/list: ${nombre}`,
          ms(pct(tiempos, 50)),
          ms(pct(tiempos, 95)),
          `${tiempos.length} runs, Total ${String(totalLista)}`,
        ]);
      }
      const [banco] = filas(
        await db.execute(sql`select id from tesoreria where empresa_id = ${empresaId} and tipo = 'banco'
          order by (replace(coalesce(iban, ''), ' ', '') = 'ES9121000418450200051332') desc, id limit 1`),
      );
      t0 = performance.now();
      const [extracto] = await scope.tx((t) => importarNorma43(t, 'bench.n43', n43, Number(banco!.id)));
      rows.push([
        `Norma 43 import, ${num(n43.split('\n').length - 1, 0)} lines (one transaction)`,
        ms(performance.now() - t0),
        '',
        `${num(Number((extracto as { NumApuntes?: number } | undefined)?.NumApuntes ?? 0), 0)} movements stored`,
      ]);
      printTable(`Treasury: the movements list (${motor})`, ['', 'p50', 'p95', ''], rows);
    } finally {
      await database.close();
    }
  } finally {
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

siEsEntrada(import.meta.url, benchTesoreria);
