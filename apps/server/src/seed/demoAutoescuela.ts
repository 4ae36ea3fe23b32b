import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import {
  alumnosTable,
  calexamenesTable,
  citasauesTable,
  confautoescuelaTable,
  confavisosTable,
  curpermisosTable,
  ejerciciosTable,
  empresas,
  examinadoresTable,
  instalaadrTable,
  tasasdgtTable,
  vehiculosTable,
} from '../platform/db/schema.ts';

/** yyyy-mm-dd `dias` days from `hoy`. */
function dia(hoy: string, dias: number): string {
  const d = new Date(`${hoy}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * DEMO rows of the driving school's simple entities (issue 18, first pass) for AUTOESCUELA: two cars, an ADR
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
  await db.insert(vehiculosTable).values([
    {
      empresaId,
      Matricula: '1234LMN',
      Marca: 'Seat',
      Modelo: 'Ibiza',
      Permisos: 'B',
      DobleMando: true,
      FechaItv: dia(hoy, 120),
      FechaSeguro: dia(hoy, 25),
      Kilometros: 48210,
    },
    {
      empresaId,
      Matricula: '5678PQR',
      Marca: 'Renault',
      Modelo: 'Clio',
      Permisos: 'B, B+E',
      DobleMando: true,
      FechaItv: dia(hoy, 10),
      FechaSeguro: dia(hoy, 200),
      Kilometros: 91544,
    },
  ] as never);
  await db.insert(instalaadrTable).values([
    {
      empresaId,
      Codigo: 'ADR1',
      Nombre: 'Aula y pista ADR',
      Localidad: 'Valencia',
      Plazas: 16,
      Autorizacion: 'ADR-46-0012',
      FechaCaducidad: dia(hoy, 365),
    },
  ] as never);
  await db.insert(ejerciciosTable).values([
    { empresaId, Codigo: 'B-EST', Nombre: 'Estacionamiento en línea', Permiso: 'B', Tipo: 'circulacion' },
    { empresaId, Codigo: 'A2-SLA', Nombre: 'Slalom entre conos', Permiso: 'A2', Tipo: 'destreza' },
  ] as never);
  await db.insert(curpermisosTable).values([
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
  ] as never);
  await db
    .insert(confautoescuelaTable)
    .values([
      { empresaId, JefaturaTrafico: 'Valencia', MinutosClase: 45, ReglaNoPresentado: 'cobrarsinaviso', HorasAviso: 24 },
    ] as never);
  await db.insert(confavisosTable).values([
    { empresaId, Evento: 'examen', Canal: 'sms', DiasAntes: 2, Texto: 'Recuerda: tienes examen el día indicado.' },
    { empresaId, Evento: 'clase', Canal: 'email', DiasAntes: 1, Texto: 'Mañana tienes clase práctica.' },
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
      Fecha: dia(hoy, -30),
    },
    {
      empresaId,
      Tipo: 'permiso',
      CodigoTasa: '2.1',
      Anio: anio,
      Importe: '94.05',
      Justificante: 'T-0002',
      Consumo: 's',
      Fecha: dia(hoy, -30),
    },
  ] as never);
  if (IdAlumno === null) return;
  await db.insert(citasauesTable).values([
    {
      empresaId,
      Fecha: dia(hoy, 14),
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
      Fecha: dia(hoy, -7),
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
      Fecha: dia(hoy, 14),
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
