import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { iniciarSimuladorAues, type SimuladorAues } from './aues/simulador.ts';

/**
 * AUES appointments on the DEMO AUTOESCUELA against the local simulator that speaks Faro's AUES protocol:
 * settings with the password encrypted, request → reference, consultation → granted day and time or denied, cancel,
 * refusals (flag off, bad credentials, service down) as Spanish 4xx/5xx; the CSV list out and back in; the
 * exam-quota ranking on fixed days of 2099; the reference lists.
 */
let t: TestApp;
let oficina: Session;
let sim: SimuladorAues;
let empresaId = 0;
const q = (sql: string, p: unknown[] = []) => t.database.query<any>(sql, p);
const id = { profe: 0, a1: 0, a2: 0, a3: 0, a4: 0, a5: 0, c1: 0, c2: 0 };

const alumno = async (Nombre: string, NIF: string) => {
  const r = await crear(oficina, '/api/formacion/alumnos/save', {
    Nombre,
    Apellidos: 'Cupo',
    NIF,
    FechaNacimiento: '2000-01-01',
    Estado: 'activo',
  });
  return Number(r);
};
const cita = async (IdAlumno: number, Fecha = '2099-07-01') => {
  const r = await crear(oficina, '/api/formacion/citasaues/save', {
    Fecha,
    IdAlumno,
    TipoExamen: 'circulacion',
    Permiso: 'B',
    JefaturaTrafico: 'Valencia',
    Estado: 'solicitada',
  });
  return Number(r);
};
/** n practical classes done (realizada) in 2099 for a student. */
const clasesHechas = async (idAlumno: number, n: number) => {
  for (let i = 0; i < n; i++) {
    await q(
      `insert into clases_practicas (empresa_id, id_profesor, id_alumno, fecha, hora, minutos, estado, consumo)
       values ($1, $2, $3, $4, '08:00', 45, 'realizada', 'c')`,
      [empresaId, id.profe, idAlumno, `2099-01-${String(i + 1).padStart(2, '0')}`],
    );
  }
};
const examen = async (idAlumno: number, Fecha: string, TipoExamen: string, Resultado: string | null) => {
  await q(
    `insert into calexamenes (empresa_id, fecha, tipo_examen, permiso, id_alumno, asistencia, resultado)
     values ($1, $2, $3, 'B', $4, 'c', $5)`,
    [empresaId, Fecha, TipoExamen, idAlumno, Resultado],
  );
};

beforeAll(async () => {
  t = await createTestApp();
  oficina = await t.as('autoescuela', 'AUTOESCUELA');
  empresaId = Number((await q("select id from empresas where codigo = 'AUTOESCUELA'"))[0].id);
  sim = await iniciarSimuladorAues({ usuario: 'escuela01', clave: 'secreto-aues' });
  id.profe = Number(
    (await q('select id from profesores where empresa_id = $1 order by id limit 1', [empresaId]))[0].id,
  );
  id.a1 = await alumno('Ana', '10000001S');
  id.a2 = await alumno('Bruno', '10000002Q');
  id.a3 = await alumno('Carla', '10000003V');
  id.a4 = await alumno('David', '10000004H');
  id.a5 = await alumno('Eva', '10000005L');
});
afterAll(async () => {
  await sim.parar();
  await t.close();
});

