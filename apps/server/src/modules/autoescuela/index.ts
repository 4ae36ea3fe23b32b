import { IMPRESOS_EXAMEN, type ImpresoExamen, LISTAS_AUTOESCUELA, MSG, MSG_AUES, type NombreLista } from '@faro/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { urlAlGuardar } from '../../platform/egress/alGuardar.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { clasesPracticas as cp } from '../../platform/tenancy/tables.ts';
import { profesorDe } from '../formacion/horario.ts';
import { alcanceDe } from '../formacion/portal.ts';
import { encolarAvisos, hoyMadrid } from './avisos.ts';
import {
  anular,
  configSchema,
  consultar,
  exportarCsv,
  guardarConfig,
  importarCsv,
  importarSchema,
  leerConfig,
  planCupo,
  solicitar,
} from './citas.ts';
import {
  type ClaseInput,
  calendario,
  cambiarEstado,
  clase,
  claseSchema,
  estadoSchema,
  guardarClase,
  packSchema,
  saldoPack,
  venderPack,
} from './clases.ts';
import { fechaSchema, idParam, nombreAlumno } from './comun.ts';
import {
  asignarSchema,
  asignarTasa,
  cobrarTasa,
  comprarTasas,
  compraSchema,
  consumirTasa,
  estadisticas,
  examenesDelDia,
  historial,
  registrarResultado,
  resultadoSchema,
  stockTasas,
} from './examenes.ts';
import { impresoPdf } from './impresos.ts';

/** A yyyy-mm-dd query parameter, or the Spanish 400. */
function fechaQuery(request: FastifyRequest, name: string, porDefecto?: string): string {
  const v = (request.query as Record<string, string | undefined>)[name] ?? porDefecto;
  if (!v || !fechaSchema.safeParse(v).success) throw fieldError(name, MSG.format);
  return v;
}
const numQuery = (request: FastifyRequest, name: string) => {
  const v = (request.query as Record<string, string | undefined>)[name];
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
};

/**
 * Who may see or act on the calendar: an office user with CursoHorario at `nivel` sees every instructor; a teacher
 * (role profesor) only their own classes (`yo`), and may only confirm or close them.
 */
async function quien(
  request: FastifyRequest,
  s: Scope,
  nivel: 1 | 2,
): Promise<{ oficina: boolean; yo: number | null }> {
  const ctx = companyCtx(request);
  if ((ctx.permisos.CursoHorario ?? 0) >= nivel) return { oficina: true, yo: null };
  if (!ctx.roles.includes('profesor')) throw forbidden();
  return { oficina: false, yo: (await profesorDe(s, ctx.personaId)) ?? -1 };
}

/**
 * Driving school: the practical classes calendar (`/api/formacion/clases/*`, the same API area as the
 * school's simple entities), packs of classes, exam results, history and pass statistics, DGT fee stock and the exam
 * forms PDF. The simple entities (vehiculos, calexamenes, tasasdgt…) keep their generic CRUD.
 */
