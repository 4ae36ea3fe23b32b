import { eq, inArray, sql } from 'drizzle-orm';
import { generarCargosMensuales } from '../modules/formacion/cargos.ts';
import { facturarCargos } from '../modules/formacion/facturacion.ts';
import type { Db } from '../platform/db/database.ts';
import {
  alumnosTable,
  aulasTable,
  autorizadosTable,
  cargosTable,
  contadoresAcademia,
  cursandoTable,
  cursosTable,
  diascierreTable,
  empresas,
  evaluacionesTable,
  horariosTable,
  matriculasonlineTable,
  opcionesTable,
  personas,
  profesoresTable,
  tarifascursoTable,
  tutoresTable,
} from '../platform/db/schema.ts';
import { companyScope } from '../platform/tenancy/scope.ts';
import { seedDemoAutoescuela } from './demoAutoescuela.ts';

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.Id));

/** yyyy-mm-dd of the first day of the month `delta` months from `hoy`'s. */
function primeroDeMes(hoy: string, delta: number): string {
  const [y, m] = hoy.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * DEMO data of the academy, set-based: ACADEMIA gets two rooms, two teachers ('profesor' logs in as the
 * first), two courses with tariffs and a weekly timetable, twelve students (five minors with tutors; 'alumno' is
 * student 1, a minor whose tutor 'tutor' pays), a month of attendance, last month's charges invoiced (exempt
 * teaching + taxable material on one invoice) and this month's charges pending. AUTOESCUELA gets a row of each list
 * (it has every academy route).
 */
