import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import {
  alumnosTable,
  calexamenesTable,
  cargosTable,
  citasauesTable,
  clasesPracticas,
  confautoescuelaTable,
  confavisosTable,
  contadoresAcademia,
  curpermisosTable,
  ejerciciosTable,
  empresas,
  examinadoresTable,
  instalaadrTable,
  packsClases,
  profesoresTable,
  tasasdgtTable,
  vehiculosTable,
} from '../platform/db/schema.ts';
import { diaMas } from '../platform/fechas.ts';

/**
 * DEMO rows of the driving school's simple entities (first pass) for AUTOESCUELA: two cars, an ADR
 * facility, exercises and licence courses, the school's settings and notices, DGT fees (one consumed), an AUES
 * appointment and an exam day with a result. Runs after the academy's demo (it needs AUTOESCUELA's students).
 */
export async function seedDemoAutoescuela(db: Db, hoy: string): Promise<void> {
  const [empresa] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, 'AUTOESCUELA'));
  if (!empresa) return;
  const empresaId = empresa.id;
  const [alumno] = await db
    .select({ Id: alumnosTable.Id })
    .from(alumnosTable)
    .where(eq(alumnosTable.empresaId, empresaId))
    .limit(1);
  const [examinador] = await db
    .select({ Id: examinadoresTable.Id })
    .from(examinadoresTable)
    .where(eq(examinadoresTable.empresaId, empresaId))
    .limit(1);
  const IdAlumno = alumno?.Id ?? null;
  const anio = Number(hoy.slice(0, 4));
  const coches = await db
    .insert(vehiculosTable)
    .values([
      {
        empresaId,
        Matricula: '1234LMN',
        Marca: 'Seat',
        Modelo: 'Ibiza',
        Permisos: 'B',
        DobleMando: true,
        FechaItv: diaMas(hoy, 120),
        FechaSeguro: diaMas(hoy, 25),
        Kilometros: 48210,
      },
      {
        empresaId,
        Matricula: '5678PQR',
        Marca: 'Renault',
        Modelo: 'Clio',
        Permisos: 'B, B+E',
        DobleMando: true,
        FechaItv: diaMas(hoy, 10),
        FechaSeguro: diaMas(hoy, 200),
        Kilometros: 91544,
      },
    ] as never)
    .returning({ Id: vehiculosTable.Id });
  await db.insert(instalaadrTable).values([
    {
      empresaId,
      Codigo: 'ADR1',
      Nombre: 'Aula y pista ADR',
      Localidad: 'Valencia',
      Plazas: 16,
      Autorizacion: 'ADR-46-0012',
      FechaCaducidad: diaMas(hoy, 365),
    },
  ] as never);
  await db.insert(ejerciciosTable).values([
    { empresaId, Codigo: 'B-EST', Nombre: 'Estacionamiento en línea', Permiso: 'B', Tipo: 'circulacion' },
    { empresaId, Codigo: 'A2-SLA', Nombre: 'Slalom entre conos', Permiso: 'A2', Tipo: 'destreza' },
  ] as never);
  const permisos = await db
    .insert(curpermisosTable)
    .values([
      {
        empresaId,
        Codigo: 'PB',
        Nombre: 'Permiso B',
        Permiso: 'B',
        HorasTeoria: '20.0',
        HorasPractica: '15.0',
        ClasesPack: 20,
        PrecioPack: '600.00',
        PrecioClase: '32.00',
        Documentacion: 'DNI, certificado médico, fotografía',
      },
      {
        empresaId,
        Codigo: 'PA2',
        Nombre: 'Permiso A2',
        Permiso: 'A2',
        HorasTeoria: '10.0',
        HorasPractica: '8.0',
        ClasesPack: 10,
        PrecioPack: '350.00',
        PrecioClase: '36.00',
      },
    ] as never)
    .returning({ Id: curpermisosTable.Id });
  await db.insert(confautoescuelaTable).values([
    {
      empresaId,
      JefaturaTrafico: 'Valencia',
      MinutosClase: 45,
      ReglaNoPresentado: 'cobrarsinaviso',
      HorasAviso: 24,
      MinimoClases: 12,
    },
  ] as never);
  await db.insert(confavisosTable).values([
    {
      empresaId,
      Evento: 'examen',
      Canal: 'email',
      DiasAntes: 2,
      Texto: 'Hola {Nombre}: tu examen {Tipo} es el {Fecha} en la Jefatura de {Jefatura}. ¡Mucha suerte!',
    },
    {
      empresaId,
      Evento: 'clase',
      Canal: 'sms',
      DiasAntes: 1,
      Texto: 'Autoescuela Demo: clase práctica el {Fecha} a las {Hora}. Recogida: {Recogida}.',
    },
    {
      empresaId,
      Evento: 'tasa',
      Canal: 'email',
      DiasAntes: 10,
      Texto: '{Nombre}, recuerda pagar la tasa de Tráfico ({Importe}) antes de tu examen del {Fecha}.',
    },
  ] as never);
  await db.insert(tasasdgtTable).values([
    {
      empresaId,
      Tipo: 'permiso',
      CodigoTasa: '2.1',
      Anio: anio,
      Importe: '94.05',
      Justificante: 'T-0001',
      IdAlumno,
      Consumo: 'c',
      Fecha: diaMas(hoy, -30),
    },
    {
      empresaId,
      Tipo: 'permiso',
      CodigoTasa: '2.1',
      Anio: anio,
      Importe: '94.05',
      Justificante: 'T-0002',
      Consumo: 's',
      Fecha: diaMas(hoy, -30),
    },
  ] as never);
  if (IdAlumno === null) return;
  // AUES on: the 'Citas AUES' screens send requests once the service is configured (Configuración AUES).
  await db.update(empresas).set({ actAues: true }).where(eq(empresas.id, empresaId));
  await seedEscuela(db, hoy, empresaId, {
    coches: coches.map((c) => Number(c.Id)),
    permisoB: Number(permisos[0]!.Id),
    alumnoPortal: IdAlumno,
  });
  await db.insert(citasauesTable).values([
    {
      empresaId,
      Fecha: diaMas(hoy, 14),
      IdAlumno,
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      Estado: 'solicitada',
    },
  ] as never);
  await db.insert(calexamenesTable).values([
    {
      empresaId,
      Fecha: diaMas(hoy, -7),
      TipoExamen: 'teorico',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdExaminador: examinador?.Id ?? null,
      IdAlumno,
      Asistencia: 'r',
      Confirmado: true,
      Resultado: 'APTO',
    },
    {
      empresaId,
      Fecha: diaMas(hoy, 14),
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdExaminador: examinador?.Id ?? null,
      IdAlumno,
      Asistencia: 'e',
      Confirmado: false,
    },
  ] as never);
}

