import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { cuerpo } from '../../platform/http/respuesta.testkit.ts';

/**
 * The driving school on the DEMO AUTOESCUELA, on fixed days of 2099 (never today): practical classes
 * clash per instructor, vehicle and student; the instructor sees and confirms only theirs; classes come out of the
 * student's pack, then one by one; a no-show is charged per the school's rule; the DGT fee stock never goes
 * negative; an exam result feeds the student's history and the pass statistics; the exam forms PDF; the portal shows
 * a student only their own classes.
 */
const id = { p1: 0, p2: 0, v1: 0, a1: 0, a2: 0, curso: 0, c1: 0, c2: 0, c3: 0, tasa: 0 };

const crear = async (path: string, body: Record<string, unknown>) => {
  const r = await oficina.request('POST', `/api/formacion/${path}/save`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return Number(r.body.Id);
};
const clase = (over: Record<string, unknown>) => ({
  IdProfesor: id.p1,
  IdVehiculo: id.v1,
  IdAlumno: id.a1,
  Fecha: '2099-03-02',
  Hora: '10:00',
  Minutos: 45,
  Recogida: 'Plaza Mayor',
  ...over,
});
const cargosDe = async (idAlumno: number) => {
  const q = encodeURIComponent(JSON.stringify({ IdAlumno: idAlumno }));
  const r = await oficina.request('GET', `/api/formacion/cargos/list?TotalPagina=200&Filtros=${q}`);
  expect(r.status).toBe(200);
  return r.body.Items as { Concepto: string; Importe: string }[];
};

const t = appDePruebas();
const oficina = t.sesion('autoescuela', 'AUTOESCUELA');
const instructor = t.sesion('instructor', 'AUTOESCUELA');
const alumnoPortal = t.sesion('alumnoae', 'AUTOESCUELA');
beforeAll(async () => {
  // The demo's instructor: the 'instructor' user's teacher row (profesores.Email = the user's e-mail).
  const profes = await oficina.request('GET', '/api/formacion/profesores/list?TotalPagina=200');
  id.p1 = Number(profes.body.Items.find((p: { Email: string }) => p.Email === 'instructor@faro.local').Id);
  id.p2 = await crear('profesores', { Codigo: 'T-P2', Nombre: 'Elena', Apellidos: 'Ruiz' });
  id.v1 = await crear('vehiculos', { Matricula: '9999ZZZ', Permisos: 'B', DobleMando: true });
  const alumno = (n: string, nif: string) => ({
    Nombre: n,
    Apellidos: 'Prueba',
    NIF: nif,
    FechaNacimiento: '2000-01-01',
    Estado: 'activo',
  });
  id.a1 = await crear('alumnos', alumno('Nuria', '12345678Z'));
  id.a2 = await crear('alumnos', alumno('Óscar', '87654321X'));
  id.curso = await crear('curpermisos', {
    Codigo: 'T-B',
    Nombre: 'Permiso B test',
    Permiso: 'B',
    ClasesPack: 2,
    PrecioPack: '60.00',
    PrecioClase: '35.00',
  });
});

describe('practical classes calendar', () => {
  it('books a class and refuses clashes of instructor, vehicle and student with a message naming them', async () => {
    const ok = await oficina.request('POST', '/api/formacion/clases/save', clase({}));
    cuerpo(ok, 201, {
      Estado: 'reservada',
      Consumo: 's',
      Profesor: 'Sergio Molina Ortega',
      Vehiculo: '9999ZZZ',
    });
    id.c1 = ok.body.Id;

    const profe = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdVehiculo: null, IdAlumno: id.a2, Hora: '10:30' }),
    );
    expect(profe.status).toBe(409);
    expect(profe.body.Errores.map((e: { Campo: string }) => e.Campo)).toEqual(['IdProfesor']);
    expect(JSON.stringify(profe.body)).toContain(
      'El profesor Sergio Molina Ortega ya tiene una clase el 02/03/2099 de 10:00 a 10:45',
    );

    const coche = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdProfesor: id.p2, IdAlumno: id.a2, Hora: '09:30' }),
    );
    expect(coche.status).toBe(409);
    expect(JSON.stringify(coche.body)).toContain(
      'El vehículo 9999ZZZ ya está reservado el 02/03/2099 de 10:00 a 10:45',
    );

    const alumno = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdProfesor: id.p2, IdVehiculo: null, Hora: '10:44' }),
    );
    expect(alumno.status).toBe(409);
    expect(JSON.stringify(alumno.body)).toContain('El alumno Nuria Prueba ya tiene una clase');

    // Back to back is no clash; bad input is a Spanish 400.
    const seguida = await oficina.request('POST', '/api/formacion/clases/save', clase({ Hora: '10:45' }));
    expect(seguida.status).toBe(201);
    id.c2 = seguida.body.Id;
    const mala = await oficina.request('POST', '/api/formacion/clases/save', clase({ Hora: '25:00' }));
    expect(mala.status).toBe(400);
    expect(JSON.stringify(mala.body)).toContain('Indica la hora como HH:MM');
  });

  it('moves a class to a free slot (back to reservada) and lists the week per instructor', async () => {
    const mover = await oficina.request(
      'PUT',
      `/api/formacion/clases/save/${id.c2}`,
      clase({ Fecha: '2099-03-03', Hora: '12:00' }),
    );
    cuerpo(mover, 200, { Fecha: '2099-03-03', Hora: '12:00', Estado: 'reservada' });
    const otra = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdProfesor: id.p2, IdVehiculo: null, IdAlumno: id.a2, Hora: '10:00' }),
    );
    expect(otra.status).toBe(201);
    id.c3 = otra.body.Id;
    const semana = await oficina.request('GET', '/api/formacion/clases/calendario?desde=2099-03-02&hasta=2099-03-08');
    expect(semana.body.Clases.map((c: { Id: number }) => c.Id).sort()).toEqual([id.c1, id.c2, id.c3].sort());
    const soloP2 = await oficina.request(
      'GET',
      `/api/formacion/clases/calendario?desde=2099-03-02&hasta=2099-03-08&profesor=${id.p2}`,
    );
    expect(soloP2.body.Clases.map((c: { Id: number }) => c.Id)).toEqual([id.c3]);
  });

  it('lets the instructor see and confirm only their own classes', async () => {
    const mias = await instructor.request('GET', '/api/formacion/clases/calendario?desde=2099-03-02&hasta=2099-03-08');
    expect(mias.status).toBe(200);
    expect(mias.body.Clases.map((c: { Id: number }) => c.Id).sort()).toEqual([id.c1, id.c2].sort());
    const ok = await instructor.request('POST', `/api/formacion/clases/estado/${id.c1}`, { Estado: 'confirmada' });
    expect(ok.status).toBe(200);
    expect(ok.body.Estado).toBe('confirmada');
    expect(
      (await instructor.request('POST', `/api/formacion/clases/estado/${id.c3}`, { Estado: 'confirmada' })).status,
    ).toBe(403);
    expect(
      (await instructor.request('POST', `/api/formacion/clases/estado/${id.c2}`, { Estado: 'anulada' })).status,
    ).toBe(403);
    expect((await instructor.request('POST', '/api/formacion/clases/save', clase({ Hora: '16:00' }))).status).toBe(403);
  });

  it('consumes classes from the pack, then charges them one by one; a closed class does not change', async () => {
    const pack = await oficina.request('POST', '/api/formacion/clases/packs', {
      IdAlumno: id.a1,
      IdCurPermiso: id.curso,
      Fecha: '2099-03-01',
    });
    cuerpo(pack, 201, { Clases: 2, Quedan: 2, Compradas: 2, Consumidas: 0 });
    for (const c of [id.c1, id.c2]) {
      const r = await oficina.request('POST', `/api/formacion/clases/estado/${c}`, { Estado: 'realizada' });
      cuerpo(r, 200, { Estado: 'realizada', Consumo: 'c', IdCargo: null });
    }
    const saldo = await oficina.request('GET', `/api/formacion/clases/saldo/${id.a1}`);
    expect(saldo.body).toMatchObject({ Compradas: 2, Consumidas: 2, Quedan: 0 });
    const tercera = await oficina.request('POST', '/api/formacion/clases/save', clase({ Fecha: '2099-03-04' }));
    const suelta = await oficina.request('POST', `/api/formacion/clases/estado/${tercera.body.Id}`, {
      Estado: 'realizada',
    });
    expect(suelta.body).toMatchObject({ Consumo: 's' });
    expect(suelta.body.IdCargo).toBeGreaterThan(0);
    const cargos = await cargosDe(id.a1);
    expect(cargos.map((c) => [c.Concepto, Number(c.Importe)])).toEqual(
      expect.arrayContaining([
        ['Pack de 2 clases prácticas (Permiso B test)', 60],
        ['Clase práctica 04/03/2099 10:00', 35],
      ]),
    );
    const otraVez = await oficina.request('POST', `/api/formacion/clases/estado/${id.c1}`, { Estado: 'nopresentado' });
    expect(otraVez.status).toBe(409);
    expect(otraVez.body.Mensaje).toContain('ya está cerrada');
  });

  it('charges a no-show per the school rule, and refuses a charge without a price', async () => {
    const falta = await oficina.request('POST', '/api/formacion/clases/save', clase({ Fecha: '2099-03-05' }));
    const r = await oficina.request('POST', `/api/formacion/clases/estado/${falta.body.Id}`, {
      Estado: 'nopresentado',
    });
    cuerpo(r, 200, { Estado: 'nopresentado', NoPresentado: true, Consumo: 's' });
    expect((await cargosDe(id.a1)).map((c) => [c.Concepto, Number(c.Importe)])).toContainEqual([
      'Clase práctica no presentada 05/03/2099 10:00',
      35,
    ]);
    // a2 has no pack and so no price: the no-show asks for one (a Spanish 400), with it the charge is made.
    const sinPack = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdAlumno: id.a2, Fecha: '2099-03-06' }),
    );
    const sinPrecio = await oficina.request('POST', `/api/formacion/clases/estado/${sinPack.body.Id}`, {
      Estado: 'nopresentado',
    });
    expect(sinPrecio.status).toBe(400);
    expect(JSON.stringify(sinPrecio.body)).toContain('no tiene un pack con precio');
    const conPrecio = await oficina.request('POST', `/api/formacion/clases/estado/${sinPack.body.Id}`, {
      Estado: 'nopresentado',
      Precio: '30',
    });
    expect(conPrecio.status).toBe(200);
    // Cancelling well ahead (2099) is free under 'cobrarsinaviso'.
    const anular = await oficina.request('POST', `/api/formacion/clases/estado/${id.c3}`, { Estado: 'anulada' });
    expect(anular.body).toMatchObject({ Estado: 'anulada', IdCargo: null });
  });
});

