/**
 * People and time-clock figures, for `bench/run.ts` to call: `await benchPersonal()`. Prints, asserts
 * nothing, stays in process, stops what it starts. PGlite in a temp folder with the DEMO seed, then:
 *   - N workers with the time clock (FARO_BENCH_EMPLEADOS, default 500) and a month of chained entries each
 *     (22 workdays × 4 entries, hashes computed as the server does, one INSERT per 10,000 rows);
 *   - the monthly sheet of all of them: the month of every worker against the plan (`mesesDe`), then the sheet
 *     as PDF and as xlsx (`enviarHoja`'s writers);
 *   - the chain verification of the whole company (every hash recomputed);
 *   - clock-in under C concurrent workers (FARO_BENCH_CONCURRENTES, default 200): each one appends an entry through
 *     the service (`anotarFichaje`, per-person advisory lock): p50/p95/max.
 */
import { PassThrough } from 'node:stream';
import { huellaFichaje, letraDia } from '@faro/domain';
import { sql } from 'drizzle-orm';
import { anotarFichaje, verificarFichajes } from '../apps/server/src/modules/rrhh/cadena.ts';
import { mesesDe } from '../apps/server/src/modules/rrhh/fichajesRoutes.ts';
import { COLUMNAS_DIAS, filasDias } from '../apps/server/src/modules/rrhh/hoja.ts';
import { pdfWriter } from '../apps/server/src/platform/export/pdfWriter.ts';
import { xlsxWriter } from '../apps/server/src/platform/export/xlsxWriter.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { fichajes } from '../apps/server/src/platform/tenancy/tables.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { enPgliteTemporal, filas, prepararDemo, siEsEntrada } from './kit.ts';

const MES = '2026-10';

async function bytesOf(write: (out: PassThrough) => Promise<void>): Promise<number> {
  const out = new PassThrough();
  let n = 0;
  out.on('data', (c: Buffer) => {
    n += c.length;
  });
  const done = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  out.end();
  await done;
  return n;
}

export async function benchPersonal(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_EMPLEADOS ?? 500) || 500;
  const c = Math.min(n, Number(process.env.FARO_BENCH_CONCURRENTES ?? 200) || 200);
  const rows: Cell[][] = [];
  await enPgliteTemporal('faro-bench-personal-', async (database) => {
    const empresaId = await prepararDemo(database);
    const db = database.db;
    let t0 = performance.now();
    await db.execute(sql`
      insert into personas (user_name, nombre, email, password_hash)
      select 'bench-fichaje-' || g, 'Trabajador ' || g, 'bench' || g || '@faro.local', 'x'
      from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into miembros (empresa_id, persona_id, roles, fichaje_activo, codigo_empleado)
      select ${empresaId}, p.id, '["reghorario"]'::jsonb, true, 'B' || lpad(substr(p.user_name, 15), 5, '0')
      from personas p where p.user_name like 'bench-fichaje-%'`);
    const personas = filas(
      await db.execute(sql`select id from personas where user_name like 'bench-fichaje-%' order by id`),
    ).map((r) => Number(r.id));
    const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
    const dias = Array.from({ length: 31 }, (_, i) => `${MES}-${String(i + 1).padStart(2, '0')}`).filter((d) =>
      'LMXJV'.includes(letraDia(d)),
    );
    const entradas: Omit<typeof fichajes.$inferInsert, 'empresaId'>[] = [];
    for (const persona of personas) {
      let anterior = '';
      for (const dia of dias) {
        for (const [estado, hora, motivo] of [
          ['e', '07:00', null],
          ['p', '11:30', 'Comida'],
          ['r', '12:15', null],
          ['s', '15:30', null],
        ] as const) {
          const fecha = new Date(`${dia}T${hora}:00Z`);
          const values = {
            personaId: persona,
            fecha,
            registrado: fecha,
            tipo: estado === 'p' || estado === 'r' ? 'p' : 'j',
            estado,
            motivoPausa: motivo,
            origen: 'w',
            offline: false,
            ip: '127.0.0.1',
            dispositivo: 'bench',
          };
          const huella = huellaFichaje(
            {
              Id: 0,
              Persona: persona,
              Fecha: fecha.toISOString(),
              Registrado: fecha.toISOString(),
              Tipo: values.tipo,
              Estado: estado,
              MotivoPausa: motivo,
              Origen: 'w',
              Offline: false,
              Corrige: null,
              Latitud: null,
              Longitud: null,
              Ip: values.ip,
              Dispositivo: values.dispositivo,
              IdCliente: null,
            },
            anterior,
          );
          entradas.push({ ...values, huella, huellaAnterior: anterior });
          anterior = huella;
        }
      }
    }
    const hashing = performance.now() - t0;
    // 2,000 rows a statement: ~17 columns each stays under PostgreSQL's 65,535 parameters (and drizzle's spread).
    for (let i = 0; i < entradas.length; i += 2_000) await scope.insert(fichajes, entradas.slice(i, i + 2_000));
    const carga = performance.now() - t0;
    rows.push([
      `${num(n, 0)} workers, ${num(entradas.length, 0)} chained entries (hash + insert)`,
      ms(carga),
      `hashing ${ms(hashing)}`,
    ]);

    t0 = performance.now();
    const meses = await mesesDe(scope, MES);
    const calcular = performance.now() - t0;
    rows.push([`month of ${num(meses.length, 0)} workers against the plan (mesesDe)`, ms(calcular), '']);
    const celdas = filasDias(meses);
    // The sheet through one of the export writers, as `enviarHoja` writes it: its size in bytes.
    const hoja = (writer: typeof pdfWriter | typeof xlsxWriter) =>
      bytesOf(async (out) => {
        const w = writer();
        await w.begin(out, `Registro de jornada ${MES}`, COLUMNAS_DIAS, celdas.length);
        await w.rows(celdas);
        await w.end();
      });
    t0 = performance.now();
    const pdf = await hoja(pdfWriter);
    rows.push([
      `monthly sheet PDF (${num(celdas.length, 0)} rows)`,
      ms(performance.now() - t0),
      `${num(pdf / 1024, 0)} KiB`,
    ]);
    t0 = performance.now();
    const xlsx = await hoja(xlsxWriter);
    rows.push(['monthly sheet xlsx', ms(performance.now() - t0), `${num(xlsx / 1024, 0)} KiB`]);

    t0 = performance.now();
    const v = await verificarFichajes(scope);
    rows.push([
      `chain verification (${num(v.revisados, 0)} entries)`,
      ms(performance.now() - t0),
      v.ok ? 'intact' : 'DEFECTS',
    ]);

    const tiempos: number[] = [];
    t0 = performance.now();
    await Promise.all(
      personas.slice(0, c).map(async (persona) => {
        const s0 = performance.now();
        await scope.tx((tx) => anotarFichaje(tx, persona, { tipo: 'j', fecha: new Date(), origen: 'w' }));
        tiempos.push(performance.now() - s0);
      }),
    );
    const total = performance.now() - t0;
    tiempos.sort((a, b) => a - b);
    const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))] ?? 0;
    rows.push([
      `clock-in, ${num(c, 0)} concurrent workers (service, PGlite)`,
      `p50 ${ms(p(0.5))} · p95 ${ms(p(0.95))} · max ${ms(p(1))}`,
      `all in ${ms(total)}`,
    ]);
  });
  printTable('People and time clock', ['', 'time', ''], rows);
}

siEsEntrada(import.meta.url, benchPersonal);
