import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear } from '../../../test/datosDemo.ts';
import { crearMiembroConPerfil } from '../../platform/identity/miembros.testkit.ts';

/**
 * The dental practice on the DEMO company DENTAL, on fixed days of 2099 (never today): the clinical file
 * (history, dated entries, consents) is read only with OdonClinica and every read is audited; the odontogram keeps
 * FDI teeth and surfaces; a plan is a quote of the sales engine accepted by the patient and then carried out
 * treatment by treatment; appointments clash per dentist and per chair and show in the dentist's agenda.
 */
const B = '/api/odontologia';
const ids = { d1: 0, d2: 0, s1: 0, s2: 0, paciente: 0, empaste: 0 };

const t = appDePruebas();
const dental = t.sesion('dental', 'DENTAL');
beforeAll(async () => {
  const rec = await dental.request('GET', `${B}/citas/recursos`);
  expect(rec.status).toBe(200);
  [ids.d1, ids.d2] = rec.body.Dentistas.map((d: { Id: number }) => d.Id);
  [ids.s1, ids.s2] = rec.body.Sillones.map((d: { Id: number }) => d.Id);
  ids.paciente = await crear(dental, '/api/ventas/clientes/save', {
    Nombre: 'Paciente De Prueba',
    NIF: '23987456C',
  });
  const trat = await dental.request('GET', `${B}/tratamientos/list`);
  ids.empaste = trat.body.Items.find((x: { Descripcion: string }) => x.Descripcion.startsWith('Obturación')).Id;
});

