import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
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
  empresa,
  tutoresTable as tu,
  tutoresCols as tuC,
  tutoresAlumnos,
} from '../../platform/tenancy/tables.ts';
import { motorVenta } from '../ventas/ladoVenta.ts';
import { boletinPdf, expediente } from './evaluaciones.ts';
import { facturasDe, saldos } from './facturacion.ts';
import { semana } from './horario.ts';

/**
 * What a portal user may see, per PERSON (not only per company): a student their own file (alumnos.IdPersona), a
 * tutor the students whose tutor row is theirs (tutores.IdPersona) or who are linked to them in `tutores_alumnos`;
 * invoices only those addressed to the customer of their own file (a student paid by a tutor sees none).
 */
export interface Alcance {
  alumnos: number[];
  clientes: number[];
}

export async function alcanceDe(s: Scope, personaId: number | null, roles: readonly string[]): Promise<Alcance> {
  if (!personaId) return { alumnos: [], clientes: [] };
  const alumnos = new Set<number>();
  const clientes = new Set<number>();
  if (roles.includes('alumno')) {
    for (const a of await s.pick({ Id: alC.Id, IdCliente: alC.IdCliente }, al, eq(alC.IdPersona, personaId))) {
      alumnos.add(Number(a.Id));
      if (a.IdCliente) clientes.add(Number(a.IdCliente));
    }
  }
  if (roles.includes('tutor')) {
    const mios = await s.pick({ Id: tuC.Id, IdCliente: tuC.IdCliente }, tu, eq(tuC.IdPersona, personaId));
    const idsTutor = mios.map((t) => Number(t.Id));
    for (const t of mios) if (t.IdCliente) clientes.add(Number(t.IdCliente));
    const personasHijos = (
      await s.pick({ p: tutoresAlumnos.idPersonaAlumno }, tutoresAlumnos, eq(tutoresAlumnos.idPersonaTutor, personaId))
    ).map((r) => r.p);
    const cond = or(
      idsTutor.length ? inArray(alC.IdTutor, idsTutor) : undefined,
      idsTutor.length ? inArray(alC.IdTutor2, idsTutor) : undefined,
      personasHijos.length ? inArray(alC.IdPersona, personasHijos) : undefined,
    );
    if (cond) for (const a of await s.pick({ Id: alC.Id }, al, cond)) alumnos.add(Number(a.Id));
  }
  return { alumnos: [...alumnos], clientes: [...clientes] };
}

const enAlcance = (a: Alcance, id: number) => {
  if (!a.alumnos.includes(id)) throw notFound();
};