export async function seedDemoAcademia(db: Db, hoy: string): Promise<void> {
  const empresa = async (codigo: string) =>
    (await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, codigo)))[0]?.id;
  const aca = await empresa('ACADEMIA');
  const ae = await empresa('AUTOESCUELA');
  const general = await empresa('DEMO');
  if (!aca || !ae || !general) return;
  // The lists without a route of their own (sessions, evaluation items, closing days) have rows in every demo
  // company: DEMO gets an in-house training course with one session.
  const [interno] = ids(
    await db
      .insert(cursosTable)
      .values({
        empresaId: general,
        Codigo: 'FOR-INT',
        Nombre: 'Formación interna de producto',
        TipoClase: 'presencial',
        Horas: '8',
      } as never)
      .returning(),
  );
  await db.insert(horariosTable).values({
    empresaId: general,
    IdCurso: interno,
    Grupo: 'Equipo',
    DiaSemana: '5',
    HoraInicio: '09:00',
    HoraFin: '10:00',
  } as never);
  await db
    .insert(evaluacionesTable)
    .values({ empresaId: general, IdCurso: interno, Trimestre: 1, Nombre: 'Caso práctico', Peso: '100' } as never);
  await db
    .insert(diascierreTable)
    .values({ empresaId: general, Fecha: `${hoy.slice(0, 4)}-12-25`, Descripcion: 'Navidad' } as never);
  const gente = await db
    .select({ id: personas.id, userName: personas.userName })
    .from(personas)
    .where(inArray(personas.userName, ['alumno', 'tutor', 'alumnoae']));
  const persona = (u: string) => gente.find((p) => p.userName === u)?.id ?? null;
  const mesPasado = primeroDeMes(hoy, -1);

  const aulas = ids(
    await db
      .insert(aulasTable)
      .values([
        { empresaId: aca, Codigo: 'A1', Nombre: 'Aula 1', Capacidad: 12 },
        { empresaId: aca, Codigo: 'A2', Nombre: 'Aula de informática', Capacidad: 10 },
        { empresaId: ae, Codigo: 'T1', Nombre: 'Aula teórica', Capacidad: 20 },
      ] as never)
      .returning(),
  );
  const profes = ids(
    await db
      .insert(profesoresTable)
      .values([
        {
          empresaId: aca,
          Codigo: 'P1',
          Nombre: 'Laura',
          Apellidos: 'Gil Romero',
          Email: 'profesor@faro.local',
          Materias: 'Inglés',
          Telefono: '600 100 200',
        },
        {
          empresaId: aca,
          Codigo: 'P2',
          Nombre: 'Andrés',
          Apellidos: 'Moya Sanz',
          Email: 'andres.moya@academiademo.es',
          Materias: 'Informática',
        },
        {
          empresaId: ae,
          Codigo: 'P1',
          Nombre: 'Ramón',
          Apellidos: 'Vidal Peña',
          Email: 'profesorae@faro.local',
          Materias: 'Teórica',
        },
      ] as never)
      .returning(),
  );
  const cursos = ids(
    await db
      .insert(cursosTable)
      .values([
        {
          empresaId: aca,
          Codigo: 'ING-B2',
          Nombre: 'Inglés B2',
          TipoClase: 'presencial',
          Horas: '120',
          FechaInicio: primeroDeMes(hoy, -2),
          FechaFin: primeroDeMes(hoy, 7),
          Capacidad: 12,
          IdProfesor: profes[0],
          IdAula: aulas[0],
          CuotaMensual: '85.00',
          TipoIva: 'EXENTO',
          CalculoEvaluacion: 'media',
          PublicarOnline: true,
        },
        {
          empresaId: aca,
          Codigo: 'OFI-AV',
          Nombre: 'Ofimática avanzada',
          TipoClase: 'semipresencial',
          Horas: '60',
          FechaInicio: primeroDeMes(hoy, -2),
          FechaFin: primeroDeMes(hoy, 4),
          Capacidad: 10,
          IdProfesor: profes[1],
          IdAula: aulas[1],
          CuotaMensual: '60.00',
          TipoIva: 'EXENTO',
          CalculoEvaluacion: 'suma',
          PublicarOnline: true,
        },
        {
          empresaId: ae,
          Codigo: 'TEO-B',
          Nombre: 'Teórica permiso B',
          TipoClase: 'presencial',
          Horas: '30',
          Capacidad: 20,
          IdProfesor: profes[2],
          IdAula: aulas[2],
          CuotaMensual: '40.00',
          TipoIva: 'EXENTO',
          CalculoEvaluacion: 'media',
        },
      ] as never)
      .returning(),
  );
  await db.insert(tarifascursoTable).values([
    {
      empresaId: aca,
      Nombre: 'Mensualidad Inglés B2',
      IdCurso: cursos[0],
      Tipo: 'mensual',
      Importe: '85.00',
      DescuentoHermanos: '10.00',
    },
    { empresaId: aca, Nombre: 'Matrícula Inglés B2', IdCurso: cursos[0], Tipo: 'matricula', Importe: '50.00' },
    { empresaId: aca, Nombre: 'Mensualidad Ofimática', IdCurso: cursos[1], Tipo: 'mensual', Importe: '60.00' },
    { empresaId: ae, Nombre: 'Mensualidad teórica', IdCurso: cursos[2], Tipo: 'mensual', Importe: '40.00' },
  ] as never);
  const opciones = ids(
    await db
      .insert(opcionesTable)
      .values([
        { empresaId: aca, Codigo: 'LIBRO', Nombre: 'Libro de texto', Precio: '32.00', TipoIva: 'IVA4' },
        { empresaId: aca, Codigo: 'MATERIAL', Nombre: 'Material de informática', Precio: '15.00', TipoIva: 'IVA21' },
        { empresaId: ae, Codigo: 'TEST', Nombre: 'Acceso a tests online', Precio: '20.00', TipoIva: 'IVA21' },
      ] as never)
      .returning(),
  );
  const tutores = ids(
    await db
      .insert(tutoresTable)
      .values([
        {
          empresaId: aca,
          Nombre: 'Marta',
          Apellidos: 'López Díaz',
          Tipo: 'madre',
          NIF: '12345678Z',
          Email: 'tutor@faro.local',
          Telefono: '611 222 333',
          IBAN: 'ES9121000418450200051332',
          AccesoPortal: true,
          IdPersona: persona('tutor'),
        },
        {
          empresaId: aca,
          Nombre: 'Javier',
          Apellidos: 'Ruiz Ortega',
          Tipo: 'padre',
          NIF: '87654321X',
          Email: 'javier.ruiz@example.com',
          IBAN: 'ES7921000813610123456789',
        },
        {
          empresaId: aca,
          Nombre: 'Carmen',
          Apellidos: 'Serrano Gil',
          Tipo: 'madre',
          NIF: '11111111H',
          Email: 'carmen.serrano@example.com',
          IBAN: 'ES6000491500051234567892',
        },
        { empresaId: ae, Nombre: 'Pedro', Apellidos: 'Navarro Gómez', Tipo: 'padre', NIF: '22222222J' },
      ] as never)
      .returning(),
  );
  const menor = (anyos: number) => `${Number(hoy.slice(0, 4)) - anyos}-03-15`;
  const alumno = (n: number, datos: Record<string, unknown>) => ({
    empresaId: aca,
    CodMatricula: `MAT-${String(n).padStart(4, '0')}`,
    CodAlumno: `ALU-${String(n).padStart(4, '0')}`,
    Estado: 'activo',
    FechaAlta: mesPasado,
    // The payer signed the SEPA mandate on enrolling: the first invoicing files it in treasury's mandates.
    FechaMandato: mesPasado,
    ConsentimientoRGPD: true,
    ...datos,
  });
  const filasAlumnos = [
    alumno(1, {
      Nombre: 'Lucía',
      Apellidos: 'Martín López',
      FechaNacimiento: menor(15),
      Genero: 'mujer',
      NivelEstudios: 'eso',
      IdTutor: tutores[0],
      PagaTutor: true,
      IdPersona: persona('alumno'),
      Email: 'alumno@faro.local',
      NotasMedicas: 'Alergia al polen',
    }),
    alumno(2, {
      Nombre: 'Pablo',
      Apellidos: 'Martín López',
      FechaNacimiento: menor(13),
      Genero: 'hombre',
      NivelEstudios: 'eso',
      IdTutor: tutores[0],
      PagaTutor: true,
    }),
    alumno(3, {
      Nombre: 'Sara',
      Apellidos: 'Ruiz Campos',
      FechaNacimiento: menor(16),
      Genero: 'mujer',
      NivelEstudios: 'eso',
      IdTutor: tutores[1],
      PagaTutor: true,
    }),
    alumno(4, {
      Nombre: 'Hugo',
      Apellidos: 'Serrano Gil',
      FechaNacimiento: menor(14),
      Genero: 'hombre',
      NivelEstudios: 'eso',
      IdTutor: tutores[2],
      PagaTutor: true,
    }),
    alumno(5, {
      Nombre: 'Irene',
      Apellidos: 'Serrano Gil',
      FechaNacimiento: menor(17),
      Genero: 'mujer',
      NivelEstudios: 'bachillerato',
      IdTutor: tutores[2],
      PagaTutor: true,
    }),
    alumno(6, {
      Nombre: 'Daniel',
      Apellidos: 'Castro Vega',
      NIF: '33333333P',
      FechaNacimiento: '1998-06-02',
      Genero: 'hombre',
      NivelEstudios: 'grado_superior',
      IBAN: 'ES1000492352082414205416',
      Email: 'daniel.castro@example.com',
    }),
    alumno(7, {
      Nombre: 'Elena',
      Apellidos: 'Prieto Sanz',
      NIF: '44444444A',
      FechaNacimiento: '1990-11-20',
      Genero: 'mujer',
      NivelEstudios: 'grado_superior',
      IBAN: 'ES7714650100952030876293',
      Email: 'elena.prieto@example.com',
    }),
    alumno(8, {
      Nombre: 'Mario',
      Apellidos: 'Blanco Ruiz',
      NIF: '55555555K',
      FechaNacimiento: '2001-01-09',
      Genero: 'hombre',
      NivelEstudios: 'bachillerato',
      IBAN: 'ES6621000418401234567891',
    }),
    alumno(9, {
      Nombre: 'Nerea',
      Apellidos: 'Fuentes Mora',
      NIF: '66666666Q',
      FechaNacimiento: '1985-04-30',
      Genero: 'mujer',
      NivelEstudios: 'grado_medio',
      IBAN: 'ES0700120345030000067890',
    }),
    alumno(10, {
      Nombre: 'Álvaro',
      Apellidos: 'Iglesias Paz',
      NIF: '77777777B',
      FechaNacimiento: '1995-09-12',
      Genero: 'hombre',
      NivelEstudios: 'grado_superior',
      IBAN: 'ES9420805801101234567891',
    }),
    alumno(11, {
      Nombre: 'Claudia',
      Apellidos: 'Rey Núñez',
      NIF: '88888888Y',
      FechaNacimiento: '2003-07-07',
      Genero: 'mujer',
      NivelEstudios: 'bachillerato',
      IBAN: 'ES8023100001180000012345',
    }),
    alumno(12, {
      Nombre: 'Sergio',
      Apellidos: 'Lorenzo Gil',
      NIF: '99999999R',
      FechaNacimiento: '1979-12-01',
      Genero: 'hombre',
      NivelEstudios: 'ninguno',
      Estado: 'baja',
      FechaBaja: mesPasado,
    }),
  ];
  const alumnos = ids(
    await db
      .insert(alumnosTable)
      .values([
        ...filasAlumnos,
        {
          empresaId: ae,
          CodMatricula: 'MAT-0001',
          CodAlumno: 'ALU-0001',
          Nombre: 'Alberto',
          Apellidos: 'Navarro Ruiz',
          NIF: '10000000Z',
          FechaNacimiento: '2007-02-02',
          Estado: 'activo',
          FechaAlta: mesPasado,
          IdPersona: persona('alumnoae'),
          IdTutor: tutores[3],
        },
      ] as never)
      .returning(),
  );
  await db.insert(contadoresAcademia).values([
    { empresaId: aca, Clave: 'MAT', Valor: 12 },
    { empresaId: aca, Clave: 'ALU', Valor: 12 },
    { empresaId: ae, Clave: 'MAT', Valor: 1 },
    { empresaId: ae, Clave: 'ALU', Valor: 1 },
  ]);
  await db.insert(autorizadosTable).values([
    {
      empresaId: aca,
      IdAlumno: alumnos[0],
      Nombre: 'Rosa López Martín',
      Parentesco: 'Abuela',
      Telefono: '622 333 444',
    },
    { empresaId: aca, IdAlumno: alumnos[3], Nombre: 'Luis Serrano Gil', Parentesco: 'Tío', NIF: '00000000T' },
    { empresaId: ae, IdAlumno: alumnos[12], Nombre: 'Ana Ruiz Soto', Parentesco: 'Madre' },
  ] as never);
  // Students 1–8 in English, 6–12 in office skills (6–8 in both); student 12 left last month.
  const cursando = [
    ...alumnos
      .slice(0, 8)
      .map((a) => ({ empresaId: aca, IdAlumno: a, IdCurso: cursos[0], Grupo: 'A', FechaAlta: mesPasado })),
    ...alumnos
      .slice(5, 12)
      .map((a) => ({ empresaId: aca, IdAlumno: a, IdCurso: cursos[1], Grupo: 'Tarde', FechaAlta: mesPasado })),
    { empresaId: ae, IdAlumno: alumnos[12], IdCurso: cursos[2], Grupo: 'Mañana', FechaAlta: mesPasado },
  ];
  await db.insert(cursandoTable).values(cursando as never);
  const sesiones = ids(
    await db
      .insert(horariosTable)
      .values([
        {
          empresaId: aca,
          IdCurso: cursos[0],
          Grupo: 'A',
          DiaSemana: '1',
          HoraInicio: '17:00',
          HoraFin: '18:30',
          IdProfesor: profes[0],
          IdAula: aulas[0],
        },
        {
          empresaId: aca,
          IdCurso: cursos[0],
          Grupo: 'A',
          DiaSemana: '3',
          HoraInicio: '17:00',
          HoraFin: '18:30',
          IdProfesor: profes[0],
          IdAula: aulas[0],
        },
        {
          empresaId: aca,
          IdCurso: cursos[1],
          Grupo: 'Tarde',
          DiaSemana: '2',
          HoraInicio: '18:00',
          HoraFin: '20:00',
          IdProfesor: profes[1],
          IdAula: aulas[1],
        },
        {
          empresaId: aca,
          IdCurso: cursos[1],
          Grupo: 'Tarde',
          DiaSemana: '4',
          HoraInicio: '18:00',
          HoraFin: '20:00',
          IdProfesor: profes[1],
          IdAula: aulas[1],
        },
        {
          empresaId: ae,
          IdCurso: cursos[2],
          Grupo: 'Mañana',
          DiaSemana: '5',
          HoraInicio: '10:00',
          HoraFin: '11:00',
          IdProfesor: profes[2],
          IdAula: aulas[2],
        },
      ] as never)
      .returning(),
  );
  await db.insert(diascierreTable).values([
    { empresaId: aca, Fecha: `${hoy.slice(0, 4)}-12-08`, Descripcion: 'Inmaculada Concepción' },
    { empresaId: aca, Fecha: `${hoy.slice(0, 4)}-12-25`, Descripcion: 'Navidad' },
    { empresaId: ae, Fecha: `${hoy.slice(0, 4)}-12-25`, Descripcion: 'Navidad' },
  ] as never);
  await db.insert(evaluacionesTable).values([
    { empresaId: aca, IdCurso: cursos[0], Trimestre: 1, Nombre: 'Examen escrito', Peso: '60' },
    { empresaId: aca, IdCurso: cursos[0], Trimestre: 1, Nombre: 'Expresión oral', Peso: '40' },
    { empresaId: aca, IdCurso: cursos[1], Trimestre: 1, Nombre: 'Práctica Excel', Peso: '5' },
    { empresaId: aca, IdCurso: cursos[1], Trimestre: 1, Nombre: 'Práctica Word', Peso: '5' },
    { empresaId: ae, IdCurso: cursos[2], Trimestre: 1, Nombre: 'Test de teórica', Peso: '100' },
  ] as never);
  await db.insert(matriculasonlineTable).values([
    {
      empresaId: aca,
      Fecha: hoy,
      Nombre: 'Olga',
      Apellidos: 'Campos Rivas',
      NIF: '50000000R',
      FechaNacimiento: '1999-05-05',
      Email: 'olga.campos@example.com',
      IdCurso: cursos[1],
      Estado: 'pendiente',
    },
    {
      empresaId: ae,
      Fecha: hoy,
      Nombre: 'Iván',
      Apellidos: 'Soto Gil',
      Email: 'ivan.soto@example.com',
      IdCurso: cursos[2],
      Estado: 'pendiente',
    },
  ] as never);
  // A month of attendance: every session day of last month, mostly 'a', some 'f' and 'r' (one statement).
  const desde = mesPasado;
  const hasta = primeroDeMes(hoy, 0);
  await db.execute(sql`
    insert into asistencias (empresa_id, id_sesion, fecha, id_alumno, estado, anotada_por)
    select h.empresa_id, h.id, d::date::text, c.id_alumno,
      case when (c.id_alumno + extract(day from d)::int) % 11 = 0 then 'f'
           when (c.id_alumno + extract(day from d)::int) % 7 = 0 then 'r' else 'a' end, 'profesor'
    from horarios h
    join cursando c on c.empresa_id = h.empresa_id and c.id_curso = h.id_curso
    cross join generate_series(${desde}::date, ${hasta}::date - 1, interval '1 day') d
    where h.id in (${sql.join(
      sesiones.map((s) => sql`${s}`),
      sql`, `,
    )}) and extract(isodow from d)::text = h.dia_semana`);
  await db.execute(sql`
    insert into notas (empresa_id, id_evaluacion, id_alumno, nota)
    select e.empresa_id, e.id, c.id_alumno, (5 + (c.id_alumno + e.id) % 5)::numeric
    from evaluaciones e join cursando c on c.empresa_id = e.empresa_id and c.id_curso = e.id_curso
    where e.empresa_id = ${aca}`);
  // Last month's charges (plus a book for student 1 at 4 % VAT) invoiced; this month's pending.
  const scope = companyScope(db, { empresaId: aca, personaId: null, userName: 'DEMO' });
  await generarCargosMensuales(scope, mesPasado.slice(0, 7));
  await db.insert(cargosTable).values([
    {
      empresaId: aca,
      IdAlumno: alumnos[0],
      Fecha: mesPasado,
      Modo: 'manual',
      Concepto: 'Libro de texto',
      IdOpcion: opciones[0],
      Importe: '32.00',
      TipoIva: 'IVA4',
      Periodo: mesPasado.slice(0, 7),
    },
  ] as never);
  await facturarCargos(scope, { hasta: hoy });
  await generarCargosMensuales(scope, hoy.slice(0, 7));
  const scopeAe = companyScope(db, { empresaId: ae, personaId: null, userName: 'DEMO' });
  await generarCargosMensuales(scopeAe, hoy.slice(0, 7));
  await seedDemoAutoescuela(db, hoy);
}
