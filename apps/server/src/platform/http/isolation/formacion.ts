import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Isolation fixture of the academy: B (AUTOESCUELA, which has every academy route) gets a tutor, a
 * student, a course, a session and an online enrolment carrying the sentinel; A calls the routes that take B's ids
 * (attendance, evaluation, report card, online enrolment resolution, portal PDFs, documents and the student file)
 * and gets 404.
 */
/** B's student document (a file in B's 'Alumnos' folder of the document manager), for the portal's download. */
let documentoB = 0;

async function seedB({ t, bEmpresaId, bIds, postB, sentinel }: IsolationContext): Promise<void> {
  const tutor = await postB('/api/formacion/tutores/save', { Nombre: sentinel, Tipo: 'madre' });
  const alumno = await postB('/api/formacion/alumnos/save', {
    Nombre: sentinel,
    Apellidos: sentinel,
    FechaNacimiento: '2012-05-05',
    IdTutor: tutor.Id,
    PagaTutor: true,
    Estado: 'activo',
  });
  const curso = await postB('/api/formacion/cursos/save', {
    Nombre: sentinel,
    TipoClase: 'presencial',
    CuotaMensual: '10',
  });
  await postB('/api/formacion/cursando/save', { IdAlumno: alumno.Id, IdCurso: curso.Id, FechaAlta: '2026-01-01' });
  const sesion = await postB('/api/formacion/horarios/save', {
    IdCurso: curso.Id,
    Grupo: sentinel.slice(0, 60),
    DiaSemana: '6',
    HoraInicio: '09:00',
    HoraFin: '10:00',
  });
  const online = await postB('/api/formacion/matriculasonline/save', {
    Nombre: sentinel,
    Apellidos: sentinel,
    Email: 'b.online@example.com',
    IdCurso: curso.Id,
  });
  const [raiz] = await t.database.query<{ id: number }>(
    "insert into gd_carpetas (empresa_id, nombre) values ($1, 'Alumnos') returning id",
    [bEmpresaId],
  );
  const [carpeta] = await t.database.query<{ id: number }>(
    'insert into gd_carpetas (empresa_id, nombre, id_padre) values ($1, $2, $3) returning id',
    [bEmpresaId, `${alumno.CodAlumno} · ${sentinel}`, raiz!.id],
  );
  const [fichero] = await t.database.query<{ id: number }>(
    `insert into gd_ficheros (empresa_id, id_carpeta, nombre, tipo, tamano, clave)
     values ($1, $2, $3, 'pdf', 1, $4) returning id`,
    [bEmpresaId, carpeta!.id, sentinel, `${bEmpresaId}/00000000-0000-0000-0000-000000000000`],
  );
  documentoB = Number(fichero!.id);
  bIds.set('/api/formacion/tutores', tutor.Id);
  bIds.set('/api/formacion/alumnos', alumno.Id);
  bIds.set('/api/formacion/cursos', curso.Id);
  bIds.set('/api/formacion/horarios', sesion.Id);
  bIds.set('/api/formacion/matriculasonline', online.Id);
}

function explicit({ a, bIds }: IsolationContext): Record<string, () => Promise<Answer>> {
  const id = (r: string) => bIds.get(`/api/formacion/${r}`);
  return {
    'GET /api/formacion/asistencia/:id': () => a.request('GET', `/api/formacion/asistencia/${id('horarios')}`),
    'PUT /api/formacion/asistencia/:id': () =>
      a.request('PUT', `/api/formacion/asistencia/${id('horarios')}`, {
        Fecha: '2026-01-03',
        IdAlumno: id('alumnos'),
        Estado: 'f',
      }),
    'GET /api/formacion/evaluacion/:id': () => a.request('GET', `/api/formacion/evaluacion/${id('cursos')}`),
    'PUT /api/formacion/evaluacion/:id': () =>
      a.request('PUT', `/api/formacion/evaluacion/${id('cursos')}`, {
        Trimestre: 1,
        Finales: [{ IdAlumno: id('alumnos'), Nota: 5 }],
      }),
    'GET /api/formacion/boletin/:id': () => a.request('GET', `/api/formacion/boletin/${id('alumnos')}`),
    'POST /api/formacion/matriculasonline/aceptar/:id': () =>
      a.request('POST', `/api/formacion/matriculasonline/aceptar/${id('matriculasonline')}`),
    'POST /api/formacion/matriculasonline/rechazar/:id': () =>
      a.request('POST', `/api/formacion/matriculasonline/rechazar/${id('matriculasonline')}`, { Mensaje: 'No' }),
    'GET /api/formacion/portal/facturas/:id/pdf': () =>
      a.request('GET', `/api/formacion/portal/facturas/${id('alumnos')}/pdf`),
    'GET /api/formacion/portal/boletin/:id': () => a.request('GET', `/api/formacion/portal/boletin/${id('alumnos')}`),
    'GET /api/portalalu/principal/edit/:id': () => a.request('GET', `/api/portalalu/principal/edit/${id('alumnos')}`),
    'GET /api/formacion/portalalu/principal/edit/:id': () =>
      a.request('GET', `/api/formacion/portalalu/principal/edit/${id('alumnos')}`),
    'POST /api/formacion/portal/documentos/:id': () =>
      a.request('POST', `/api/formacion/portal/documentos/${id('alumnos')}`, {}),
    'GET /api/formacion/portal/documentos/:id/descargar': () =>
      a.request('GET', `/api/formacion/portal/documentos/${documentoB}/descargar`),
  };
}

async function verifyB({ b, bIds, sentinel }: IsolationContext): Promise<void> {
  const online = await b.request(
    'GET',
    `/api/formacion/matriculasonline/edit/${bIds.get('/api/formacion/matriculasonline')}`,
  );
  const notas = await b.request('GET', `/api/formacion/evaluacion/${bIds.get('/api/formacion/cursos')}`);
  if (online.body.Estado !== 'pendiente' || online.body.Nombre !== sentinel)
    throw new Error(`B's online enrolment was touched: ${JSON.stringify(online.body)}`);
  if (notas.body.Alumnos?.some((x: { Final: number | null }) => x.Final != null))
    throw new Error(`B's marks were touched: ${JSON.stringify(notas.body)}`);
}

export const formacionIsolation: IsolationArea = { seedB, explicit, verifyB };