/** The caller's scope and what their person may see (every portal route starts here). */
export async function alcancePortal(deps: AppDeps, request: FastifyRequest) {
  const ctx = companyCtx(request);
  const s = deps.scopeOf(request);
  return { s, a: await alcanceDe(s, ctx.personaId, ctx.roles) };
}
/** The route's `:id`; anything but a positive integer is not found. */
export function idPortal(request: FastifyRequest): number {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export function portalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const company = { config: { access: access.company } };
  const alcance = (request: FastifyRequest) => alcancePortal(deps, request);
  const idOf = idPortal;

  // Enrolments of the student / the tutor's children with their courses.
  app.get('/api/formacion/portal/matriculas', company, async (request) => {
    const { s, a } = await alcance(request);
    if (!a.alumnos.length) return { Items: [] };
    const filas = await s
      .pick(
        {
          Id: alC.Id,
          CodMatricula: alC.CodMatricula,
          CodAlumno: alC.CodAlumno,
          Nombre: alC.Nombre,
          Apellidos: alC.Apellidos,
          Estado: alC.Estado,
          FechaAlta: alC.FechaAlta,
        },
        al,
        inArray(alC.Id, a.alumnos),
      )
      .orderBy(asc(alC.Nombre));
    const cursos = await s
      .pick(
        {
          IdAlumno: cuC.IdAlumno,
          Curso: csC.Nombre,
          Grupo: cuC.Grupo,
          FechaAlta: cuC.FechaAlta,
          FechaBaja: cuC.FechaBaja,
        },
        cu,
        inArray(cuC.IdAlumno, a.alumnos),
      )
      .innerJoin(cs, s.on(cs, eq(csC.Id, cuC.IdCurso)));
    return { Items: filas.map((f) => ({ ...f, Cursos: cursos.filter((c) => c.IdAlumno === f.Id) })) };
  });

  // Balance: the payer's invoices (pending, overdue) and the charges not invoiced yet.
  app.get('/api/formacion/portal/saldo', company, async (request) => {
    const { s, a } = await alcance(request);
    const pendientes = a.alumnos.length
      ? await s
          .pick(
            { Id: caC.Id, IdAlumno: caC.IdAlumno, Fecha: caC.Fecha, Concepto: caC.Concepto, Importe: caC.Importe },
            ca,
            and(inArray(caC.IdAlumno, a.alumnos), isNull(caC.IdFactura)),
          )
          .orderBy(asc(caC.Fecha))
      : [];
    return { Saldos: await saldos(s, a.clientes), CargosPendientes: pendientes };
  });

  app.get('/api/formacion/portal/facturas', company, async (request) => {
    const { s, a } = await alcance(request);
    return { Items: await facturasDe(s, a.clientes) };
  });

  app.get('/api/formacion/portal/facturas/:id/pdf', company, async (request, reply) => {
    const { s, a } = await alcance(request);
    const id = idOf(request);
    if (!(await facturasDe(s, a.clientes)).some((f) => f.Id === id)) throw notFound();
    const h = await motorVenta.cargarCabecera(s, id, ['factura', 'rectificativa', 'simplificada']);
    const lineas = await motorVenta.cargarLineas(s, [id]);
    const pdf = await motorVenta.pdfDocumento(s, h, lineas, null);
    return reply
      .header('Content-Type', 'application/pdf')
      .header(
        'Content-Disposition',
        `inline; filename="factura-${String(h.numSerie ?? h.id).replace(/[^\w.-]/g, '_')}.pdf"`,
      )
      .send(pdf);
  });

  app.get('/api/formacion/portal/evaluaciones', company, async (request) => {
    const { s, a } = await alcance(request);
    const trimestre = Math.min(4, Math.max(1, Number((request.query as { trimestre?: string }).trimestre) || 1));
    const out = [];
    for (const id of a.alumnos) {
      const [al1] = await s.pick({ Nombre: alC.Nombre, Apellidos: alC.Apellidos }, al, eq(alC.Id, id));
      out.push({
        IdAlumno: id,
        Alumno: `${al1?.Nombre} ${al1?.Apellidos}`,
        Cursos: await expediente(s, id, trimestre),
      });
    }
    return { Trimestre: trimestre, Items: out };
  });

  app.get('/api/formacion/portal/boletin/:id', company, async (request, reply) => {
    const { s, a } = await alcance(request);
    const id = idOf(request);
    enAlcance(a, id);
    const trimestre = Math.min(4, Math.max(1, Number((request.query as { trimestre?: string }).trimestre) || 1));
    const pdf = await boletinPdf(s, id, trimestre);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="boletin-${id}-${trimestre}.pdf"`)
      .send(pdf);
  });

  app.get('/api/formacion/portal/horario', company, async (request) => {
    const { s, a } = await alcance(request);
    if (!a.alumnos.length) return { Sesiones: [], DiasCierre: [] };
    const cursos = await s.pick(
      { IdCurso: cuC.IdCurso, Grupo: cuC.Grupo },
      cu,
      and(inArray(cuC.IdAlumno, a.alumnos), eq(cuC.Baja, false)),
    );
    const ids = new Set(cursos.map((c) => Number(c.IdCurso)));
    const todo = await semana(s);
    return {
      Sesiones: todo.Sesiones.filter(
        (x) =>
          ids.has(Number(x.IdCurso)) &&
          cursos.some((c) => Number(c.IdCurso) === Number(x.IdCurso) && (!c.Grupo || !x.Grupo || c.Grupo === x.Grupo)),
      ),
      DiasCierre: todo.DiasCierre,
    };
  });

  // Spec section 7: a portal user's own student file (only theirs or their children's).
  const fichaPropia = async (request: FastifyRequest) => {
    const { s, a } = await alcance(request);
    const id = idOf(request);
    enAlcance(a, id);
    const [f] = await s.pick(
      {
        Id: alC.Id,
        CodMatricula: alC.CodMatricula,
        CodAlumno: alC.CodAlumno,
        Nombre: alC.Nombre,
        Apellidos: alC.Apellidos,
        NIF: alC.NIF,
        FechaNacimiento: alC.FechaNacimiento,
        Email: alC.Email,
        Telefono: alC.Telefono,
        Direccion: alC.Direccion,
        Estado: alC.Estado,
      },
      al,
      eq(alC.Id, id),
    );
    if (!f) throw notFound();
    return f;
  };
  // Under the path it had and under the spec's (portalalu/* is in the training area).
  for (const url of ['/api/portalalu/principal/edit/:id', '/api/formacion/portalalu/principal/edit/:id'])
    app.get(url, company, fichaPropia);

  // Spec section 7: the company data and the purchase policy shown in the portal's footer.
  app.get('/api/portalalu/principal/datosempresa', company, async (request) => {
    const ctx = companyCtx(request);
    if (!ctx.roles.some((r) => r === 'alumno' || r === 'tutor' || r === 'usuario')) throw forbidden();
    const [e] = await deps
      .scopeOf(request)
      .company({ DatosEmpresa: empresa.datosEmpresa, PolDevoluciones: empresa.polDevoluciones });
    return { DatosEmpresa: e?.DatosEmpresa ?? '', PolDevoluciones: e?.PolDevoluciones ?? '' };
  });
}