describe('AUES through the local simulator', () => {
  it('refuses to send while the company has AUES off or unconfigured (409, Spanish)', async () => {
    await q('update empresas set act_aues = false where id = $1', [empresaId]);
    id.c1 = await cita(id.a1);
    const off = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${id.c1}`);
    expect(off.status).toBe(409);
    expect(off.body.Mensaje).toContain('no tiene activadas las citas AUES');
    await q('update empresas set act_aues = true where id = $1', [empresaId]);
    await q('delete from aues_config where empresa_id = $1', [empresaId]);
    const sinConfig = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${id.c1}`);
    expect(sinConfig.status).toBe(409);
    expect(sinConfig.body.Mensaje).toContain('Configura la dirección');
    expect((await oficina.request('POST', '/api/formacion/citasaues/solicitar/99999999')).status).toBe(404);
  });

  it('keeps the settings with the password encrypted and never returns it', async () => {
    const mala = await oficina.request('PUT', '/api/formacion/citasaues/config', { Url: 'ftp://x', Usuario: '' });
    expect(mala.status).toBe(400);
    expect(mala.body.Errores.map((e: { Campo: string }) => e.Campo).sort()).toEqual([
      'CodigoAutoescuela',
      'Url',
      'Usuario',
    ]);
    const ok = await oficina.request('PUT', '/api/formacion/citasaues/config', {
      Url: sim.url,
      Usuario: 'escuela01',
      Clave: 'secreto-aues',
      CodigoAutoescuela: 'AE-46-0001',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({
      Activa: true,
      Url: sim.url,
      Usuario: 'escuela01',
      CodigoAutoescuela: 'AE-46-0001',
      ClaveGuardada: true,
    });
    const [row] = await q('select clave from aues_config where empresa_id = $1', [empresaId]);
    expect(row.clave).toBeTruthy();
    expect(row.clave).not.toContain('secreto-aues');
    // Saving without a password keeps the stored one.
    const sin = await oficina.request('PUT', '/api/formacion/citasaues/config', { ...ok.body, Clave: '' });
    expect(sin.body.ClaveGuardada).toBe(true);
  });

  it('requests, consults (granted with a time, or denied) and cancels', async () => {
    const r = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${id.c1}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ Estado: 'solicitada', Referencia: expect.stringMatching(/^AUES-\d{6}$/) });
    const enviada = sim.peticiones.at(-1)!;
    expect(enviada.auth).toBe(`Basic ${Buffer.from('escuela01:secreto-aues').toString('base64')}`);
    expect(enviada.cuerpo).toMatchObject({
      CodigoAutoescuela: 'AE-46-0001',
      Jefatura: 'Valencia',
      TipoExamen: 'circulacion',
      FechaDeseada: '2099-07-01',
      Alumno: { NIF: '10000001S', Nombre: 'Ana', Apellidos: 'Cupo' },
    });
    const otra = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${id.c1}`);
    expect(otra.status).toBe(409);

    id.c2 = await cita(id.a2);
    sim.denegar.add('10000002Q');
    expect((await oficina.request('POST', `/api/formacion/citasaues/solicitar/${id.c2}`)).status).toBe(200);
    const consulta = await oficina.request('POST', '/api/formacion/citasaues/consultar');
    expect(consulta.status).toBe(200);
    expect(consulta.body.Cambios).toEqual(
      expect.arrayContaining([
        { Id: id.c1, Estado: 'concedida' },
        { Id: id.c2, Estado: 'denegada' },
      ]),
    );
    const concedida = await oficina.request('GET', `/api/formacion/citasaues/edit/${id.c1}`);
    expect(concedida.body).toMatchObject({ Estado: 'concedida', Fecha: '2099-07-01', Hora: '09:00' });
    const denegada = await oficina.request('GET', `/api/formacion/citasaues/edit/${id.c2}`);
    expect(denegada.body).toMatchObject({ Estado: 'denegada', Respuesta: 'Sin cupo para el permiso en esta Jefatura' });

    const anulada = await oficina.request('POST', `/api/formacion/citasaues/anular/${id.c1}`);
    expect(anulada.body.Estado).toBe('anulada');
    const sinRef = await cita(id.a3);
    expect((await oficina.request('POST', `/api/formacion/citasaues/anular/${sinRef}`)).status).toBe(409);
    await q('delete from citasaues where empresa_id = $1 and id = $2', [empresaId, sinRef]);
  });

  it('explains in Spanish a refused password and a service that is down', async () => {
    const c = await cita(id.a4);
    sim.caido = true;
    const caido = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${c}`);
    expect(caido.status).toBe(502);
    expect(caido.body.Mensaje).toBe('El servicio AUES no responde: Servicio en mantenimiento');
    sim.caido = false;
    await oficina.request('PUT', '/api/formacion/citasaues/config', {
      Url: sim.url,
      Usuario: 'escuela01',
      Clave: 'otra-clave',
      CodigoAutoescuela: 'AE-46-0001',
    });
    const mal = await oficina.request('POST', `/api/formacion/citasaues/solicitar/${c}`);
    expect(mal.status).toBe(502);
    expect(mal.body.Mensaje).toBe('El servicio AUES no acepta el usuario o la contraseña configurados');
    const edit = await oficina.request('GET', `/api/formacion/citasaues/edit/${c}`);
    expect(edit.body.Referencia ?? null).toBeNull();
    await q('delete from citasaues where empresa_id = $1 and id = $2', [empresaId, c]);
  });
});