const NOMBRES = [
  ['Lucía', 'García Martín'],
  ['Hugo', 'Fernández López'],
  ['Martina', 'Sánchez Pérez'],
  ['Daniel', 'Gómez Díaz'],
  ['Paula', 'Romero Álvarez'],
  ['Álvaro', 'Torres Ruiz'],
  ['Sofía', 'Navarro Jiménez'],
  ['Pablo', 'Moreno Castro'],
  ['Carla', 'Ortiz Rubio'],
  ['Javier', 'Serrano Molina'],
  ['Irene', 'Delgado Ramos'],
  ['Marcos', 'Herrera Vega'],
  ['Noa', 'Castillo Prieto'],
  ['Adrián', 'Blanco Suárez'],
  ['Elena', 'Iglesias Cano'],
  ['Rubén', 'Gil Marín'],
  ['Claudia', 'Vidal Soler'],
  ['Iván', 'Pascual Ferrer'],
  ['Vera', 'Campos Lozano'],
] as const;
const letraDni = (n: number) => 'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23];

/**
 * The school's week: three instructors ('instructor' logs in as Sergio Molina), nineteen more students
 * at different stages (just enrolled, in classes, ready for the exam, passed), packs of classes with their charges,
 * a week of practical classes around today (the past ones done or missed, the coming ones booked or confirmed), DGT
 * fees bought and assigned, two examiners and an exam day with results. A handful of multi-row inserts.
 */
