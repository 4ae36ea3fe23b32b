import {
  type Choque,
  choques,
  cuandoSesion,
  esEstadoAsistencia,
  esHora,
  isIsoDate,
  MSG,
  MSG_ACADEMIA,
  type SesionHorario,
} from '@faro/domain';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  asistencias,
  aulasTable as au,
  aulasCols as auC,
  cursosTable as cs,
  cursosCols as csC,
  cursandoTable as cu,
  cursandoCols as cuC,
  diascierreTable as dc,
  diascierreCols as dcC,
  horariosTable as ho,
  horariosCols as hoC,
  mkCampanas,
  mkConfig,
  mkMensajes,
  profesoresTable as pr,
  profesoresCols as prC,
  tutoresTable as tu,
  tutoresCols as tuC,
} from '../../platform/tenancy/tables.ts';
import { hoyEspana, vacio } from './comun.ts';

type Fila = Record<string, unknown>;
const num = (v: unknown) => (vacio(v) ? null : Number(v));

/** Students attending a course (and group, when the session names one) on a day (active rows of `cursando`). */
async function alumnosDeCurso(s: Scope, idCurso: number, grupo: string | null, fecha?: string): Promise<number[]> {
  const dia = fecha ?? hoyEspana();
  const rows = await s.pick(
    { IdAlumno: cuC.IdAlumno },
    cu,
    and(
      eq(cuC.IdCurso, idCurso),
      eq(cuC.Baja, false),
      lte(cuC.FechaAlta, dia),
      or(isNull(cuC.FechaBaja), gte(cuC.FechaBaja, dia)),
      grupo ? or(isNull(cuC.Grupo), eq(cuC.Grupo, ''), eq(cuC.Grupo, grupo)) : undefined,
    ),
  );
  return [...new Set(rows.map((r) => Number(r.IdAlumno)))];
}

async function nombres(s: Scope, ids: { profesores?: number[]; aulas?: number[]; alumnos?: number[] }) {
  const out = new Map<string, string>();
  for (const id of ids.profesores ?? []) {
    const [p] = await s.pick({ Nombre: prC.Nombre, Apellidos: prC.Apellidos }, pr, eq(prC.Id, id));
    if (p) out.set(`p${id}`, [p.Nombre, p.Apellidos].filter(Boolean).join(' '));
  }
  for (const id of ids.aulas ?? []) {
    const [a] = await s.pick({ Nombre: auC.Nombre }, au, eq(auC.Id, id));
    if (a) out.set(`a${id}`, String(a.Nombre));
  }
  for (const id of ids.alumnos ?? []) {
    const [a] = await s.pick({ Nombre: alC.Nombre, Apellidos: alC.Apellidos }, al, eq(alC.Id, id));
    if (a) out.set(`s${id}`, [a.Nombre, a.Apellidos].filter(Boolean).join(' '));
  }
  return out;
}

/** Spanish messages of the clashes found (teacher, room, student), one per field. */
export async function mensajesChoque(s: Scope, nueva: SesionHorario, encontrados: Choque[]) {
  const n = await nombres(s, {
    profesores: nueva.IdProfesor ? [nueva.IdProfesor] : [],
    aulas: nueva.IdAula ? [nueva.IdAula] : [],
    alumnos: encontrados.flatMap((c) => (c.IdAlumno ? [c.IdAlumno] : [])),
  });
  const cuando = cuandoSesion(nueva);
  const errores: { Campo: string; Mensaje: string }[] = [];
  for (const c of encontrados) {
    if (errores.some((e) => e.Campo === c.Campo)) continue;
    const Mensaje =
      c.tipo === 'profesor'
        ? MSG_ACADEMIA.choqueProfesor(n.get(`p${nueva.IdProfesor}`) ?? '', cuando)
        : c.tipo === 'aula'
          ? MSG_ACADEMIA.choqueAula(n.get(`a${nueva.IdAula}`) ?? '', cuando)
          : MSG_ACADEMIA.choqueAlumno(n.get(`s${c.IdAlumno}`) ?? '', cuando);
    errores.push({ Campo: c.Campo, Mensaje });
  }
  return errores;
}

