import { ENTITIES, isIsoDate } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { RepositoryHooks } from '../../platform/crud/hookedRepository.ts';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import { alumnosTable as al, alumnosCols as alC } from '../../platform/tenancy/tables.ts';
import { cargosHooks, generarCargosMensuales } from './cargos.ts';
import { hoyEspana, siguienteCodigo, vacio } from './comun.ts';
import { documentosPortalRoutes } from './documentos.ts';
import { boletinPdf, guardarNotas, hojaEvaluacion, type NotasInput, notasSchema } from './evaluaciones.ts';
import { facturarCargos, morosos, pendientesDeFacturar, saldos } from './facturacion.ts';
import { accesoCurso, horarioRoutes, horariosHooks } from './horario.ts';
import { matriculasOnlineHooks, onlineRoutes } from './online.ts';
import { portalRoutes } from './portal.ts';

/** The student file: codes from the company's counters when left empty, leaving date when the state becomes baja. */
const alumnosHooks: RepositoryHooks = {
  async beforeWrite(s, values, id) {
    const v = { ...values };
    if (id === null) {
      if (vacio(v.CodMatricula)) v.CodMatricula = await siguienteCodigo(s, 'MAT');
      if (vacio(v.CodAlumno)) v.CodAlumno = await siguienteCodigo(s, 'ALU');
      if (vacio(v.FechaAlta)) v.FechaAlta = hoyEspana();
    } else {
      const [antes] = await s.pick({ CodMatricula: alC.CodMatricula, CodAlumno: alC.CodAlumno }, al, eq(alC.Id, id));
      if (vacio(v.CodMatricula)) v.CodMatricula = antes?.CodMatricula ?? null;
      if (vacio(v.CodAlumno)) v.CodAlumno = antes?.CodAlumno ?? null;
    }
    if (v.Estado === 'baja' && vacio(v.FechaBaja)) v.FechaBaja = hoyEspana();
    return v;
  },
};

const periodoBody = z.object({
  Periodo: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Indica el periodo como AAAA-MM' }),
});
const facturarBody = z.object({
  Hasta: z.string().refine(isIsoDate, { error: 'Fecha no válida' }).nullish(),
  Fecha: z.string().refine(isIsoDate, { error: 'Fecha no válida' }).nullish(),
  Alumnos: z.array(z.coerce.number().int().positive()).max(20000).nullish(),
});

/** Academy and driving school: students, courses, timetables, charges, portal. */
export const formacionModule: AreaModule = (app, deps) => {
  registerEntity(app, deps, ENTITIES.alumnos, { hooks: [alumnosHooks] });
  registerEntity(app, deps, ENTITIES.horarios, { hooks: [horariosHooks] });
  registerEntity(app, deps, ENTITIES.cargos, { hooks: [cargosHooks] });
  registerEntity(app, deps, ENTITIES.matriculasonline, { hooks: [matriculasOnlineHooks] });
  // aulas, opciones, profesores, cursos, tarifascurso, tutores, autorizados, cursando, evaluaciones, diascierre:
  // the generic engine (modules/entidadesSimples.ts).

  const cargos = (level: 1 | 2) => ({ config: { access: access.permission('AlumnoCargosCobros', level) } });
  app.post('/api/formacion/cargos/generar', cargos(2), async (request) => {
    const body = parseBody(periodoBody, request.body) as z.infer<typeof periodoBody>;
    return { Periodo: body.Periodo, Generados: await generarCargosMensuales(deps.scopeOf(request), body.Periodo) };
  });
  app.get('/api/formacion/factcobros/pendientes', cargos(1), async (request) => ({
    Items: await pendientesDeFacturar(deps.scopeOf(request)),
  }));
  app.post('/api/formacion/factcobros/facturar', cargos(2), async (request) => {
    const body = parseBody(facturarBody, request.body) as z.infer<typeof facturarBody>;
    return facturarCargos(deps.scopeOf(request), {
      ...(body.Hasta ? { hasta: body.Hasta } : {}),
      ...(body.Fecha ? { fecha: body.Fecha } : {}),
      ...(body.Alumnos?.length ? { alumnos: body.Alumnos } : {}),
    });
  });
  app.get('/api/formacion/factcobros/saldos', cargos(1), async (request) => ({
    Items: await saldos(deps.scopeOf(request)),
  }));
  app.get('/api/formacion/factcobros/morosos', cargos(1), async (request) => ({
    Items: await morosos(deps.scopeOf(request)),
  }));

  // Marks: the office (CursoCursos) or the course's own teacher (accesoCurso).
  const company = { config: { access: access.company } };
  const idOf = (params: unknown) => {
    const id = Number((params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return id;
  };
  const trimestreDe = (q: unknown) => Math.min(4, Math.max(1, Number((q as { trimestre?: string }).trimestre) || 1));
  app.get('/api/formacion/evaluacion/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const id = idOf(request.params);
    await accesoCurso(request, s, 1, id);
    return hojaEvaluacion(s, id, trimestreDe(request.query));
  });
  app.put('/api/formacion/evaluacion/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const id = idOf(request.params);
    await accesoCurso(request, s, 2, id);
    const body = parseBody(notasSchema, request.body) as NotasInput;
    return s.tx((t) => guardarNotas(t, id, body));
  });
  app.get(
    '/api/formacion/boletin/:id',
    { config: { access: access.permission('AlumnoMatriculas', 1) } },
    async (request, reply) => {
      const pdf = await boletinPdf(deps.scopeOf(request), idOf(request.params), trimestreDe(request.query));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="boletin.pdf"')
        .send(pdf);
    },
  );

  horarioRoutes(app, deps);
  onlineRoutes(app, deps);
  portalRoutes(app, deps);
  documentosPortalRoutes(app, deps);
};