describe('DGT fees', () => {
  it('never lets the stock go negative, charges a fee once', async () => {
    const compra = await oficina.request('POST', '/api/formacion/tasasdgt/comprar', {
      Tipo: 'permiso',
      Anio: 2099,
      Importe: '94,05',
      Cantidad: 1,
      Fecha: '2099-02-01',
      Justificante: 'T2099',
    });
    expect(compra.status, JSON.stringify(compra.body)).toBe(201);
    const stock = (r: {
      body: { Items?: { Anio: number; Tipo: string }[]; Stock?: { Anio: number; Tipo: string }[] };
    }) => (r.body.Items ?? r.body.Stock ?? []).find((x) => x.Anio === 2099 && x.Tipo === 'permiso');
    expect(stock(compra)).toMatchObject({ Compradas: 1, SinAsignar: 1 });
    const asignada = await oficina.request('POST', '/api/formacion/tasasdgt/asignar', { IdAlumno: id.a1, Anio: 2099 });
    expect(asignada.status, JSON.stringify(asignada.body)).toBe(200);
    id.tasa = asignada.body.Id;
    const agotada = await oficina.request('POST', '/api/formacion/tasasdgt/asignar', { IdAlumno: id.a2, Anio: 2099 });
    expect(agotada.status).toBe(409);
    expect(agotada.body.Mensaje).toBe(
      'No quedan tasas de examen de permiso sin asignar: compra más antes de asignarlas',
    );
    expect(stock(await oficina.request('GET', '/api/formacion/tasasdgt/stock'))).toMatchObject({
      Compradas: 1,
      SinAsignar: 0,
      Asignadas: 1,
      Consumidas: 0,
    });
    const cobro = await oficina.request('POST', `/api/formacion/tasasdgt/cobrar/${id.tasa}`);
    expect(cobro.status).toBe(200);
    expect(cobro.body.IdCargo).toBeGreaterThan(0);
    expect((await oficina.request('POST', `/api/formacion/tasasdgt/cobrar/${id.tasa}`)).status).toBe(409);
    expect((await cargosDe(id.a1)).map((c) => Number(c.Importe))).toContain(94.05);
    const cero = await oficina.request('POST', '/api/formacion/tasasdgt/comprar', {
      Tipo: 'permiso',
      Anio: 2099,
      Importe: '94.05',
      Cantidad: 0,
      Fecha: '2099-02-01',
    });
    expect(cero.status).toBe(400);
  });
});

