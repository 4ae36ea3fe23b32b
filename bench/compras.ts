/**
 * Purchase figures, for `bench/run.ts` to call: `await benchCompras()`. Prints, asserts nothing, stays in
 * process, stops what it starts. Per engine (FARO_BENCH_ENGINES, default 'pglite,postgres'): PGlite in a temp folder
 * and PostgreSQL on a throwaway cluster.
 *   - DEMO gets N registered received invoices (one set-based INSERT): FARO_BENCH_COMPRAS on PGlite (default
 *     100,000), FARO_BENCH_COMPRAS_PG on PostgreSQL (default 1,000,000).
 *   - The received-invoice list (`fcompra/list`'s query: the engine's `listarDocumentos`, page of 50 and its capped
 *     count) p50 / p95: first page, EstadoPago Pendiente, a supplier, Buscar — beside the same page and capped count
 *     as raw SQL.
 *   - Registering M drafts (FARO_BENCH_REGISTROS, default 200) one after another as the route does (recompute, checks,
 *     stock, the number last): p50 / p95 and registrations per second, with a gap check.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { motorCompra } from '../apps/server/src/modules/compras/ladoCompra.ts';
import { parseListQuery } from '../apps/server/src/platform/crud/listQuery.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { enCarpetaTemporal, enPostgresTemporal, filas, pct, prepararDemo, siEsEntrada } from './kit.ts';

/** Raw SQL samples, sequential after a warm-up: the page of 50 and the count capped at 10,001 as the list runs them. */
async function crudo(database: Database, extra: string, params: unknown[]): Promise<[number, number]> {
  const where = `empresa_id = $1 and tipo in ('factura', 'gasto')${extra}`;
  const pagina = `select id, fecha, num_serie, num_tercero, proveedor_nombre, total, estado, estado_cobro
    from documentos_compra where ${where} order by fecha desc, id desc limit 50`;
  const cuenta = `select count(*) from (select 1 from documentos_compra where ${where} limit 10001) x`;
  const medir = async (text: string) => {
    for (let i = 0; i < 3; i++) await database.query(text, params);
    const out: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await database.query(text, params);
      out.push(performance.now() - t0);
    }
    return pct(out, 0.95);
  };
  return [await medir(pagina), await medir(cuenta)];
}

async function benchMotor(nombre: string, database: Database, n: number, m: number): Promise<void> {
  try {
    const empresaId = await prepararDemo(database);
    const db = database.db;
    const provs = filas(
      await db.execute(sql`select id, nombre from proveedores where empresa_id = ${empresaId} order by id`),
    );
    const [serie] = filas(
      await db.execute(sql`insert into series (empresa_id, codigo, descripcion, tipo_documento, prefijo, defecto, baja)
        values (${empresaId}, 'BR', 'Bench', 'facturacompra', 'BR', false, false) returning id`),
    );
    let t0 = performance.now();
    // The trigram (GIN) indexes are built once after the load, as a restore would: the same indexes, far faster
    // than a million incremental GIN inserts. Their build time is part of the load figure.
    const gin = filas(
      await db.execute(sql`select indexname, indexdef from pg_indexes
        where tablename = 'documentos_compra' and indexdef ilike '%using gin%'`),
    );
    for (const i of gin) await db.execute(sql.raw(`drop index "${String(i.indexname)}"`));
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
    for (const i of gin) await db.execute(sql.raw(String(i.indexdef)));
    const carga = performance.now() - t0;
    const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
    const tipos = motorCompra.lado.recursos.fcompra!.tipos;
    await db.execute(sql`analyze documentos_compra`);
    const casos: [string, Record<string, unknown>, string, unknown[]][] = [
      ['first page', {}, '', []],
      ['EstadoPago Pendiente (10 %)', { EstadoPago: 'Pendiente' }, ' and estado_cobro = $2', ['Pendiente']],
      ['one supplier', { Proveedor: Number(provs[0]!.id) }, ' and id_proveedor = $2', [Number(provs[0]!.id)]],
      ['Buscar "BR00012"', { Buscar: 'BR00012' }, ' and num_serie ilike $2', ['%BR00012%']],
    ];
    const rows: Cell[][] = [
      [
        `${num(n, 0)} registered invoices inserted (${gin.length} GIN indexes rebuilt)`,
        '',
        `${num(carga / 1000, 2)} s`,
        '',
      ],
    ];
    for (const [caso, filtros, extra, params] of casos) {
      const q = parseListQuery({ Filtros: JSON.stringify(filtros) });
      const tiempos: number[] = [];
      for (let i = 0; i < 30; i++) {
        t0 = performance.now();
        await motorCompra.listarDocumentos(scope, tipos, q);
        tiempos.push(performance.now() - t0);
      }
      const [pagina, cuenta] = await crudo(database, extra, [empresaId, ...params]);
      rows.push([
        `fcompra/list: ${caso}`,
        ms(pct(tiempos, 50)),
        ms(pct(tiempos, 95)),
        `raw SQL p95: page ${ms(pagina)} + count ${ms(cuenta)}`,
      ]);
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
    printTable(`Purchases (${nombre})`, ['', 'p50', 'p95', ''], rows);
  } finally {
    await database.close();
  }
}

export async function benchCompras(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_COMPRAS ?? 100_000) || 100_000;
  const nPg = Number(process.env.FARO_BENCH_COMPRAS_PG ?? 1_000_000) || 1_000_000;
  const m = Number(process.env.FARO_BENCH_REGISTROS ?? 200) || 200;
  const motores = (process.env.FARO_BENCH_ENGINES ?? 'pglite,postgres').toLowerCase();
  if (motores.includes('pglite')) {
    await enCarpetaTemporal('faro-bench-compras-', async (work) =>
      benchMotor('PGlite', await openDatabase({ dataDir: path.join(work, 'pglite') }), n, m),
    );
  }
  if (motores.includes('postgres')) {
    const why = await enPostgresTemporal(async (url) =>
      benchMotor('PostgreSQL', await openDatabase({ databaseUrl: url }), nPg, m),
    );
    if (why) console.log(`!!!!!!!! Purchases on PostgreSQL SKIPPED: ${why}`);
  }
}

siEsEntrada(import.meta.url, benchCompras);
