/**
 * Academy figures, for `bench/run.ts` to call: `await benchAcademia()`. Prints, asserts nothing, stays in
 * process, stops what it starts.
 *   - ACADEMIA (DEMO seed) gets N active adult students enrolled in a course (set-based insert; N =
 *     FARO_BENCH_ALUMNOS, default 20,000).
 *   - Monthly charges of a period for all of them (`generarCargosMensuales`, one INSERT…SELECT) and the same run
 *     again (idempotent: 0 rows).
 *   - Their invoices through the sales engine (`facturarCargos`: one issued invoice per payer) for the first M
 *     students (FARO_BENCH_FACTURAS, default 500): invoices/s and the projection to N.
 *   - PGlite in a temp folder.
 */
import { sql } from 'drizzle-orm';
import { generarCargosMensuales } from '../apps/server/src/modules/formacion/cargos.ts';
import { facturarCargos } from '../apps/server/src/modules/formacion/facturacion.ts';
import { companyScope } from '../apps/server/src/platform/tenancy/scope.ts';
import { type Cell, num, printTable } from './format.ts';
import { enPgliteTemporal, filas, prepararDemo } from './kit.ts';

export async function benchAcademia(): Promise<void> {
  const n = Number(process.env.FARO_BENCH_ALUMNOS ?? 20_000) || 20_000;
  const m = Math.min(n, Number(process.env.FARO_BENCH_FACTURAS ?? 500) || 500);
  await enPgliteTemporal('faro-bench-academia-', async (database) => {
    const empresaId = await prepararDemo(database, 'ACADEMIA');
    const db = database.db;
    const [curso] = filas(
      await db.execute(sql`select id from cursos where empresa_id = ${empresaId} order by id limit 1`),
    );
    const idCurso = Number(curso!.id);
    let t0 = performance.now();
    // Adult students paying themselves, with a valid DNI (number + its letter).
    await db.execute(sql`
      insert into alumnos (empresa_id, cod_matricula, cod_alumno, nombre, apellidos, nif, fecha_nacimiento, estado, fecha_alta, baja, paga_tutor, consentimiento_rgpd, consentimiento_imagen)
      select ${empresaId}, 'BM-' || g, 'BA-' || g, 'Alumno', 'Bench ' || g,
        lpad((20000000 + g)::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', ((20000000 + g) % 23) + 1, 1),
        '1990-01-01', 'activo', '2026-01-01', false, false, true, false
      from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into cursando (empresa_id, id_alumno, id_curso, fecha_alta, prorratear, baja)
      select ${empresaId}, a.id, ${idCurso}, '2026-01-01', false, false
      from alumnos a where a.empresa_id = ${empresaId} and a.cod_matricula like 'BM-%'`);
    const alta = performance.now() - t0;
    const scope = companyScope(db, { empresaId, personaId: null, userName: 'bench' });
    t0 = performance.now();
    const cargos = await generarCargosMensuales(scope, '2099-01');
    const primera = performance.now() - t0;
    t0 = performance.now();
    const otra = await generarCargosMensuales(scope, '2099-01');
    const segunda = performance.now() - t0;
    const ids = filas(
      await db.execute(
        sql`select id from alumnos where empresa_id = ${empresaId} and cod_matricula like 'BM-%' order by id limit ${m}`,
      ),
    ).map((r) => Number(r.id));
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    t0 = performance.now();
    const r = await facturarCargos(scope, { hasta: '2099-12-31', fecha: hoy, alumnos: ids });
    const facturar = performance.now() - t0;
    const porSegundo = r.Facturas.length / (facturar / 1000);
    const rows: Cell[][] = [
      ['Students + enrolments inserted', num(n, 0), `${num(alta / 1000, 2)} s`],
      ['Monthly charges generated (one statement)', num(cargos, 0), `${num(primera / 1000, 2)} s`],
      ['Same month again (idempotent)', num(otra, 0), `${num(segunda / 1000, 2)} s`],
      [
        'Invoices issued (one per payer)',
        num(r.Facturas.length, 0),
        `${num(facturar / 1000, 2)} s · ${num(porSegundo, 1)}/s`,
      ],
      ['Invoice errors', num(r.Errores.length, 0), r.Errores[0]?.Mensaje ?? ''],
      [`Projected invoices for ${num(n, 0)}`, num(n, 0), `${num(n / porSegundo / 60, 1)} min`],
    ];
    printTable('Academy (PGlite)', ['', 'rows', 'time'], rows);
  });
}