async function seedEscuela(
  db: Db,
  hoy: string,
  empresaId: number,
  ref: { coches: number[]; permisoB: number; alumnoPortal: number },
): Promise<void> {
  const profes = (
    await db
      .insert(profesoresTable)
      .values([
        {
          empresaId,
          Codigo: 'I1',
          Nombre: 'Sergio',
          Apellidos: 'Molina Ortega',
          Email: 'instructor@faro.local',
          Materias: 'Prácticas B',
        },
        {
          empresaId,
          Codigo: 'I2',
          Nombre: 'Marta',
          Apellidos: 'León Santos',
          Email: 'marta.leon@autoescuelademo.es',
          Materias: 'Prácticas B, B+E',
        },
        {
          empresaId,
          Codigo: 'I3',
          Nombre: 'Jorge',
          Apellidos: 'Rey Fuentes',
          Email: 'jorge.rey@autoescuelademo.es',
          Materias: 'Prácticas A2',
        },
      ] as never)
      .returning({ Id: profesoresTable.Id })
  ).map((r) => Number(r.Id));
  const nuevos = (
    await db
      .insert(alumnosTable)
      .values(
        NOMBRES.map(([Nombre, Apellidos], i) => {
          const n = 20000001 + i * 7919;
          return {
            empresaId,
            CodMatricula: `MAT-${String(i + 2).padStart(4, '0')}`,
            CodAlumno: `ALU-${String(i + 2).padStart(4, '0')}`,
            Nombre,
            Apellidos,
            NIF: `${n}${letraDni(n)}`,
            FechaNacimiento: `${1990 + (i % 16)}-0${1 + (i % 9)}-1${i % 10}`,
            Email: `alumno${i + 2}@autoescuelademo.es`,
            Estado: 'activo',
            FechaAlta: diaMas(hoy, -90 + i * 4),
          };
        }) as never,
      )
      .returning({ Id: alumnosTable.Id })
  ).map((r) => Number(r.Id));
  await db
    .update(contadoresAcademia)
    .set({ Valor: NOMBRES.length + 1 })
    .where(and(eq(contadoresAcademia.empresaId, empresaId), inArray(contadoresAcademia.Clave, ['MAT', 'ALU'])));
  const alumnos = [ref.alumnoPortal, ...nuevos];

  // Packs: the first fifteen students bought one (20 classes of permit B), charged at the pack's price.
  const conPack = alumnos.slice(0, 15);
  /** A manual charge to each student (one concept, price and VAT type; the day per student): the charges' ids. */
  const cargar = async (
    quienes: number[],
    fecha: (i: number) => string,
    cargo: { Concepto: string; Importe: string; TipoIva: string },
  ) =>
    (
      await db
        .insert(cargosTable)
        .values(
          quienes.map((IdAlumno, i) => ({ empresaId, IdAlumno, Fecha: fecha(i), Modo: 'manual', ...cargo })) as never,
        )
        .returning({ Id: cargosTable.Id })
    ).map((r) => Number(r.Id));
  const cargosPack = await cargar(conPack, (i) => diaMas(hoy, -60 + i), {
    Concepto: 'Pack de 20 clases prácticas (Permiso B)',
    Importe: '600.00',
    TipoIva: 'IVA21',
  });
  await db.insert(packsClases).values(
    conPack.map((IdAlumno, i) => ({
      empresaId,
      IdAlumno,
      IdCurPermiso: ref.permisoB,
      Clases: 20,
      PrecioClase: '32.00',
      Importe: '600.00',
      Fecha: diaMas(hoy, -60 + i),
      IdCargo: cargosPack[i],
    })),
  );

  // A week of classes (Monday to Friday of this week): each instructor at 09, 10, 11, 12, 17 and 18 h, with a
  // different student per hour (no clash), the first two instructors with their car, the third (A2) without one.
  const lunes = diaMas(hoy, -((new Date(`${hoy}T12:00:00Z`).getUTCDay() + 6) % 7));
  const horas = ['09:00', '10:00', '11:00', '12:00', '17:00', '18:00'];
  const recogidas = ['Autoescuela', 'Plaza de España', 'Estación del Norte', 'Avenida del Puerto'];
  const clases: (typeof clasesPracticas.$inferInsert)[] = [];
  for (let d = 0; d < 5; d++) {
    const fecha = diaMas(lunes, d);
    horas.forEach((Hora, h) => {
      profes.forEach((IdProfesor, p) => {
        if ((d + h + p) % 4 === 3) return; // a free hour now and then
        const IdAlumno = alumnos[(d * 7 + h * 3 + p) % 15]!;
        const pasada = fecha < hoy;
        const falta = pasada && (d + h + p) % 11 === 5;
        clases.push({
          empresaId,
          IdProfesor,
          IdVehiculo: ref.coches[p] ?? null,
          IdAlumno,
          Fecha: fecha,
          Hora,
          Minutos: 45,
          Recogida: recogidas[(h + p) % recogidas.length]!,
          Estado: falta ? 'nopresentado' : pasada ? 'realizada' : (h + p) % 2 ? 'confirmada' : 'reservada',
          Consumo: pasada && !falta ? 'c' : 's',
          NoPresentado: falta,
        });
      });
    });
  }
  await db.insert(clasesPracticas).values(clases);

  const examinadores = (
    await db
      .insert(examinadoresTable)
      .values([
        { empresaId, Codigo: 'EX1', Nombre: 'Carmen Aguilar', JefaturaTrafico: 'Valencia' },
        { empresaId, Codigo: 'EX2', Nombre: 'Luis Benítez', JefaturaTrafico: 'Valencia' },
      ] as never)
      .returning({ Id: examinadoresTable.Id })
  ).map((r) => Number(r.Id));

  // DGT fees: ten more bought a month ago; eight assigned to the students who go to the exam (charged), the exam
  // day's passes consumed theirs, two left in stock.
  const examinados = alumnos.slice(10, 18);
  const resultados = ['APTO', 'NO APTO', 'APTO', 'APTO', 'NO PRESENTADO', 'APTO', 'NO APTO', 'APTO'] as const;
  const cargosTasa = await cargar(examinados, () => diaMas(hoy, -30), {
    Concepto: 'Tasa DGT examen de permiso (suplido)',
    Importe: '94.05',
    TipoIva: 'EXENTO',
  });
  await db.insert(tasasdgtTable).values(
    Array.from({ length: 10 }, (_, i) => ({
      empresaId,
      Tipo: 'permiso',
      CodigoTasa: '2.1',
      Anio: Number(hoy.slice(0, 4)),
      Importe: '94.05',
      Justificante: `T-${String(i + 3).padStart(4, '0')}`,
      IdAlumno: examinados[i] ?? null,
      IdCargo: cargosTasa[i] ?? null,
      Consumo: resultados[i] === 'APTO' ? 'c' : 's',
      Fecha: diaMas(hoy, -30),
    })) as never,
  );
  // The exam day three days ago (practical, on the road) with its results, and the next one booked.
  await db.insert(calexamenesTable).values([
    ...examinados.map((IdAlumno, i) => ({
      empresaId,
      Fecha: diaMas(hoy, -3),
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdExaminador: examinadores[i % 2],
      IdProfesor: profes[i % 2],
      IdAlumno,
      Asistencia: resultados[i] === 'NO PRESENTADO' ? 'f' : 'r',
      Confirmado: true,
      Resultado: resultados[i],
    })),
    ...alumnos.slice(5, 9).map((IdAlumno, i) => ({
      empresaId,
      Fecha: diaMas(hoy, 7),
      TipoExamen: 'circulacion',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdExaminador: examinadores[0],
      IdProfesor: profes[i % 3],
      IdAlumno,
      Asistencia: 'e',
      Confirmado: i % 2 === 0,
    })),
  ] as never);

  // Stages for the exam-quota plan: the first fourteen passed the theory test (the earliest pass first, so some are
  // close to its two-year expiry), and the first ten took 2 to 16 practical classes in the earlier weeks, each at an
  // hour of their own (no clash), from their pack.
  const historia: (typeof clasesPracticas.$inferInsert)[] = [];
  alumnos.slice(0, 10).forEach((IdAlumnoH, i) => {
    const n = [2, 4, 6, 8, 10, 12, 13, 14, 15, 16][i]!;
    for (let k = 0; k < n; k++) {
      historia.push({
        empresaId,
        IdProfesor: profes[i % 3]!,
        IdVehiculo: i % 3 === 2 ? null : (ref.coches[i % 3] ?? null),
        IdAlumno: IdAlumnoH,
        Fecha: diaMas(lunes, -3 - k * 2),
        Hora: `${String(8 + i).padStart(2, '0')}:00`,
        Minutos: 45,
        Recogida: recogidas[i % recogidas.length]!,
        Estado: 'realizada',
        Consumo: 'c',
        NoPresentado: false,
      });
    }
  });
  await db.insert(clasesPracticas).values(historia);
  await db.insert(calexamenesTable).values(
    alumnos.slice(0, 14).map((IdAlumnoT, i) => ({
      empresaId,
      Fecha: diaMas(hoy, -700 + i * 45),
      TipoExamen: 'teorico',
      Permiso: 'B',
      JefaturaTrafico: 'Valencia',
      IdAlumno: IdAlumnoT,
      Asistencia: 'r',
      Confirmado: true,
      Resultado: 'APTO',
    })) as never,
  );
}