/** The timetable's save rule: well-formed hours, then no clash of teacher, room or student with another session. */
export const horariosHooks: RepositoryHooks = {
  async beforeWrite(s, values, id) {
    const inicio = String(values.HoraInicio ?? '');
    const fin = String(values.HoraFin ?? '');
    if (!esHora(inicio)) throw fieldError('HoraInicio', MSG_ACADEMIA.hora);
    if (!esHora(fin)) throw fieldError('HoraFin', MSG_ACADEMIA.hora);
    if (fin <= inicio) throw fieldError('HoraFin', MSG_ACADEMIA.horaFin);
    const grupo = vacio(values.Grupo) ? null : String(values.Grupo);
    const nueva: SesionHorario = {
      Id: id,
      DiaSemana: String(values.DiaSemana),
      HoraInicio: inicio,
      HoraFin: fin,
      IdProfesor: num(values.IdProfesor),
      IdAula: num(values.IdAula),
      Alumnos: await alumnosDeCurso(s, Number(values.IdCurso), grupo),
    };
    const mismoDia = await s.select(ho, eq(hoC.DiaSemana, nueva.DiaSemana));
    const otras: SesionHorario[] = [];
    for (const o of mismoDia) {
      otras.push({
        Id: Number(o.Id),
        DiaSemana: String(o.DiaSemana),
        HoraInicio: String(o.HoraInicio),
        HoraFin: String(o.HoraFin),
        IdProfesor: num(o.IdProfesor),
        IdAula: num(o.IdAula),
        Alumnos: nueva.Alumnos?.length
          ? await alumnosDeCurso(s, Number(o.IdCurso), vacio(o.Grupo) ? null : String(o.Grupo))
          : [],
      });
    }
    const encontrados = choques(nueva, otras);
    if (encontrados.length) throw new AppError(400, MSG.formInvalid, await mensajesChoque(s, nueva, encontrados));
    return values;
  },
};