describe('clinical history and consents', () => {
  it('saves the history, a dated entry and a consent, and audits every read', async () => {
    const put = await dental.request('PUT', `${B}/historia/${ids.paciente}`, {
      Alergias: 'Ibuprofeno',
      Enfermedades: 'Asma',
      Medicacion: 'Salbutamol',
      Notas: 'Ansiedad dental',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const entrada = await dental.request('POST', `${B}/historia/${ids.paciente}/entradas`, {
      Fecha: '2099-03-02',
      Texto: 'Primera visita',
      IdDentista: ids.d1,
    });
    expect(entrada.status).toBe(201);
    const sinTexto = await dental.request('POST', `${B}/historia/${ids.paciente}/entradas`, {
      Fecha: '2099-03-02',
      Texto: '',
    });
    expect(sinTexto.status).toBe(400);
    const cons = await dental.request('POST', `${B}/consentimientos/${ids.paciente}`, {
      Tipo: 'cirugia',
      Fecha: '2099-03-02',
    });
    expect(cons.status).toBe(201);
    const malo = await dental.request('POST', `${B}/consentimientos/${ids.paciente}`, {
      Tipo: 'otro',
      Fecha: '2099-03-02',
    });
    expect(malo.status).toBe(400);
    const h = await dental.request('GET', `${B}/historia/${ids.paciente}`);
    expect(h.status).toBe(200);
    expect(h.body.Historia).toEqual({
      Alergias: 'Ibuprofeno',
      Enfermedades: 'Asma',
      Medicacion: 'Salbutamol',
      Notas: 'Ansiedad dental',
    });
    expect(h.body.Entradas[0]).toMatchObject({ Fecha: '2099-03-02', Texto: 'Primera visita', Dentista: 'Laura' });
    expect(h.body.Consentimientos[0]).toMatchObject({ Tipo: 'cirugia', Fecha: '2099-03-02' });
    const [leidas] = await t.database.query<{ n: string }>(
      `select count(*) as n from auditoria where recurso = 'historiaclinica' and accion = 'L' and id_registro = $1`,
      [ids.paciente],
    );
    expect(Number(leidas!.n)).toBe(1);
  });

  it('keeps the clinical file from members without the clinical permission', async () => {
    await crearMiembroConPerfil(dental, {
      UserName: 'recepcion.dental',
      Nombre: 'Recepción',
      Email: 'recepcion@sonrisa.test',
      perfil: 'Recepción sin historia',
      Permisos: { ConClientes: 3, CursoHorario: 3, OdonClinica: 0 },
    });
    const recepcion = await t.as('recepcion.dental', 'DENTAL');
    expect((await recepcion.request('GET', `${B}/historia/${ids.paciente}`)).status).toBe(403);
    expect((await recepcion.request('GET', `${B}/odontograma/${ids.paciente}`)).status).toBe(403);
    expect((await recepcion.request('GET', `${B}/pacientes/list?Buscar=Prueba`)).body.Items).toHaveLength(1);
  });
});

describe('odontogram', () => {
  it('keeps FDI teeth and surfaces, refuses others, and audits its reads', async () => {
    const ok = await dental.request('POST', `${B}/odontograma/${ids.paciente}`, {
      Pieza: 55,
      Caras: 'MOD',
      Descripcion: 'Caries',
      Estado: 'planificado',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ Pieza: 55, Caras: 'MOD', Estado: 'planificado' });
    for (const bad of [{ Pieza: 19 }, { Pieza: 49 }, { Pieza: 11, Caras: 'XX' }, { Pieza: 11, Caras: 'MM' }]) {
      const r = await dental.request('POST', `${B}/odontograma/${ids.paciente}`, { Descripcion: 'x', ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const hecho = await dental.request('PUT', `${B}/odontograma/marca/${ok.body.Id}`, {
      Estado: 'realizado',
      Fecha: '2099-03-03',
    });
    expect(hecho.body).toMatchObject({ Estado: 'realizado', Fecha: '2099-03-03' });
    const og = await dental.request('GET', `${B}/odontograma/${ids.paciente}`);
    expect(og.body.Marcas.map((m: { Pieza: number }) => m.Pieza)).toContain(55);
    expect((await dental.request('GET', `${B}/odontograma/99999999`)).status).toBe(404);
  });
});

describe('treatment plans', () => {
  it('creates the quote through the sales engine, exempt E1, and carries it out once accepted', async () => {
    const trat = await dental.request('GET', `${B}/tratamientos/list`);
    const empaste = trat.body.Items.find((x: { Id: number }) => x.Id === ids.empaste);
    expect(empaste).toMatchObject({ Exencion: 'E1', TipoIva: 'EXENTO' });
    const blanq = trat.body.Items.find((x: { Descripcion: string }) => x.Descripcion.startsWith('Blanqueamiento'));
    expect(Number(blanq.PorcentajeIva)).toBe(21);
    const plan = await dental.request('POST', `${B}/planes/save`, {
      IdCliente: ids.paciente,
      Fecha: '2099-03-02',
      IdDentista: ids.d1,
      Lineas: [
        { IdProducto: ids.empaste, Pieza: 16, Caras: 'MO' },
        { IdProducto: ids.empaste, Pieza: 26, Caras: 'O', Precio: 50 },
      ],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body).toMatchObject({ Estado: 'pendiente', Total: '115.00' });
    const quote = await dental.request('GET', `/api/ventas/pventa/edit/${plan.body.IdPresupuesto}`);
    expect(quote.status).toBe(200);
    expect(quote.body.Lineas.map((l: { Descripcion: string }) => l.Descripcion)).toEqual([
      'Obturación (empaste) de composite — pieza 16 (Mesial, Oclusal)',
      'Obturación (empaste) de composite — pieza 26 (Oclusal)',
    ]);
    const [m1] = plan.body.Tratamientos;
    const antes = await dental.request('PUT', `${B}/odontograma/marca/${m1.Id}`, { Estado: 'realizado' });
    expect(antes.status).toBe(409);
    expect(antes.body.Mensaje).toBe('El paciente aún no ha aceptado el plan');
    const acepta = await dental.request('POST', `${B}/planes/aceptar/${plan.body.Id}`, { Fecha: '2099-03-05' });
    expect(acepta.body).toMatchObject({ Estado: 'aceptado', FechaAceptacion: '2099-03-05' });
    expect((await dental.request('POST', `${B}/planes/aceptar/${plan.body.Id}`, { Fecha: '2099-03-06' })).status).toBe(
      409,
    );
    for (const m of plan.body.Tratamientos) {
      const r = await dental.request('PUT', `${B}/odontograma/marca/${m.Id}`, {
        Estado: 'realizado',
        Fecha: '2099-03-10',
      });
      expect(r.status).toBe(200);
    }
    expect((await dental.request('GET', `${B}/planes/edit/${plan.body.Id}`)).body.Estado).toBe('terminado');
    const noServicio = await dental.request('POST', `${B}/planes/save`, {
      IdCliente: ids.paciente,
      Fecha: '2099-03-02',
      Lineas: [{ IdProducto: 99999999 }],
    });
    expect(noServicio.status).toBe(400);
  });
});

describe('appointments per dentist and chair', () => {
  const cita = (over: Record<string, unknown>) => ({
    IdCliente: ids.paciente,
    IdDentista: ids.d1,
    IdSillon: ids.s1,
    Fecha: '2099-04-06',
    Hora: '10:00',
    Minutos: 30,
    Motivo: 'Revisión',
    ...over,
  });
  it('refuses the same dentist or the same chair at overlapping times and shows the booking in the agenda', async () => {
    const a = await dental.request('POST', `${B}/citas/save`, cita({}));
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const mismoDentista = await dental.request('POST', `${B}/citas/save`, cita({ IdSillon: ids.s2, Hora: '10:15' }));
    expect(mismoDentista.status).toBe(409);
    expect(mismoDentista.body.Errores).toEqual([
      { Campo: 'IdDentista', Mensaje: 'Laura ya tiene una cita a las 10:00' },
    ]);
    const mismoSillon = await dental.request('POST', `${B}/citas/save`, cita({ IdDentista: ids.d2, Hora: '10:29' }));
    expect(mismoSillon.status).toBe(409);
    expect(mismoSillon.body.Errores[0].Campo).toBe('IdSillon');
    const seguida = await dental.request('POST', `${B}/citas/save`, cita({ Hora: '10:30' }));
    expect(seguida.status).toBe(201);
    const otra = await dental.request(
      'POST',
      `${B}/citas/save`,
      cita({ IdDentista: ids.d2, IdSillon: ids.s2, Hora: '10:00' }),
    );
    expect(otra.status).toBe(201);
    const lista = await dental.request('GET', `${B}/citas/list?Desde=2099-04-06&IdDentista=${ids.d1}`);
    expect(lista.body.Items.map((c: { Hora: string }) => c.Hora)).toEqual(['10:00', '10:30']);
    const agenda = await dental.request('GET', '/api/usuarios/usuario/agenda/list?Desde=2099-04-06&Hasta=2099-04-06');
    const citas = agenda.body.Items.filter((i: { Asunto: string }) => i.Asunto.startsWith('Cita: Paciente De Prueba'));
    expect(citas.map((c: { Inicio: string }) => new Date(c.Inicio).toISOString())).toEqual([
      '2099-04-06T08:00:00.000Z',
      '2099-04-06T08:30:00.000Z',
    ]);
    const anulada = await dental.request('PUT', `${B}/citas/save/${a.body.Id}`, cita({ Estado: 'anulada' }));
    expect(anulada.status).toBe(200);
    expect((await dental.request('POST', `${B}/citas/save`, cita({}))).status).toBe(201);
    expect((await dental.request('PUT', `${B}/citas/save/${a.body.Id}`, cita({}))).status).toBe(409);
    expect((await dental.request('GET', `${B}/citas/list?Desde=nada`)).status).toBe(400);
  });
});