export const autoescuelaModule: AreaModule = (app, deps) => {
  const company = { config: { access: access.company } };
  const perm = (
    code: 'ExamCalendario' | 'ExamTasas' | 'ExamAues' | 'ConfEmpresa' | 'AlumnoCargosCobros' | 'CursoHorario',
    level: 1 | 2,
  ) => ({
    config: { access: access.permission(code, level) },
  });

  // Practical classes ------------------------------------------------------------------------------------------
  app.get('/api/formacion/clases/calendario', company, async (request) => {
    const s = deps.scopeOf(request);
    const { yo } = await quien(request, s, 1);
    const desde = fechaQuery(request, 'desde');
    const hasta = fechaQuery(request, 'hasta', desde);
    if (hasta < desde) throw fieldError('hasta', 'La fecha final no puede ser anterior a la inicial');
    const alumno = numQuery(request, 'alumno');
    return {
      Desde: desde,
      Hasta: hasta,
      Clases: await calendario(s, {
        desde,
        hasta,
        profesor: yo ?? numQuery(request, 'profesor'),
        vehiculo: numQuery(request, 'vehiculo'),
        alumnos: alumno ? [alumno] : null,
      }),
    };
  });
  app.get('/api/formacion/clases/edit/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const { yo } = await quien(request, s, 1);
    const c = await clase(s, idParam(request));
    if (yo !== null && c.IdProfesor !== yo) throw notFound();
    return c;
  });
  app.post('/api/formacion/clases/save', perm('CursoHorario', 2), async (request, reply) => {
    const body = parseBody(claseSchema, request.body) as ClaseInput;
    reply.code(201);
    return guardarClase(deps.scopeOf(request), body, null);
  });
  app.put('/api/formacion/clases/save/:id', perm('CursoHorario', 2), async (request) => {
    const body = parseBody(claseSchema, request.body) as ClaseInput;
    return guardarClase(deps.scopeOf(request), body, idParam(request));
  });
  app.post('/api/formacion/clases/estado/:id', company, async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    const { yo } = await quien(request, s, 2);
    const body = parseBody(estadoSchema, request.body) as z.infer<typeof estadoSchema>;
    if (yo !== null) {
      const [c] = await s.pick({ IdProfesor: cp.IdProfesor }, cp, eq(cp.Id, id));
      if (!c) throw notFound();
      if (c.IdProfesor !== yo) throw forbidden();
      // An instructor confirms, closes or marks a no-show; cancelling and the price are the office's.
      if (body.Estado === 'anulada' || body.Precio) throw forbidden();
    }
    return cambiarEstado(s, id, body);
  });
  app.get('/api/formacion/clases/saldo/:id', perm('CursoHorario', 1), async (request) => {
    const s = deps.scopeOf(request);
    const id = idParam(request);
    if ((await nombreAlumno(s, id)) === null) throw notFound();
    return saldoPack(s, id);
  });
  app.post('/api/formacion/clases/packs', perm('AlumnoCargosCobros', 2), async (request, reply) => {
    const body = parseBody(packSchema, request.body) as z.infer<typeof packSchema>;
    reply.code(201);
    return venderPack(deps.scopeOf(request), body);
  });
  // The portal: a student's (or a tutor's children's) own classes.
  app.get('/api/formacion/portal/clases', company, async (request) => {
    const s = deps.scopeOf(request);
    const ctx = companyCtx(request);
    const { alumnos } = await alcanceDe(s, ctx.personaId, ctx.roles);
    const desde = fechaQuery(request, 'desde', '1900-01-01');
    const hasta = fechaQuery(request, 'hasta', '2999-12-31');
    return { Clases: await calendario(s, { desde, hasta, alumnos }) };
  });

  // Exams ------------------------------------------------------------------------------------------------------
  app.get('/api/formacion/calexamenes/dia', perm('ExamCalendario', 1), async (request) => ({
    Fecha: fechaQuery(request, 'fecha'),
    Examenes: await examenesDelDia(
      deps.scopeOf(request),
      fechaQuery(request, 'fecha'),
      (request.query as { tipo?: string }).tipo || null,
    ),
  }));
  app.put('/api/formacion/calexamenes/resultado/:id', perm('ExamCalendario', 2), async (request) => {
    const body = parseBody(resultadoSchema, request.body) as z.infer<typeof resultadoSchema>;
    return registrarResultado(deps.scopeOf(request), idParam(request), body);
  });
  app.get('/api/formacion/calexamenes/historial/:id', perm('ExamCalendario', 1), async (request) =>
    historial(deps.scopeOf(request), idParam(request)),
  );
  app.get('/api/formacion/calexamenes/estadisticas', perm('ExamCalendario', 1), async (request) =>
    estadisticas(
      deps.scopeOf(request),
      fechaQuery(request, 'desde', '1900-01-01'),
      fechaQuery(request, 'hasta', '2999-12-31'),
    ),
  );

  // DGT fees ---------------------------------------------------------------------------------------------------
  app.get('/api/formacion/tasasdgt/stock', perm('ExamTasas', 1), async (request) => ({
    Items: await stockTasas(deps.scopeOf(request)),
  }));
  app.post('/api/formacion/tasasdgt/comprar', perm('ExamTasas', 2), async (request, reply) => {
    const body = parseBody(compraSchema, request.body) as z.infer<typeof compraSchema>;
    reply.code(201);
    return comprarTasas(deps.scopeOf(request), body);
  });
  app.post('/api/formacion/tasasdgt/asignar', perm('ExamTasas', 2), async (request) => {
    const body = parseBody(asignarSchema, request.body) as z.infer<typeof asignarSchema>;
    return asignarTasa(deps.scopeOf(request), body);
  });
  app.post('/api/formacion/tasasdgt/cobrar/:id', perm('ExamTasas', 2), async (request) =>
    cobrarTasa(deps.scopeOf(request), idParam(request)),
  );
  app.post('/api/formacion/tasasdgt/consumir/:id', perm('ExamTasas', 2), async (request) =>
    consumirTasa(deps.scopeOf(request), idParam(request)),
  );

  // Exam forms -------------------------------------------------------------------------------------------------
  app.get('/api/formacion/imprexamenes/catalogo', perm('ExamCalendario', 1), async () => ({
    Items: IMPRESOS_EXAMEN,
  }));
  app.get('/api/formacion/imprexamenes/pdf', perm('ExamCalendario', 1), async (request, reply) => {
    const q = request.query as { impreso?: string; tipo?: string };
    const impreso = (q.impreso ?? 'relacion') as ImpresoExamen;
    if (!IMPRESOS_EXAMEN.some((i) => i.value === impreso)) throw fieldError('impreso', 'Impreso no válido');
    const fecha = fechaQuery(request, 'fecha');
    const pdf = await impresoPdf(deps.scopeOf(request), impreso, fecha, q.tipo || null);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${impreso}-${fecha}.pdf"`)
      .send(pdf);
  });

  // AUES appointments and the exam-quota plan ---------------------------------------------------------------------
  app.get('/api/formacion/citasaues/config', perm('ExamAues', 1), async (request) => leerConfig(deps.scopeOf(request)));
  app.put('/api/formacion/citasaues/config', perm('ExamAues', 2), async (request) => {
    const body = parseBody(configSchema, request.body) as z.infer<typeof configSchema>;
    await urlAlGuardar('Url', body.Url);
    return guardarConfig(deps.scopeOf(request), deps.secret, body);
  });
  app.post('/api/formacion/citasaues/solicitar/:id', perm('ExamAues', 2), async (request) =>
    solicitar(deps.scopeOf(request), deps.secret, idParam(request)),
  );
  app.post('/api/formacion/citasaues/anular/:id', perm('ExamAues', 2), async (request) =>
    anular(deps.scopeOf(request), deps.secret, idParam(request)),
  );
  app.post('/api/formacion/citasaues/consultar', perm('ExamAues', 2), async (request) =>
    consultar(deps.scopeOf(request), deps.secret),
  );
  app.get('/api/formacion/citasaues/csv', perm('ExamAues', 1), async (request, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="citas-aues.csv"')
      .send(`\uFEFF${await exportarCsv(deps.scopeOf(request))}`),
  );
  app.post('/api/formacion/citasaues/importar', perm('ExamAues', 2), async (request) => {
    const body = parseBody(importarSchema, request.body) as z.infer<typeof importarSchema>;
    return importarCsv(deps.scopeOf(request), body.Csv);
  });
  app.get('/api/formacion/citasaues/cupo', perm('ExamAues', 1), async (request) => {
    const q = request.query as { plazas?: string; permiso?: string };
    const plazas = q.plazas === undefined || q.plazas === '' ? 10 : Number(q.plazas);
    if (!Number.isInteger(plazas) || plazas < 1 || plazas > 500) throw fieldError('plazas', MSG_AUES.plazas);
    return planCupo(deps.scopeOf(request), {
      plazas,
      hoy: fechaQuery(request, 'hoy', hoyMadrid()),
      permiso: q.permiso || null,
    });
  });

  // Notices to students (confavisos) ----------------------------------------------------------------------------
  app.post('/api/formacion/confavisos/enviar', perm('ConfEmpresa', 2), async (request) =>
    encolarAvisos(deps.scopeOf(request), hoyMadrid()),
  );

  // Reference lists of the driving school (spec section 3) --------------------------------------------------------
  app.get('/api/formacion/listas', company, async (request) => {
    const nombre = (request.query as { nombre?: string }).nombre;
    if (!nombre) {
      return Object.fromEntries(
        Object.entries(LISTAS_AUTOESCUELA).map(([k, v]) => [k, { Titulo: v.titulo, Items: v.items }]),
      );
    }
    const lista = Object.hasOwn(LISTAS_AUTOESCUELA, nombre) ? LISTAS_AUTOESCUELA[nombre as NombreLista] : null;
    if (!lista) throw fieldError('nombre', `Lista desconocida: ${Object.keys(LISTAS_AUTOESCUELA).join(', ')}`);
    return { Titulo: lista.titulo, Items: lista.items };
  });
};