describe('appointment lists as CSV (the fallback channel)', () => {
  it('exports the list and imports it back: updates by reference, creates by NIF, reports bad lines', async () => {
    const csv = await oficina.request('GET', '/api/formacion/citasaues/csv');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const texto = String(csv.body);
    const lineas = texto
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lineas[0]).toBe('Referencia;Fecha;Hora;NIF;Alumno;TipoExamen;Permiso;Jefatura;Estado');
    const ana = lineas.find((l) => l.includes('10000001S'))!;
    expect(ana).toMatch(/^AUES-\d{6};2099-07-01;09:00;10000001S;Ana Cupo;circulacion;B;Valencia;anulada$/);
    const ref = ana.split(';')[0]!;

    const entrada = [
      'Referencia;Fecha;Hora;NIF;Alumno;TipoExamen;Permiso;Jefatura;Estado',
      `${ref};02/07/2099;10:30;10000001S;Ana Cupo;circulacion;B;Valencia;concedida`,
      'J-77;2099-07-03;11:00;10000005L;Eva Cupo;destreza;B;Valencia;concedida',
      'J-78;31/02/2099;11:00;10000005L;Eva Cupo;destreza;B;Valencia;concedida',
      'J-79;2099-07-03;11:00;99999999R;Nadie;destreza;B;Valencia;concedida',
      'J-80;2099-07-03;11:00;10000005L;Eva;circulacion;B;Valencia;perdida',
    ].join('\n');
    const imp = await oficina.request('POST', '/api/formacion/citasaues/importar', { Csv: entrada });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body).toEqual({
      Creadas: 1,
      Actualizadas: 1,
      Errores: [
        { Linea: 4, Mensaje: 'Fecha no válida (dd/mm/aaaa o aaaa-mm-dd)' },
        { Linea: 5, Mensaje: 'No hay ningún alumno con ese DNI/NIE' },
        { Linea: 6, Mensaje: 'Estado no válido: solicitada, concedida, denegada o anulada' },
      ],
    });
    const [act] = await q('select fecha::text, hora, estado from citasaues where empresa_id = $1 and referencia = $2', [
      empresaId,
      ref,
    ]);
    expect(act).toEqual({ fecha: '2099-07-02', hora: '10:30', estado: 'concedida' });
    const [nueva] = await q('select id_alumno, tipo_examen from citasaues where empresa_id = $1 and referencia = $2', [
      empresaId,
      'J-77',
    ]);
    expect(Number(nueva.id_alumno)).toBe(id.a5);
    const cab = await oficina.request('POST', '/api/formacion/citasaues/importar', { Csv: 'a;b\n1;2' });
    expect(cab.status).toBe(400);
    expect(cab.body.Mensaje).toContain('La primera fila debe ser la cabecera');
  });
});

