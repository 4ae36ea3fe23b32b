import { createHash, randomBytes } from 'node:crypto';
import { ENTITIES, entitySaveSchema, esMenor, MSG, MSG_ACADEMIA, requiredString } from '@faro/domain';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { Throttle } from '../../platform/auth/throttle.ts';
import { usuariosRepository } from '../../platform/auth/usuariosRepository.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  altasAlumno,
  cursosTable as cs,
  cursosCols as csC,
  cursandoTable as cu,
  empresa,
  matriculas,
  miembros,
  matriculasonlineTable as mo,
  matriculasonlineCols as moC,
  tarifascursoTable as ta,
  tarifascursoCols as taC,
  tutoresTable as tu,
  tutoresCols as tuC,
  tutoresAlumnos,
} from '../../platform/tenancy/tables.ts';
import { hoyEspana, siguienteCodigo, vacio } from './comun.ts';

/** Online enrolments arrive pending, dated today; their state changes only through aceptar / rechazar. */
export const matriculasOnlineHooks: RepositoryHooks = {
  async beforeWrite(s, values, id) {
    if (id === null) return { ...values, Fecha: hoyEspana(), Estado: 'pendiente' };
    const [antes] = await s.pick({ Estado: moC.Estado }, mo, eq(moC.Id, id));
    if (antes && antes.Estado !== 'pendiente') throw new AppError(400, MSG_ACADEMIA.yaAceptada);
    return values;
  },
};

/** A portal account (role alumno / tutor) for an e-mail, created through the users' repository; null when taken. */
async function cuentaPortal(
  s: Scope,
  datos: { email: string; nombre: string; apellidos: string; rol: 'alumno' | 'tutor' },
) {
  try {
    const row = await usuariosRepository(s).create({
      UserName: datos.email.toLowerCase(),
      Nombre: datos.nombre,
      Apellido1: datos.apellidos || null,
      Email: datos.email,
      Roles: [datos.rol],
      FichajeActivo: false,
      SoloFichaje: false,
      Baja: false,
    });
    const [m] = await s.pick({ personaId: miembros.personaId }, miembros, eq(miembros.id, Number(row.Id)));
    return m ? Number(m.personaId) : null;
  } catch {
    return null;
  }
}

/**
 * Accepts an online enrolment: creates the student file (codes from the company's counters), the tutor when one
 * was given, the enrolment in the course, and the portal accounts (the student's, the tutor's; they set their
 * password with '¿Has olvidado tu contraseña?'), the session's enrolment row and the tutor link.
 */
export async function aceptarMatricula(s: Scope, id: number) {
  const [m] = await s.select(mo, eq(moC.Id, id));
  if (!m) throw notFound();
  if (m.Estado !== 'pendiente') throw new AppError(400, MSG_ACADEMIA.yaAceptada);
  const menor = m.FechaNacimiento ? esMenor(String(m.FechaNacimiento)) : false;
  if (menor && vacio(m.NombreTutor)) throw new AppError(400, MSG_ACADEMIA.menorSinTutor);
  const creado = await s.tx(async (t) => {
    let idTutor: number | null = null;
    if (!vacio(m.NombreTutor)) {
      const [tutor] = await t
        .insert(tu, {
          Nombre: m.NombreTutor,
          Tipo: 'tutor',
          Email: m.EmailTutor,
          Telefono: m.TelefonoTutor,
          IBAN: m.IBAN,
          AccesoPortal: !vacio(m.EmailTutor),
        } as never)
        .returning({ Id: tuC.Id });
      idTutor = Number(tutor!.Id);
    }
    const [alumno] = await t
      .insert(al, {
        CodMatricula: await siguienteCodigo(t, 'MAT'),
        CodAlumno: await siguienteCodigo(t, 'ALU'),
        Nombre: m.Nombre,
        Apellidos: m.Apellidos,
        NIF: m.NIF,
        FechaNacimiento: m.FechaNacimiento,
        Email: m.Email,
        Telefono: m.Telefono,
        IdTutor: idTutor,
        PagaTutor: idTutor !== null,
        IBAN: m.IBAN,
        Estado: 'activo',
        FechaAlta: hoyEspana(),
      } as never)
      .returning({ Id: alC.Id, CodMatricula: alC.CodMatricula, CodAlumno: alC.CodAlumno });
    await t.insert(cu, { IdAlumno: alumno!.Id, IdCurso: m.IdCurso, FechaAlta: hoyEspana(), Prorratear: true } as never);
    await t.update(mo, { Estado: 'aceptada', IdAlumno: alumno!.Id } as never, eq(moC.Id, id));
    return { idAlumno: Number(alumno!.Id), idTutor, cod: alumno! };
  });
  // Portal accounts after the commit (the users' repository runs its own transaction).
  const [curso] = await s.pick({ Nombre: csC.Nombre }, cs, eq(csC.Id, Number(m.IdCurso)));
  const personaAlumno = m.Email
    ? await cuentaPortal(s, {
        email: String(m.Email),
        nombre: String(m.Nombre),
        apellidos: String(m.Apellidos),
        rol: 'alumno',
      })
    : null;
  if (personaAlumno) {
    await s.update(al, { IdPersona: personaAlumno } as never, eq(alC.Id, creado.idAlumno));
    await s.insert(matriculas, {
      codigo: String(creado.cod.CodMatricula),
      idPersonaAlumno: personaAlumno,
      codAlumno: String(creado.cod.CodAlumno),
      descripcion: String(curso?.Nombre ?? ''),
    });
  }
  if (creado.idTutor && m.EmailTutor) {
    const personaTutor = await cuentaPortal(s, {
      email: String(m.EmailTutor),
      nombre: String(m.NombreTutor),
      apellidos: '',
      rol: 'tutor',
    });
    if (personaTutor) {
      await s.update(tu, { IdPersona: personaTutor } as never, eq(tuC.Id, creado.idTutor));
      if (personaAlumno)
        await s
          .insert(tutoresAlumnos, { idPersonaTutor: personaTutor, idPersonaAlumno: personaAlumno })
          .onConflictDoNothing();
    }
  }
  return { IdAlumno: creado.idAlumno, CodMatricula: creado.cod.CodMatricula, CodAlumno: creado.cod.CodAlumno };
}

