import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Isolation fixture of the dental practice: B gets a dentist, a chair, a treatment, a patient with a
 * clinical history, a consent and an odontogram mark carrying the sentinel, a plan and an appointment; A calls every
 * route that takes B's ids (the clinical file, marks, plans, appointments) and gets 404, and B's rows stay as they
 * were. The CRUD-shaped `citas` and `planes` routes take B's ids from the matrix's map.
 */
const otrosB = { paciente: 0, marca: 0, consentimiento: 0, plan: 0, dentista: 0, sillon: 0 };
const B = '/api/odontologia';

async function seedB({ bIds, postB, sentinel }: IsolationContext): Promise<void> {
  const dentista = await postB('/api/rrhh/empleados/save', {
    Codigo: 'DENT-ISO',
    Nombre: sentinel.slice(0, 60),
    Apellido1: 'Iso',
  });
  const sillon = await postB('/api/configuracion/sillones/save', { Nombre: sentinel.slice(0, 60) });
  const trat = await postB(`${B}/tratamientos/save`, { Descripcion: sentinel.slice(0, 200), PrecioVenta: 50 });
  const paciente = await postB('/api/ventas/clientes/save', {
    Nombre: `Paciente ${sentinel}`.slice(0, 150),
    NIF: '71234567W',
  });
  const b = (path: string, body: Record<string, unknown>) => postB(path, body);
  await b(`${B}/historia/${paciente.Id}/entradas`, { Fecha: '2098-06-01', Texto: sentinel });
  const cons = await b(`${B}/consentimientos/${paciente.Id}`, {
    Tipo: 'general',
    Fecha: '2098-06-01',
    Observaciones: sentinel,
  });
  const marca = await b(`${B}/odontograma/${paciente.Id}`, {
    Pieza: 11,
    Caras: 'V',
    Descripcion: sentinel.slice(0, 200),
  });
  const plan = await b(`${B}/planes/save`, {
    IdCliente: paciente.Id,
    Fecha: '2098-06-01',
    Observaciones: sentinel,
    Lineas: [{ IdProducto: trat.Id, Pieza: 21 }],
  });
  const cita = await b(`${B}/citas/save`, {
    IdCliente: paciente.Id,
    IdDentista: dentista.Id,
    IdSillon: sillon.Id,
    Fecha: '2098-06-01',
    Hora: '09:00',
    Minutos: 30,
    Motivo: sentinel.slice(0, 200),
  });
  bIds.set(`${B}/citas`, cita.Id);
  bIds.set(`${B}/planes`, plan.Id);
  Object.assign(otrosB, {
    paciente: paciente.Id,
    marca: marca.Id,
    consentimiento: cons.Id,
    plan: plan.Id,
    dentista: dentista.Id,
    sillon: sillon.Id,
  });
}

function explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
  const p = () => otrosB.paciente;
  return {
    'GET /api/odontologia/historia/:id': () => a.request('GET', `${B}/historia/${p()}`),
    'PUT /api/odontologia/historia/:id': () => a.request('PUT', `${B}/historia/${p()}`, { Notas: 'A' }),
    'POST /api/odontologia/historia/:id/entradas': () =>
      a.request('POST', `${B}/historia/${p()}/entradas`, { Fecha: '2098-06-02', Texto: 'A' }),
    'POST /api/odontologia/consentimientos/:id': () =>
      a.request('POST', `${B}/consentimientos/${p()}`, { Tipo: 'general', Fecha: '2098-06-02' }),
    'DELETE /api/odontologia/consentimientos/:id': () =>
      a.request('DELETE', `${B}/consentimientos/${otrosB.consentimiento}`),
    'GET /api/odontologia/consentimientos/:id/fichero': () =>
      a.request('GET', `${B}/consentimientos/${otrosB.consentimiento}/fichero`),
    'GET /api/odontologia/odontograma/:id': () => a.request('GET', `${B}/odontograma/${p()}`),
    'POST /api/odontologia/odontograma/:id': () =>
      a.request('POST', `${B}/odontograma/${p()}`, { Pieza: 12, Descripcion: 'A' }),
    'PUT /api/odontologia/odontograma/marca/:id': () =>
      a.request('PUT', `${B}/odontograma/marca/${otrosB.marca}`, { Estado: 'realizado' }),
    'DELETE /api/odontologia/odontograma/marca/:id': () =>
      a.request('DELETE', `${B}/odontograma/marca/${otrosB.marca}`),
    'POST /api/odontologia/planes/aceptar/:id': () =>
      a.request('POST', `${B}/planes/aceptar/${otrosB.plan}`, { Fecha: '2098-06-02' }),
  };
}

async function verifyB({ b, sentinel }: IsolationContext): Promise<void> {
  const h = await b.request('GET', `${B}/historia/${otrosB.paciente}`);
  if (h.body.Historia?.Notas || h.body.Entradas?.length !== 1 || h.body.Consentimientos?.length !== 1)
    throw new Error(`B's clinical file was touched: ${JSON.stringify(h.body)}`);
  const og = await b.request('GET', `${B}/odontograma/${otrosB.paciente}`);
  const marca = og.body.Marcas.find((m: { Id: number }) => m.Id === otrosB.marca);
  if (og.body.Marcas.length !== 2 || marca?.Estado !== 'planificado' || marca.Descripcion !== sentinel.slice(0, 200))
    throw new Error(`B's odontogram was touched: ${JSON.stringify(og.body)}`);
  const plan = await b.request('GET', `${B}/planes/edit/${otrosB.plan}`);
  if (plan.body.FechaAceptacion !== null) throw new Error(`B's plan was accepted by A: ${JSON.stringify(plan.body)}`);
}

export const odontologiaIsolation: IsolationArea = { seedB, explicit, verifyB };