describe('exams', () => {
  it('records results into the history and pass statistics, uses the fee, prints the forms', async () => {
    const examen = (IdAlumno: number, IdProfesor: number) =>
      crear('calexamenes', {
        Fecha: '2099-04-01',
        TipoExamen: 'circulacion',
        Permiso: 'B',
        JefaturaTrafico: 'Valencia',
        IdAlumno,
        IdProfesor,
        Asistencia: 'e',
      });
    const e1 = await examen(id.a1, id.p1);
    const e2 = await examen(id.a2, id.p2);
    const dia = await oficina.request('GET', '/api/formacion/calexamenes/dia?fecha=2099-04-01');
    expect(dia.body.Examenes.map((x: { Alumno: string }) => x.Alumno)).toEqual(['Nuria Prueba', 'Óscar Prueba']);
    const apto = await oficina.request('PUT', `/api/formacion/calexamenes/resultado/${e1}`, {
      Resultado: 'APTO',
      Confirmado: true,
    });
    cuerpo(apto, 200, { Resultado: 'APTO', Asistencia: 'r', Confirmado: true });
    expect(
      (await oficina.request('PUT', `/api/formacion/calexamenes/resultado/${e2}`, { Resultado: 'NO APTO' })).status,
    ).toBe(200);
    const mal = await oficina.request('PUT', `/api/formacion/calexamenes/resultado/${e2}`, { Resultado: 'SUSPENSO' });
    expect(mal.status).toBe(400);

    const hist = await oficina.request('GET', `/api/formacion/calexamenes/historial/${id.a1}`);
    expect(hist.body).toMatchObject({ Alumno: 'Nuria Prueba', Aptos: 1, Presentados: 1 });
    expect(hist.body.Examenes.map((x: { Resultado: string }) => x.Resultado)).toEqual(['APTO']);
    const stats = await oficina.request(
      'GET',
      '/api/formacion/calexamenes/estadisticas?desde=2099-01-01&hasta=2099-12-31',
    );
    expect(stats.body.PorProfesor).toEqual([
      { Clave: 'Elena Ruiz', Presentados: 1, Aptos: 0, Porcentaje: 0 },
      { Clave: 'Sergio Molina Ortega', Presentados: 1, Aptos: 1, Porcentaje: 100 },
    ]);
    expect(stats.body.PorPermiso).toEqual([{ Clave: 'B', Presentados: 2, Aptos: 1, Porcentaje: 50 }]);
    // APTO consumed the student's permit fee.
    const tasa = await oficina.request('GET', `/api/formacion/tasasdgt/edit/${id.tasa}`);
    expect(tasa.body.Consumo).toBe('c');

    const pdf = await oficina.request('GET', '/api/formacion/imprexamenes/pdf?fecha=2099-04-01&impreso=relacion');
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers['content-type'])).toContain('application/pdf');
    expect((await oficina.request('GET', '/api/formacion/imprexamenes/pdf?fecha=2099-04-01&impreso=otro')).status).toBe(
      400,
    );
    expect((await instructor.request('GET', '/api/formacion/calexamenes/dia?fecha=2099-04-01')).status).toBe(403);
  });
});

describe('portal', () => {
  it('shows a student only their own classes', async () => {
    const mias = await alumnoPortal.request('GET', '/api/formacion/portal/matriculas');
    expect(mias.status).toBe(200);
    const propio = Number((mias.body.Items ?? mias.body)[0]?.Id ?? (mias.body.Items ?? mias.body)[0]?.IdAlumno);
    expect(propio).toBeGreaterThan(0);
    const r = await oficina.request(
      'POST',
      '/api/formacion/clases/save',
      clase({ IdAlumno: propio, Fecha: '2099-05-04' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const portal = await alumnoPortal.request('GET', '/api/formacion/portal/clases?desde=2099-01-01&hasta=2099-12-31');
    expect(portal.body.Clases.map((c: { Id: number }) => c.Id)).toEqual([r.body.Id]);
    expect((await instructor.request('GET', '/api/formacion/portal/clases')).body.Clases).toEqual([]);
  });
});
