import { diasDelPeriodo, esPeriodo, etiquetaPeriodo, MSG_ACADEMIA, periodoDe } from '@faro/domain';
import { type Column, eq, sql } from 'drizzle-orm';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  cargosTable as ca,
  cargosCols as caC,
  cursosTable as cs,
  cursosCols as csC,
  cursandoTable as cu,
  cursandoCols as cuC,
  tarifascursoTable as ta,
  tarifascursoCols as taC,
} from '../../platform/tenancy/tables.ts';
import { hoyEspana } from './comun.ts';

/** Day of the month the monthly charges are generated on (the job runs daily and catches up). */
export const DIA_CARGO_MENSUAL = 1;

/** Manual and personal charges: the period follows the date; an invoiced charge is never changed nor deleted. */
export const cargosHooks: RepositoryHooks = {
  async beforeWrite(s, values, id) {
    const v = { ...values, Periodo: periodoDe(String(values.Fecha)) };
    if (id !== null) await noFacturado(s, id, v);
    return v;
  },
  async beforeRemove(s, id) {
    await noFacturado(s, id);
  },
};

const FACTURADOS = ['IdAlumno', 'Fecha', 'Concepto', 'Importe', 'TipoIva'] as const;

/** An invoiced charge may be saved back unchanged, never changed (nor deleted). */
async function noFacturado(s: Scope, id: number, cambios?: Record<string, unknown>) {
  const [c] = await s.select(ca, eq(caC.Id, id));
  if (!c?.IdFactura) return;
  const igual = (k: (typeof FACTURADOS)[number]) => String(c[k] ?? '') === String(cambios?.[k] ?? '');
  if (!cambios || !FACTURADOS.every((k) => (k === 'Importe' ? Number(c[k]) === Number(cambios[k]) : igual(k))))
    throw new AppError(400, 'El cargo ya está facturado: no se puede cambiar');
}

/**
 * The monthly charges of a period for every active enrolment (`cursando`) of an active student, in ONE statement:
 * the fee is the enrolment's own, else its monthly tariff's, else the course's; less the monthly tariff's discounts
 * for siblings (another active student of the same tutor registered before, attending that month) and for several
 * courses (the student's second and later enrolments of the month), one after the other; pro-rated by days when the
 * enrolment asks for it and started that month. The partial unique key (company, IdCursando, Periodo) of mode 'mensual'
 * makes a second run (or a run after a crash) insert nothing: a month is never charged twice.
 */