const rechazoSchema = z.object({
  Mensaje: z
    .string({ error: MSG_ACADEMIA.motivoRechazo })
    .trim()
    .min(1, { error: MSG_ACADEMIA.motivoRechazo })
    .max(2000),
});

export async function rechazarMatricula(s: Scope, mailer: AppDeps['mailer'], id: number, mensaje: string) {
  const [m] = await s.select(mo, eq(moC.Id, id));
  if (!m) throw notFound();
  if (m.Estado !== 'pendiente') throw new AppError(400, MSG_ACADEMIA.yaAceptada);
  await s.update(mo, { Estado: 'rechazada', Mensaje: mensaje } as never, eq(moC.Id, id));
  const [e] = await s.company({ nombre: empresa.nombre });
  await mailer.send({
    to: String(m.Email),
    subject: `${e?.nombre ?? 'Academia'}: tu solicitud de matrícula`,
    text: `Hola ${m.Nombre}:\n\nNo hemos podido aceptar tu solicitud de matrícula.\n\n${mensaje}\n`,
  });
  return { Estado: 'rechazada' };
}

/** The academy of a public request by its company code (academy and driving-school accounts only). */
async function academiaPublica(deps: AppDeps, codigo: unknown): Promise<Scope> {
  if (typeof codigo !== 'string' || !codigo.trim() || codigo.length > 50) throw notFound();
  const directorio = companyDirectory(deps);
  const id = await directorio.companyByCode(codigo.trim(), ['academia', 'autoescuela']);
  if (!id) throw notFound();
  return directorio.scope(id, { personaId: null, userName: 'Matrícula online' });
}

const onlineBody = entitySaveSchema(ENTITIES.matriculasonline);
const registroBody = z.object({
  Academia: requiredString('Academia', 50),
  Nombre: requiredString('Nombre', 150),
  Apellidos: requiredString('Apellidos', 150),
  Email: z.email({ error: MSG.format }).max(120),
});
const confirmaBody = z.object({
  Token: z.string({ error: 'El enlace no es válido o ha caducado' }).min(10).max(200),
});
const hash = (t: string) => createHash('sha256').update(t).digest('hex');