/** The teacher row of the calling person (profesores.Email = the person's e-mail), or null. */
export async function profesorDe(s: Scope, personaId: number | null): Promise<number | null> {
  if (!personaId) return null;
  const rows = await s.execute<{ id: number }>(
    (empresaId) => sql`select ${prC.Id} as id from ${pr} join personas pe on lower(pe.email) = lower(${prC.Email})
      where ${prC.empresaId} = ${empresaId} and pe.id = ${personaId} and not ${prC.Baja} limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

const esProfesor = (request: FastifyRequest) => companyCtx(request).roles.includes('profesor');

/** Office users with CursoHorario at `nivel`, or a teacher for their own sessions. */
async function accesoHorario(request: FastifyRequest, s: Scope, nivel: number, idSesion?: number) {
  const ctx = companyCtx(request);
  if ((ctx.permisos.CursoHorario ?? 0) >= nivel) return;
  if (!esProfesor(request)) throw forbidden();
  if (idSesion === undefined) return;
  const yo = await profesorDe(s, ctx.personaId);
  const [sesion] = await s.pick({ IdProfesor: hoC.IdProfesor }, ho, eq(hoC.Id, idSesion));
  if (!sesion) throw notFound();
  if (!yo || Number(sesion.IdProfesor) !== yo) throw forbidden();
}

/**
 * Office users with `codigo` at `nivel` (CursoCursos for marks), or a teacher who has a session of the course: the
 * teacher enters the marks of the courses they teach (their evaluation sheet), never another course's.
 */
export async function accesoCurso(request: FastifyRequest, s: Scope, nivel: number, idCurso: number) {
  const ctx = companyCtx(request);
  if ((ctx.permisos.CursoCursos ?? 0) >= nivel) return;
  if (!esProfesor(request)) throw forbidden();
  const yo = await profesorDe(s, ctx.personaId);
  const [suya] = yo
    ? await s.pick({ Id: hoC.Id }, ho, and(eq(hoC.IdCurso, idCurso), eq(hoC.IdProfesor, yo))).limit(1)
    : [];
  if (!suya) throw forbidden();
}

/** The week's sessions with the names a calendar shows. `soloMias`: the calling teacher's. */
export async function semana(s: Scope, filtro: { profesor?: number | null; curso?: number | null } = {}) {
  const rows = await s
    .pick(
      {
        Id: hoC.Id,
        IdCurso: hoC.IdCurso,
        Curso: csC.Nombre,
        Grupo: hoC.Grupo,
        DiaSemana: hoC.DiaSemana,
        HoraInicio: hoC.HoraInicio,
        HoraFin: hoC.HoraFin,
        IdProfesor: hoC.IdProfesor,
        Profesor: prC.Nombre,
        IdAula: hoC.IdAula,
        Aula: auC.Nombre,
      },
      ho,
      and(
        filtro.profesor != null ? eq(hoC.IdProfesor, filtro.profesor) : undefined,
        filtro.curso != null ? eq(hoC.IdCurso, filtro.curso) : undefined,
      ),
    )
    .leftJoin(cs, and(s.on(cs, eq(csC.Id, hoC.IdCurso))))
    .leftJoin(pr, and(s.on(pr, eq(prC.Id, hoC.IdProfesor))))
    .leftJoin(au, and(s.on(au, eq(auC.Id, hoC.IdAula))))
    .orderBy(hoC.DiaSemana, hoC.HoraInicio);
  const cierre = await s.pick({ Fecha: dcC.Fecha, Descripcion: dcC.Descripcion }, dc).orderBy(dcC.Fecha);
  return { Sesiones: rows, DiasCierre: cierre };
}

const fechaSchema = z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format });
const marcarSchema = z.object({
  Fecha: fechaSchema,
  IdAlumno: z.coerce.number({ error: MSG.format }).int().positive({ error: MSG.format }),
  Estado: z.string({ error: MSG_ACADEMIA.asistencia }).refine(esEstadoAsistencia, { error: MSG_ACADEMIA.asistencia }),
});
const idParam = (request: FastifyRequest) => {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

/** The students of a session on a day with their attendance marks. */
export async function listaAsistencia(s: Scope, idSesion: number, fecha: string) {
  const [sesion] = await s.select(ho, eq(hoC.Id, idSesion));
  if (!sesion) throw notFound();
  const ids = await alumnosDeCurso(s, Number(sesion.IdCurso), vacio(sesion.Grupo) ? null : String(sesion.Grupo), fecha);
  const marcas = await s.select(asistencias, and(eq(asistencias.IdSesion, idSesion), eq(asistencias.Fecha, fecha)));
  const alumnos = [];
  for (const id of ids) {
    const [a] = await s.pick({ Nombre: alC.Nombre, Apellidos: alC.Apellidos }, al, eq(alC.Id, id));
    alumnos.push({
      IdAlumno: id,
      Nombre: [a?.Nombre, a?.Apellidos].filter(Boolean).join(' '),
      Estado: marcas.find((m) => m.IdAlumno === id)?.Estado ?? null,
    });
  }
  alumnos.sort((x, y) => x.Nombre.localeCompare(y.Nombre, 'es'));
  return { IdSesion: idSesion, Fecha: fecha, Sesion: sesion, Alumnos: alumnos };
}

/** Records one mark (upsert); an absence mails the student's tutors (or the student) through the outbox. */
export async function marcarAsistencia(
  s: Scope,
  deps: Pick<AppDeps, 'mailer'>,
  idSesion: number,
  body: { Fecha: string; IdAlumno: number; Estado: string },
) {
  const lista = await listaAsistencia(s, idSesion, body.Fecha);
  if (!lista.Alumnos.some((a) => a.IdAlumno === body.IdAlumno)) throw fieldError('IdAlumno', MSG.notFound);
  const anterior = lista.Alumnos.find((a) => a.IdAlumno === body.IdAlumno)?.Estado;
  await s
    .insert(asistencias, {
      IdSesion: idSesion,
      Fecha: body.Fecha,
      IdAlumno: body.IdAlumno,
      Estado: body.Estado,
      AnotadaPor: s.userName,
    })
    .onConflictDoUpdate({
      target: [asistencias.empresaId, asistencias.IdSesion, asistencias.Fecha, asistencias.IdAlumno],
      set: { Estado: body.Estado, AnotadaPor: s.userName, AnotadaEn: new Date() },
    });
  if (body.Estado === 'f' && anterior !== 'f') await avisarFalta(s, deps, body.IdAlumno, body.Fecha, lista.Sesion);
  return { IdAlumno: body.IdAlumno, Estado: body.Estado };
}

/**
 * An absence: a mail to the student's tutors (else the student) through the outbox and, when the company has an SMS
 * gateway (Comunicaciones → ajustes), an SMS to each tutor with a phone through the marketing queue
 * (`comunicaciones/cola.ts`: lease, back-off, never twice) — one campaign 'Falta de asistencia …' per absence.
 */
async function avisarFalta(s: Scope, deps: Pick<AppDeps, 'mailer'>, idAlumno: number, fecha: string, sesion: Fila) {
  const [a] = await s.select(al, eq(alC.Id, idAlumno));
  if (!a) return;
  const destinos = new Set<string>();
  const moviles: { id: number; nombre: string; telefono: string }[] = [];
  for (const idTutor of [a.IdTutor, a.IdTutor2]) {
    if (vacio(idTutor)) continue;
    const [t] = await s.pick(
      { Email: tuC.Email, Telefono: tuC.Telefono, Nombre: tuC.Nombre },
      tu,
      eq(tuC.Id, Number(idTutor)),
    );
    if (t?.Email) destinos.add(String(t.Email));
    const telefono = String(t?.Telefono ?? '').trim();
    if (telefono) moviles.push({ id: Number(idTutor), nombre: String(t?.Nombre ?? ''), telefono });
  }
  if (!destinos.size && a.Email) destinos.add(String(a.Email));
  const [curso] = await s.pick({ Nombre: csC.Nombre }, cs, eq(csC.Id, Number(sesion.IdCurso)));
  const dia = fecha.split('-').reverse().join('/');
  for (const to of destinos) {
    await deps.mailer.send({
      to,
      subject: `Falta de asistencia de ${a.Nombre} ${a.Apellidos}`,
      text: `Le informamos de que ${a.Nombre} ${a.Apellidos} no ha asistido a la clase de ${curso?.Nombre ?? ''} del ${dia} (${sesion.HoraInicio}–${sesion.HoraFin}).`,
    });
  }
  const [gateway] = moviles.length ? await s.pick({ Url: mkConfig.SmsUrl }, mkConfig) : [];
  if (!gateway?.Url) return;
  const texto = `${a.Nombre} no ha asistido hoy ${dia} a ${curso?.Nombre ?? 'clase'} (${sesion.HoraInicio}).`;
  await s.tx(async (t) => {
    const [campana] = await t
      .insert(mkCampanas, {
        Canal: 'sms',
        Nombre: `Falta de asistencia: ${a.Nombre} ${a.Apellidos ?? ''} (${dia})`.slice(0, 200),
        Cuerpo: texto,
        IdSegmentacion: 0,
        Estado: 'enviando',
        Encolada: new Date().toISOString(),
      })
      .returning({ Id: mkCampanas.Id });
    await t
      .insert(
        mkMensajes,
        moviles.map((m) => ({
          IdCampana: campana!.Id,
          Canal: 'sms',
          TipoContacto: 't',
          IdContacto: m.id,
          Nombre: m.nombre,
          Destino: m.telefono,
          Texto: texto,
        })),
      )
      .onConflictDoNothing();
  });
}

export function horarioRoutes(app: FastifyInstance, deps: AppDeps): void {
  const company = { config: { access: access.company } };
  app.get('/api/formacion/horario/semana', company, async (request) => {
    const s = deps.scopeOf(request);
    await accesoHorario(request, s, 1);
    const q = request.query as { curso?: string };
    const ctx = companyCtx(request);
    // A teacher without the office permission sees only their own sessions.
    const soloMias = (ctx.permisos.CursoHorario ?? 0) < 1;
    const profesor = soloMias ? ((await profesorDe(s, ctx.personaId)) ?? -1) : null;
    return semana(s, { profesor, curso: q.curso ? Number(q.curso) || -1 : null });
  });
  app.get('/api/formacion/horario/mio', company, async (request) => {
    const s = deps.scopeOf(request);
    if (!esProfesor(request)) throw forbidden();
    const yo = await profesorDe(s, companyCtx(request).personaId);
    return semana(s, { profesor: yo ?? -1 });
  });
  app.get('/api/formacion/asistencia/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    await accesoHorario(request, s, 1, id);
    const fecha = (request.query as { fecha?: string }).fecha ?? hoyEspana();
    if (!fechaSchema.safeParse(fecha).success) throw fieldError('fecha', MSG.format);
    return listaAsistencia(s, id, fecha);
  });
  app.put('/api/formacion/asistencia/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    await accesoHorario(request, s, 2, id);
    const body = parseBody(marcarSchema, request.body) as z.infer<typeof marcarSchema>;
    // No transaction around it: one upsert, and the absence mail goes to the outbox (another connection).
    return marcarAsistencia(s, deps, id, body);
  });
}