export async function generarCargosMensuales(s: Scope, periodo: string): Promise<number> {
  if (!esPeriodo(periodo)) throw fieldError('Periodo', MSG_ACADEMIA.periodo);
  const desde = `${periodo}-01`;
  const hasta = `${periodo}-${String(diasDelPeriodo(periodo)).padStart(2, '0')}`;
  const fecha = `${periodo}-${String(DIA_CARGO_MENSUAL).padStart(2, '0')}`;
  const dias = diasDelPeriodo(periodo);
  const etiqueta = `Cuota ${etiquetaPeriodo(desde, 'Mensual')} · `;
  const rows = await s.execute<{ n: number }>(
    (empresaId) => sql`
    with nuevos as (
      insert into ${ca} (${columnas(caC.empresaId, caC.IdAlumno, caC.Fecha, caC.Modo, caC.Concepto, caC.Importe, caC.TipoIva, caC.Periodo, caC.IdCursando)})
      select ${cuC.empresaId}, ${cuC.IdAlumno}, ${fecha}::date, 'mensual',
        ${etiqueta}::text || ${csC.Nombre}
          || case when dto.hermanos > 0 then ' · dto. hermanos ' || rtrim(replace(to_char(dto.hermanos, 'FM990.99'), '.', ','), ',') || ' %' else '' end
          || case when dto.cursos > 0 then ' · dto. varios cursos ' || rtrim(replace(to_char(dto.cursos, 'FM990.99'), '.', ','), ',') || ' %' else '' end,
        round(base.cuota * (1 - dto.hermanos / 100) * (1 - dto.cursos / 100)
          * case when ${cuC.Prorratear} and to_char(${cuC.FechaAlta}, 'YYYY-MM') = ${periodo}::text
              then (${dias}::int - extract(day from ${cuC.FechaAlta})::int + 1)::numeric / ${dias}::int
              else 1 end, 2),
        coalesce(nullif(${csC.TipoIva}, ''), 'EXENTO'), ${periodo}::text, ${cuC.Id}
      from ${cu}
      join ${al} on ${alC.empresaId} = ${cuC.empresaId} and ${alC.Id} = ${cuC.IdAlumno}
      join ${cs} on ${csC.empresaId} = ${cuC.empresaId} and ${csC.Id} = ${cuC.IdCurso}
      left join ${ta} on ${taC.empresaId} = ${cuC.empresaId} and ${taC.Id} = ${cuC.IdTarifa} and ${taC.Tipo} = 'mensual'
      cross join lateral (select coalesce(${cuC.Cuota}, ${taC.Importe}, ${csC.CuotaMensual}) as cuota) base
      cross join lateral (select
        -- Siblings: a student whose tutor has an elder-registered active student attending this month.
        case when coalesce(${taC.DescuentoHermanos}, 0) > 0 and ${alC.IdTutor} is not null and exists (
          select 1 from ${al} h join ${cu} hc on ${en('hc', cuC.empresaId)} = ${en('h', alC.empresaId)}
            and ${en('hc', cuC.IdAlumno)} = ${en('h', alC.Id)}
          where ${en('h', alC.empresaId)} = ${cuC.empresaId} and ${en('h', alC.IdTutor)} = ${alC.IdTutor}
            and ${en('h', alC.Id)} < ${alC.Id} and not ${en('h', alC.Baja)} and ${en('h', alC.Estado)} = 'activo'
            and ${activoEnMes('hc', desde, hasta)}
        ) then ${taC.DescuentoHermanos} else 0 end as hermanos,
        -- Several courses: the student's second and later enrolments attended this month.
        case when coalesce(${taC.DescuentoVariosCursos}, 0) > 0 and exists (
          select 1 from ${cu} oc where ${en('oc', cuC.empresaId)} = ${cuC.empresaId}
            and ${en('oc', cuC.IdAlumno)} = ${cuC.IdAlumno} and ${en('oc', cuC.Id)} < ${cuC.Id}
            and ${activoEnMes('oc', desde, hasta)}
        ) then ${taC.DescuentoVariosCursos} else 0 end as cursos) dto
      where ${cuC.empresaId} = ${empresaId} and not ${cuC.Baja} and not ${alC.Baja} and ${alC.Estado} = 'activo'
        and ${cuC.FechaAlta} <= ${hasta}::date and (${cuC.FechaBaja} is null or ${cuC.FechaBaja} >= ${desde}::date)
        and base.cuota is not null and base.cuota > 0
      on conflict (${columnas(caC.empresaId, caC.IdCursando, caC.Periodo)}) where ${columnas(caC.Modo)} = 'mensual' do nothing
      returning 1
    ) select count(*)::int as n from nuevos`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A column of a table under an alias of a subquery (`alias.column`). */
const en = (alias: string, c: Column) => sql`${sql.identifier(alias)}.${sql.identifier(c.name)}`;

/** An enrolment row (under `alias`) attended some day of the month [desde, hasta]. */
const activoEnMes = (alias: string, desde: string, hasta: string) =>
  sql`not ${en(alias, cuC.Baja)} and ${en(alias, cuC.FechaAlta)} <= ${hasta}::date
    and (${en(alias, cuC.FechaBaja)} is null or ${en(alias, cuC.FechaBaja)} >= ${desde}::date)`;

/** Bare column names (an INSERT's target list, an ON CONFLICT target). */
const columnas = (...cs: Column[]) =>
  sql.join(
    cs.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** The period whose monthly charges are due on `hoy` (this month once its charge day has come, else none). */
export function periodoDebido(hoy: string): string | null {
  return Number(hoy.slice(8, 10)) >= DIA_CARGO_MENSUAL ? periodoDe(hoy) : null;
}

/** The job: every company with enrolments gets this month's charges (idempotent: the unique key). */
export function trabajoCargosMensuales(deps: Pick<AppDeps, 'database'>, horas = 6): Job {
  return {
    nombre: 'cargos-mensuales-academia',
    intervaloSegundos: horas * 3600,
    async run() {
      const periodo = periodoDebido(hoyEspana());
      if (!periodo) return 'sin periodo';
      const dir = companyDirectory(deps);
      let total = 0;
      for (const empresaId of await dir.companiesWith(cu, eq(cuC.Baja, false))) {
        total += await generarCargosMensuales(
          dir.scope(empresaId, { personaId: null, userName: 'Cargos mensuales' }),
          periodo,
        );
      }
      return `${total} cargos de ${periodo}`;
    },
  };
}