export function onlineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const perm2 = { config: { access: access.permission('AlumnoMatriculas', 2) } };
  const idOf = (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return id;
  };
  app.post('/api/formacion/matriculasonline/aceptar/:id', perm2, async (request) =>
    aceptarMatricula(deps.scopeOf(request), idOf(request)),
  );
  app.post('/api/formacion/matriculasonline/rechazar/:id', perm2, async (request) => {
    const body = parseBody(rechazoSchema, request.body) as z.infer<typeof rechazoSchema>;
    return rechazarMatricula(deps.scopeOf(request), deps.mailer, idOf(request), body.Mensaje);
  });

  const porIp = new Throttle(deps.database.db, 'academia', 10, 15 * 60_000);
  const limitar = async (request: FastifyRequest, clave: string) => {
    if (!(await porIp.hit(`${clave}:${request.ip}`)))
      throw new AppError(429, 'Demasiados intentos. Espera unos minutos');
  };
  const publico = { config: { access: access.public } };

  // Spec section 7: an academy's courses and fees for its public online enrolment form.
  const datosAcademia = async (request: FastifyRequest) => {
    await limitar(request, 'datos');
    const s = await academiaPublica(deps, (request.query as { academia?: string }).academia);
    const [e] = await s.company({
      nombre: empresa.nombre,
      DatosEmpresa: empresa.datosEmpresa,
      PolDevoluciones: empresa.polDevoluciones,
    });
    const cursos = await s
      .pick(
        {
          Id: csC.Id,
          Nombre: csC.Nombre,
          TipoClase: csC.TipoClase,
          FechaInicio: csC.FechaInicio,
          FechaFin: csC.FechaFin,
          CuotaMensual: csC.CuotaMensual,
        },
        cs,
        and(eq(csC.Baja, false), eq(csC.PublicarOnline, true)),
      )
      .orderBy(asc(csC.Nombre));
    const tarifas = await s.pick(
      { IdCurso: taC.IdCurso, Nombre: taC.Nombre, Tipo: taC.Tipo, Importe: taC.Importe },
      ta,
      eq(taC.Baja, false),
    );
    return {
      Academia: e?.nombre ?? '',
      DatosEmpresa: e?.DatosEmpresa ?? '',
      PolDevoluciones: e?.PolDevoluciones ?? '',
      Cursos: cursos.map((c) => ({ ...c, Tarifas: tarifas.filter((t) => t.IdCurso === c.Id) })),
    };
  };

  // The public online enrolment form: a pending `matriculasonline` row for the office to accept or reject.
  const solicitar = async (request: FastifyRequest) => {
    await limitar(request, 'solicitar');
    const academia = (request.query as { academia?: string }).academia;
    const s = await academiaPublica(deps, academia);
    const body = parseBody(onlineBody, request.body);
    const [curso] = await s.pick(
      { Id: csC.Id },
      cs,
      and(eq(csC.Id, Number(body.IdCurso)), eq(csC.Baja, false), eq(csC.PublicarOnline, true)),
    );
    if (!curso)
      throw badRequest(MSG.formInvalid, [{ Campo: 'IdCurso', Mensaje: 'El curso no admite matrícula online' }]);
    if (body.FechaNacimiento && esMenor(String(body.FechaNacimiento)) && vacio(body.NombreTutor)) {
      throw badRequest(MSG.formInvalid, [{ Campo: 'NombreTutor', Mensaje: MSG_ACADEMIA.menorSinTutor }]);
    }
    const values = await matriculasOnlineHooks.beforeWrite!(s, body, null);
    await s.insert(mo, values as never);
    return { Mensaje: 'Hemos recibido tu solicitud de matrícula. La academia te responderá por correo' };
  };

  // registroalu: a student asks for an account; the e-mail's link confirms it (then it waits as an online request).
  const nuevaCuentaAlu = async (request: FastifyRequest) => {
    await limitar(request, 'registro');
    const body = parseBody(registroBody, request.body) as z.infer<typeof registroBody>;
    const s = await academiaPublica(deps, body.Academia).catch(() => null);
    // Same answer for an unknown academy (nothing tells which codes exist).
    if (s) {
      const token = randomBytes(24).toString('base64url');
      await s.insert(altasAlumno, {
        Email: body.Email,
        Nombre: body.Nombre,
        Apellidos: body.Apellidos,
        TokenHash: hash(token),
      });
      await deps.mailer.send({
        to: body.Email,
        subject: 'Confirma tu alta de alumno',
        text: `Hola ${body.Nombre}:\n\nPara confirmar tu alta abre este enlace (caduca en 24 horas):\n\n${deps.config.publicUrl}/registroalu/confirmar?academia=${encodeURIComponent(body.Academia)}&token=${token}\n\nSi no lo has pedido tú, ignora este correo.`,
      });
    }
    return { Mensaje: 'Te hemos enviado un correo para confirmar tu alta' };
  };

  const confirmaEmailAlu = async (request: FastifyRequest) => {
    await limitar(request, 'confirma');
    const body = parseBody(confirmaBody, request.body) as z.infer<typeof confirmaBody>;
    const s = await academiaPublica(deps, (request.query as { academia?: string }).academia).catch(() => null);
    const invalido = new AppError(400, 'El enlace no es válido o ha caducado');
    if (!s) throw invalido;
    const dia = new Date(Date.now() - 24 * 3600_000);
    const [alta] = await s
      .update(
        altasAlumno,
        { ConfirmadaEn: new Date() },
        and(
          eq(altasAlumno.TokenHash, hash(body.Token)),
          isNull(altasAlumno.ConfirmadaEn),
          gt(altasAlumno.CreadaEn, dia),
        ),
      )
      .returning();
    if (!alta) throw invalido;
    const personaId = await cuentaPortal(s, {
      email: alta.Email,
      nombre: alta.Nombre,
      apellidos: alta.Apellidos,
      rol: 'alumno',
    });
    return {
      Mensaje: personaId
        ? 'Alta confirmada. Crea tu contraseña con «¿Has olvidado tu contraseña?» y completa tu matrícula'
        : 'Alta confirmada. Ya tenías una cuenta con este correo: entra con ella',
    };
  };

  // Each under the path it had and under the spec's (section 7): portalalu/* in the training area,
  // formacion/registroalu/* in the users area. Same handler, same access, same throttle.
  for (const url of ['/api/portalalu/matonline/datosacademia', '/api/formacion/portalalu/matonline/datosacademia'])
    app.get(url, publico, datosAcademia);
  for (const url of ['/api/portalalu/matonline/solicitar', '/api/formacion/portalalu/matonline/solicitar'])
    app.post(url, publico, solicitar);
  for (const area of ['/api', '/api/usuarios']) {
    app.post(`${area}/formacion/registroalu/nuevacuentaalu`, publico, nuevaCuentaAlu);
    app.post(`${area}/formacion/registroalu/confirmaemailalu`, publico, confirmaEmailAlu);
  }
}
