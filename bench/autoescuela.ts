/**
 * Driving-school figures, for `bench/run.ts` to call: `await benchAutoescuela()`. Prints, asserts nothing,
 * stays in process, stops what it starts.
 *   - AUTOESCUELA (DEMO seed) gets P instructors (FARO_BENCH_INSTRUCTORES, default 30) with eight 45-minute classes
 *     a working day for a month of 2099 (set-based insert, about 30 × 8 × 22 = 5,280 classes).
 *   - The month's calendar of all instructors and of one (`calendario`, with the names): ms to load.
 *   - The clash check of a new class (`choquesDe`, the query and the rule), K times (FARO_BENCH_CHOQUES, default 300):
 *     p50 / p95.
 *   - PGlite in a temp folder.
 */
import { sql } from 'drizzle-orm';
import { calendario, choquesDe } from '../apps/server/src/modules/autoescuela/clases.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { type Cell, ms, num, printTable } from './format.ts';
import { enPgliteTemporal, filas, pct, prepararDemo } from './kit.ts';

export async function benchAutoescuela(): Promise<void> {
  const p = Number(process.env.FARO_BENCH_INSTRUCTORES ?? 30) || 30;
  const k = Number(process.env.FARO_BENCH_CHOQUES ?? 300) || 300;
  await enPgliteTemporal('faro-bench-autoescuela-', async (database) => {
    const empresaId = await prepararDemo(database, 'AUTOESCUELA');
    const db = database.db;
    let t0 = performance.now();
    await db.execute(sql`
      insert into profesores (empresa_id, codigo, nombre, apellidos, baja)
      select ${empresaId}, 'BI-' || g, 'Instructor', 'Bench ' || g, false from generate_series(1, ${p}) g`);
    await db.execute(sql`
      insert into clases_practicas (empresa_id, id_profesor, id_alumno, fecha, hora, minutos, estado, consumo)
      select ${empresaId}, pr.id, al.id, d::date, lpad((8 + h)::text, 2, '0') || ':00', 45, 'reservada', 's'
      from (select id, row_number() over (order by id) n from profesores
            where empresa_id = ${empresaId} and codigo like 'BI-%') pr
      cross join generate_series('2099-03-02'::date, '2099-03-31'::date, '1 day') d
      cross join generate_series(1, 8) h
      join lateral (select id from alumnos where empresa_id = ${empresaId} order by id
                    offset ((pr.n + h) % greatest(1, (select count(*) from alumnos where empresa_id = ${empresaId}))) limit 1) al on true
      where extract(isodow from d) < 6`);
    const [total] = filas(
      await db.execute(sql`select count(*)::int n from clases_practicas where empresa_id = ${empresaId}`),
    );
    const alta = performance.now() - t0;
    const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
    t0 = performance.now();
    const todas = await calendario(scope, { desde: '2099-03-01', hasta: '2099-03-31' });
    const mes = performance.now() - t0;
    const [uno] = filas(
      await db.execute(sql`select id from profesores where empresa_id = ${empresaId} and codigo = 'BI-1'`),
    );
    t0 = performance.now();
    const suyas = await calendario(scope, { desde: '2099-03-01', hasta: '2099-03-31', profesor: Number(uno!.id) });
    const mesUno = performance.now() - t0;
    const tiempos: number[] = [];
    let conChoque = 0;
    for (let i = 0; i < k; i++) {
      const c = todas[(i * 7919) % todas.length]!;
      t0 = performance.now();
      const errores = await choquesDe(scope, {
        Id: null,
        Fecha: String(c.Fecha),
        Hora: '10:30',
        Minutos: 45,
        IdProfesor: Number(c.IdProfesor),
        IdVehiculo: null,
        IdAlumno: Number(c.IdAlumno),
      });
      tiempos.push(performance.now() - t0);
      if (errores.length) conChoque++;
    }
    const rows: Cell[][] = [
      ['Classes inserted (instructors × working days × 8)', num(Number(total!.n), 0), `${num(alta / 1000, 2)} s`],
      [`Month calendar, all ${p} instructors`, num(todas.length, 0), ms(mes)],
      ['Month calendar, one instructor', num(suyas.length, 0), ms(mesUno)],
      [`Clash check p50 (${k} runs, ${conChoque} with a clash)`, '', ms(pct(tiempos, 0.5))],
      ['Clash check p95', '', ms(pct(tiempos, 0.95))],
    ];
    printTable('Driving school (PGlite)', ['', 'rows', 'time'], rows);
  });
}
