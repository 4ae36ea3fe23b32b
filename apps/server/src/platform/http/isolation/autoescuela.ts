import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Isolation fixture of the driving school: B (AUTOESCUELA) gets an instructor, a car, a student, a
 * licence course, a practical class, a DGT fee, an exam row and an AUES appointment carrying the sentinel; A calls
 * the routes that take B's ids (class edit/move/state, pack balance, exam result and history, fee charge and
 * consumption, AUES send/cancel) and gets 404 or a refusal, and B's rows stay as they were. The routes without ids
 * (exam-quota plan, CSV list, AUES settings, notices, reference lists) answer A with A's own data.
 */
/** B's ids the explicit callers use (the student and instructor are the academy's resources; exam and fee rows are
 * entities whose CRUD id the matrix picks by itself). */
const otrosB = { alumno: 0, profesor: 0, examen: 0, tasa: 0, cita: 0 };

async function seedB({ bIds, postB, sentinel }: IsolationContext): Promise<void> {
  const profesor = await postB('/api/formacion/profesores/save', { Nombre: sentinel.slice(0, 150) });
  const vehiculo = await postB('/api/formacion/vehiculos/save', {
    Matricula: 'B0001ISO',
    Modelo: sentinel.slice(0, 60),
  });
  const alumno = await postB('/api/formacion/alumnos/save', {
    Nombre: sentinel,
    Apellidos: sentinel,
    NIF: '11111111H',
    FechaNacimiento: '2000-01-01',
    Estado: 'activo',
  });
  const clase = await postB('/api/formacion/clases/save', {
    IdProfesor: profesor.Id,
    IdVehiculo: vehiculo.Id,
    IdAlumno: alumno.Id,
    Fecha: '2098-06-01',
    Hora: '09:00',
    Minutos: 45,
    Recogida: sentinel.slice(0, 200),
  });
  const examen = await postB('/api/formacion/calexamenes/save', {
    Fecha: '2098-06-10',
    TipoExamen: 'circulacion',
    Permiso: 'B',
    IdAlumno: alumno.Id,
    Asistencia: 'e',
    Observaciones: sentinel,
  });
  const tasa = await postB('/api/formacion/tasasdgt/save', {
    Tipo: 'permiso',
    Anio: 2098,
    Importe: '94.05',
    Justificante: 'B-ISO-1',
    IdAlumno: alumno.Id,
    Consumo: 's',
    Fecha: '2098-05-01',
  });
  const cita = await postB('/api/formacion/citasaues/save', {
    Fecha: '2098-06-20',
    IdAlumno: alumno.Id,
    TipoExamen: 'circulacion',
    Permiso: 'B',
    JefaturaTrafico: 'Valencia',
    Estado: 'solicitada',
    Referencia: 'B-ISO-AUES',
    Observaciones: sentinel,
  });
  otrosB.cita = cita.Id;
  bIds.set('/api/formacion/clases', clase.Id);
  // calexamenes and tasasdgt are entities: the matrix picks their CRUD id itself (a list row with the sentinel).
  otrosB.examen = examen.Id;
  otrosB.tasa = tasa.Id;
  otrosB.alumno = alumno.Id;
  otrosB.profesor = profesor.Id;
}

function explicit({ a, bIds }: IsolationContext): Record<string, () => Promise<Answer>> {
  const id = (r: string) => bIds.get(`/api/formacion/${r}`);
  return {
    'POST /api/formacion/clases/estado/:id': () =>
      a.request('POST', `/api/formacion/clases/estado/${id('clases')}`, { Estado: 'anulada' }),
    'GET /api/formacion/clases/saldo/:id': () => a.request('GET', `/api/formacion/clases/saldo/${otrosB.alumno}`),
    'POST /api/formacion/clases/packs': () =>
      a.request('POST', '/api/formacion/clases/packs', {
        IdAlumno: otrosB.alumno,
        IdCurPermiso: 1,
        Fecha: '2098-06-01',
      }),
    'PUT /api/formacion/calexamenes/resultado/:id': () =>
      a.request('PUT', `/api/formacion/calexamenes/resultado/${otrosB.examen}`, { Resultado: 'APTO' }),
    'GET /api/formacion/calexamenes/historial/:id': () =>
      a.request('GET', `/api/formacion/calexamenes/historial/${otrosB.alumno}`),
    'POST /api/formacion/tasasdgt/cobrar/:id': () => a.request('POST', `/api/formacion/tasasdgt/cobrar/${otrosB.tasa}`),
    'POST /api/formacion/tasasdgt/consumir/:id': () =>
      a.request('POST', `/api/formacion/tasasdgt/consumir/${otrosB.tasa}`),
    'POST /api/formacion/tasasdgt/asignar': () =>
      a.request('POST', '/api/formacion/tasasdgt/asignar', { IdAlumno: otrosB.alumno }),
    // AUES: B's appointment sent or cancelled through A's session (404 before any call to the service).
    'POST /api/formacion/citasaues/solicitar/:id': () =>
      a.request('POST', `/api/formacion/citasaues/solicitar/${otrosB.cita}`),
    'POST /api/formacion/citasaues/anular/:id': () =>
      a.request('POST', `/api/formacion/citasaues/anular/${otrosB.cita}`),
    'PUT /api/formacion/clases/save/:id': () =>
      a.request('PUT', `/api/formacion/clases/save/${id('clases')}`, {
        IdProfesor: otrosB.profesor,
        IdAlumno: otrosB.alumno,
        Fecha: '2098-06-02',
        Hora: '10:00',
      }),
  };
}

async function verifyB({ b, bIds, sentinel }: IsolationContext): Promise<void> {
  const clase = await b.request('GET', `/api/formacion/clases/edit/${bIds.get('/api/formacion/clases')}`);
  if (
    clase.body.Estado !== 'reservada' ||
    clase.body.Fecha !== '2098-06-01' ||
    clase.body.Recogida !== sentinel.slice(0, 200)
  )
    throw new Error(`B's class was touched: ${JSON.stringify(clase.body)}`);
  const examen = await b.request('GET', `/api/formacion/calexamenes/edit/${otrosB.examen}`);
  if (examen.body.Resultado != null) throw new Error(`B's exam was touched: ${JSON.stringify(examen.body)}`);
  const cita = await b.request('GET', `/api/formacion/citasaues/edit/${otrosB.cita}`);
  if (cita.body.Estado !== 'solicitada' || cita.body.Referencia !== 'B-ISO-AUES')
    throw new Error(`B's AUES appointment was touched: ${JSON.stringify(cita.body)}`);
  const tasa = await b.request('GET', `/api/formacion/tasasdgt/edit/${otrosB.tasa}`);
  if (tasa.body.Consumo !== 's' || tasa.body.IdCargo != null)
    throw new Error(`B's fee was touched: ${JSON.stringify(tasa.body)}`);
}

export const autoescuelaIsolation: IsolationArea = { seedB, explicit, verifyB };
