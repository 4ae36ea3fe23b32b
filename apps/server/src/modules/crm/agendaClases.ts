import { type EventoAjeno, instanteMadrid } from '@faro/domain';
import { inArray } from 'drizzle-orm';
import { diaMas } from '../../platform/fechas.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { cursosCols, cursosTable } from '../../platform/tenancy/tables.ts';
import { calendario } from '../autoescuela/clases.ts';
import { profesorDe, semana } from '../formacion/horario.ts';

const siguiente = (dia: string) => diaMas(dia, 1);
/** 1 Monday … 7 Sunday (the timetable's DiaSemana). */
const diaSemana = (dia: string) => ((new Date(`${dia}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const HORA = /^\d{2}:\d{2}$/;

/**
 * The events Mi Agenda shows from the academy and the driving school for the calling person when they are a
 * teacher/instructor (`profesores.Email` = their e-mail): each weekly timetable session on every day of [desde,
 * hasta] within its course's dates and outside the closure days, and the practical classes (not cancelled) they
 * give. Read-only here: they are changed in their own screens.
 */
export async function clasesDeAgenda(
  s: Scope,
  personaId: number | null,
  desde: string,
  hasta: string,
): Promise<EventoAjeno[]> {
  const yo = await profesorDe(s, personaId);
  if (!yo) return [];
  const out: EventoAjeno[] = [];
  const { Sesiones, DiasCierre } = await semana(s, { profesor: yo });
  const cierre = new Set(DiasCierre.map((d) => String(d.Fecha)));
  const idsCurso = [...new Set(Sesiones.map((x) => Number(x.IdCurso)))];
  const cursos = new Map(
    (idsCurso.length
      ? await s.pick(
          { Id: cursosCols.Id, FechaInicio: cursosCols.FechaInicio, FechaFin: cursosCols.FechaFin },
          cursosTable,
          inArray(cursosCols.Id, idsCurso),
        )
      : []
    ).map((c) => [Number(c.Id), c]),
  );
  for (let dia = desde; dia <= hasta; dia = siguiente(dia)) {
    if (cierre.has(dia)) continue;
    for (const se of Sesiones) {
      if (
        Number(se.DiaSemana) !== diaSemana(dia) ||
        !HORA.test(String(se.HoraInicio)) ||
        !HORA.test(String(se.HoraFin))
      )
        continue;
      const curso = cursos.get(Number(se.IdCurso));
      if (curso?.FechaInicio && dia < String(curso.FechaInicio)) continue;
      if (curso?.FechaFin && dia > String(curso.FechaFin)) continue;
      out.push({
        Id: `h${se.Id}-${dia}`,
        Origen: 'academia',
        Asunto: `${se.Curso ?? 'Clase'}${se.Grupo ? ` · ${se.Grupo}` : ''}`,
        Descripcion: se.Aula ? `Aula ${se.Aula}` : null,
        Inicio: instanteMadrid(dia, String(se.HoraInicio)),
        Fin: instanteMadrid(dia, String(se.HoraFin)),
        Enlace: '/horario/lista',
      });
    }
  }
  for (const c of await calendario(s, { desde, hasta, profesor: yo })) {
    if (!HORA.test(String(c.Hora))) continue;
    const inicio = instanteMadrid(String(c.Fecha), String(c.Hora));
    out.push({
      Id: `c${c.Id}`,
      Origen: 'autoescuela',
      Asunto: `Clase práctica · ${c.Alumno}`,
      Descripcion: [c.Vehiculo, c.Recogida].filter(Boolean).join(' · ') || null,
      Inicio: inicio,
      Fin: new Date(Date.parse(inicio) + Number(c.Minutos) * 60_000).toISOString(),
      Enlace: '/clases/lista',
    });
  }
  return out;
}
