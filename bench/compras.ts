/**
 * Purchase figures (issue 13), for `bench/run.ts` to call: `await benchCompras()`. Prints, asserts nothing, stays in
 * process, stops what it starts. PGlite in a temp folder (the sales bench holds the 1M PostgreSQL figures).
 *   - DEMO gets N registered received invoices (FARO_BENCH_COMPRAS, default 100,000; one set-based INSERT).
 *   - The received-invoice list (`fcompra/list`'s query: the engine's `listarDocumentos`) p50 / p95: first page,
 *     EstadoPago Pendiente, a supplier, Buscar.
 *   - Registering M drafts (FARO_BENCH_REGISTROS, default 200) one after another as the route does (recompute, checks,
 *     stock, the number last): p50 / p95 and registrations per second, with a gap check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { motorCompra } from '../apps/server/src/modules/compras/ladoCompra.ts';
import { parseListQuery } from '../apps/server/src/platform/crud/listQuery.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { seedDemoOnce } from '../apps/server/src/seed/seedDemo.ts';
import { type Cell, ms, num, printTable } from './format.ts';

const filas = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export async function benchCompras(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_COMPRAS ?? 100_000) || 100_000;
  const m = Number(process.env.FARO_BENCH_REGISTROS ?? 200) || 200;
  const work = mkdtempSync(path.join(tmpdir(), 'faro-bench-compras-'));
  const database = await openDatabase({ dataDir: path.join(work, 'pglite') });
  try {
    await migrateDatabase(database);
    await seedDemoOnce(database.db);
    const db = database.db;
    const [emp] = filas(await db.execute(sql`select id from empresas where codigo = 'DEMO'`));
    const empresaId = Number(emp!.id);
    const provs = filas(
      await db.execute(sql`select id, nombre from proveedores where empresa_id = ${empresaId} order by id`),
    );
    const [serie] = filas(
      await db.execute(sql`insert into series (empresa_id, codigo, descripcion, tipo_documento, prefijo, defecto, baja)
        values (${empresaId}, 'BR', 'Bench', 'facturacompra', 'BR', false, false) returning id`),
    );
    let t0 = performance.now();
    await db.execute(sql`
      insert into documentos_compra (empresa_id, tipo, fecha, id_serie, anyo, numero, num_serie, estado, estado_cobro,
        id_proveedor, proveedor_nombre, num_tercero, base_imponible, total_iva, total, desglose, emitida_en)
      select ${empresaId}, 'factura', date '2025-01-01' + (g * 365 / ${n}), ${Number(serie!.id)}, 2025, g,
        'BR' || lpad(g::text, 7, '0'), 'Registrada', case when g % 10 = 0 then 'Pendiente' else 'Pagado' end,
        (array[${sql.join(
          provs.map((p) => sql`${Number(p.id)}`),
          sql`, `,
        )}]::bigint[])[1 + g % ${provs.length}], 'Proveedor ' || (g % ${provs.length}), 'B-' || g,
        100, 21, 121, '[{"TipoIva":"IVA21","Impuesto":"IVA","PorcentajeIva":"21.00","PorcentajeRecargo":"0.00","Exencion":null,"Base":"100.00","Cuota":"21.00","CuotaRecargo":"0.00"}]'::jsonb,
        now()
      from generate_series(1, ${n}) g`);
    const carga = performance.now() - t0;
    const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
    const tipos = motorCompra.lado.recursos.fcompra!.tipos;
    const casos: [string, Record<string, unknown>][] = [
      ['first page', {}],
      ['EstadoPago Pendiente (10 %)', { EstadoPago: 'Pendiente' }],
      ['one supplier', { Proveedor: Number(provs[0]!.id) }],
      ['Buscar "BR00012"', { Buscar: 'BR00012' }],
    ];
    const rows: Cell[][] = [[`${num(n, 0)} registered invoices inserted`, '', `${num(carga / 1000, 2)} s`, '']];
    for (const [nombre, filtros] of casos) {
      const q = parseListQuery({ Filtros: JSON.stringify(filtros) });
      const tiempos: number[] = [];
      for (let i = 0; i < 30; i++) {
        t0 = performance.now();
        await motorCompra.listarDocumentos(scope, tipos, q);
        tiempos.push(performance.now() - t0);
      }
      rows.push([`fcompra/list: ${nombre}`, ms(pct(tiempos, 50)), ms(pct(tiempos, 95)), '']);
    }

    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const borradores = filas(
      await db.execute(sql`
        insert into documentos_compra (empresa_id, tipo, fecha, estado, estado_cobro, id_proveedor, proveedor_nombre,
          num_tercero)
        select ${empresaId}, 'factura', ${hoy}::date, 'Provisional', 'Pendiente', ${Number(provs[0]!.id)}, 'Bench',
          'REG-' || g
        from generate_series(1, ${m}) g returning id`),
    ).map((r) => Number(r.id));
    await db.execute(sql`
      insert into documentos_compra_lineas (empresa_id, id_documento, orden, descripcion, cantidad, precio, tipo_iva)
      select ${empresaId}, d, 1, 'Servicio', 1, 50, 'IVA21' from unnest(${sql.raw(`array[${borradores.join(',')}]`)}::bigint[]) d`);
    const tiempos: number[] = [];
    const inicio = performance.now();
    for (const id of borradores) {
      t0 = performance.now();
      await scope.tx((tx) =>
        motorCompra.emitir(tx, id, {
          antesDelNumero: (t) => motorCompra.sincronizarStock(t, id, { comoEmitida: true }),
        }),
      );
      tiempos.push(performance.now() - t0);
    }
    const total = performance.now() - inicio;
    const [huecos] = filas(
      await db.execute(sql`select count(*)::int as n, max(numero) - min(numero) + 1 as rango from documentos_compra
        where empresa_id = ${empresaId} and id in (${sql.raw(borradores.join(','))})`),
    );
    rows.push([
      `register ${num(m, 0)} drafts (in process, one after another)`,
      ms(pct(tiempos, 50)),
      ms(pct(tiempos, 95)),
      `${num(m / (total / 1000), 1)}/s · ${Number(huecos!.n) === Number(huecos!.rango) ? '0 gaps' : 'GAPS'}`,
    ]);
    printTable('Purchases (PGlite)', ['', 'p50', 'p95', ''], rows);
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  benchCompras().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