describe('exam-quota plan', () => {
  it('ranks the ready students for the next slots and says what the others lack', async () => {
    await q('update confautoescuela set minimo_clases = 10 where empresa_id = $1', [empresaId]);
    // Ana: theory 2098-01-10 (expires first), 12 classes; her granted appointment of 2099-07-02 books her.
    // Bruno: theory 2099-03-01, 14 classes, one NO APTO. Carla: theory 2099-03-01, 14 classes, no failure.
    // David: theory passed but 6 classes. Eva: no theory.
    await clasesHechas(id.a1, 12);
    await clasesHechas(id.a2, 14);
    await clasesHechas(id.a3, 14);
    await clasesHechas(id.a4, 6);
    await clasesHechas(id.a5, 20);
    await examen(id.a1, '2098-01-10', 'teorico', 'APTO');
    await examen(id.a2, '2099-03-01', 'teorico', 'APTO');
    await examen(id.a2, '2099-04-01', 'circulacion', 'NO APTO');
    await examen(id.a3, '2099-03-01', 'teorico', 'APTO');
    await examen(id.a4, '2099-03-01', 'teorico', 'APTO');
    const r = await oficina.request('GET', '/api/formacion/citasaues/cupo?plazas=1&hoy=2099-06-01');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.MinimoClases).toBe(10);
    const mios = new Map<number, any>(
      r.body.Alumnos.filter((a: { IdAlumno: number }) => Object.values(id).includes(a.IdAlumno)).map(
        (a: { IdAlumno: number }) => [a.IdAlumno, a],
      ),
    );
    expect(mios.get(id.a1)).toMatchObject({ Listo: false, Motivo: 'Ya tiene examen o cita reservada' });
    expect(mios.get(id.a3)).toMatchObject({ Listo: true, Propuesto: true, Motivo: 'Listo para examen' });
    expect(mios.get(id.a2)).toMatchObject({ Listo: true, Propuesto: false, Suspensos: 1 });
    expect(mios.get(id.a3).Puesto).toBeLessThan(mios.get(id.a2).Puesto);
    expect(mios.get(id.a4)).toMatchObject({ Listo: false, Motivo: 'Le faltan 4 clases prácticas' });
    expect(mios.get(id.a5)).toMatchObject({ Listo: false, Motivo: 'No ha aprobado el teórico' });

    // Once Ana's appointment is cancelled she is ready, first: her theory expires soonest.
    await q("update citasaues set estado = 'anulada' where empresa_id = $1 and id_alumno = $2", [empresaId, id.a1]);
    const r2 = await oficina.request('GET', '/api/formacion/citasaues/cupo?plazas=1&hoy=2099-06-01');
    const primero = r2.body.Alumnos[0];
    expect(primero).toMatchObject({ IdAlumno: id.a1, Puesto: 1, Propuesto: true, DiasTeorico: 223 });
    expect(primero.Motivo).toBe('Listo para examen');
    expect((await oficina.request('GET', '/api/formacion/citasaues/cupo?plazas=0')).status).toBe(400);
  });
});

describe('reference lists', () => {
  it('serves the spec lists with real contents', async () => {
    const todas = await oficina.request('GET', '/api/formacion/listas');
    expect(Object.keys(todas.body)).toEqual([
      'permisos',
      'grupospermiso',
      'tiposexamen',
      'idiomas',
      'jefaturas',
      'nacionalidades',
      'paises',
      'tiposvia',
    ]);
    const grupos = await oficina.request('GET', '/api/formacion/listas?nombre=grupospermiso');
    expect(grupos.body.Items.map((g: { value: string }) => g.value)).toEqual([
      'A',
      'A1/A2',
      'ADR',
      'CAP',
      'RPV',
      'otros',
    ]);
    const paises = await oficina.request('GET', '/api/formacion/listas?nombre=paises');
    expect(paises.body.Items).toHaveLength(249);
    expect(paises.body.Items).toContainEqual({ value: 'ES', label: 'España' });
    const jef = await oficina.request('GET', '/api/formacion/listas?nombre=jefaturas');
    expect(jef.body.Items).toContainEqual({ value: 'Valencia', label: 'Valencia (Jefatura Provincial)' });
    expect(jef.body.Items).toContainEqual({ value: 'Vigo', label: 'Vigo (Jefatura Local)' });
    const nac = await oficina.request('GET', '/api/formacion/listas?nombre=nacionalidades');
    expect(nac.body.Items[0]).toEqual({ value: 'ES', label: 'Española' });
    const via = await oficina.request('GET', '/api/formacion/listas?nombre=tiposvia');
    expect(via.body.Items).toContainEqual({ value: 'CL', label: 'Calle' });
    expect((await oficina.request('GET', '/api/formacion/listas?nombre=otra')).status).toBe(400);
  });
});
