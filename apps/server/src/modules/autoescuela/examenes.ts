import { ASISTENCIAS, aprobadosPor, MSG, MSG_AUTOESCUELA, RESULTADOS } from '@faro/domain';
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  alumnosTable as al,
  alumnosCols as alC,
  col,
  calexamenesTable as ex,
  profesoresTable as pr,
  profesoresCols as prC,
  tasasdgtTable as ta,
  tableOf,
} from '../../platform/tenancy/tables.ts';
import { cargar, fechaEs, fechaSchema, idSchema, nombreAlumno } from './comun.ts';

const e = (f: string) => col(ex, f);
const tc = (f: string) => col(ta, f);
const examinadores = tableOf('examinadores')!;

export const resultadoSchema = z.object({
  Resultado: z.enum(RESULTADOS, { error: MSG_AUTOESCUELA.resultado }).nullish(),
  Asistencia: z.enum(ASISTENCIAS, { error: MSG_AUTOESCUELA.asistencia }).nullish(),
  Confirmado: z.boolean({ error: MSG.format }).nullish(),
});

const filaExamen = {
  Id: e('Id'),
  Fecha: e('Fecha'),
  TipoExamen: e('TipoExamen'),
  Permiso: e('Permiso'),
  JefaturaTrafico: e('JefaturaTrafico'),
  IdExaminador: e('IdExaminador'),
  Examinador: col(examinadores, 'Nombre'),
  IdAlumno: e('IdAlumno'),
  Alumno: sql<string>`trim(concat(${alC.Nombre}, ' ', ${alC.Apellidos}))`,
  NIF: alC.NIF,
  FechaNacimiento: alC.FechaNacimiento,
  IdProfesor: e('IdProfesor'),
  Profesor: sql<string | null>`nullif(trim(concat(${prC.Nombre}, ' ', ${prC.Apellidos})), '')`,
  Asistencia: e('Asistencia'),
  Confirmado: e('Confirmado'),
  Resultado: e('Resultado'),
};

function examenes(s: Scope, where: ReturnType<typeof and>) {
  return s
    .pick(filaExamen, ex, where)
    .leftJoin(al, s.on(al, eq(alC.Id, e('IdAlumno'))))
    .leftJoin(pr, s.on(pr, eq(prC.Id, e('IdProfesor'))))
    .leftJoin(examinadores, s.on(examinadores, eq(col(examinadores, 'Id'), e('IdExaminador'))));
}

/** The exam rows of a day (every student assigned, their attendance and result), by kind and student. */
export async function examenesDelDia(s: Scope, fecha: string, tipo?: string | null) {
  return examenes(s, and(eq(e('Fecha'), fecha), tipo ? eq(e('TipoExamen'), tipo) : undefined)).orderBy(
    e('TipoExamen'),
    alC.Apellidos,
    alC.Nombre,
  );
}

/** A student's exam history, oldest first. */
export async function historial(s: Scope, idAlumno: number) {
  const nombre = await nombreAlumno(s, idAlumno);
  if (nombre === null) throw notFound();
  const filas = await examenes(s, eq(e('IdAlumno'), idAlumno)).orderBy(asc(e('Fecha')), asc(e('Id')));
  return {
    IdAlumno: idAlumno,
    Alumno: nombre,
    Examenes: filas,
    Aptos: filas.filter((f) => f.Resultado === 'APTO').length,
    Presentados: filas.filter((f) => f.Resultado === 'APTO' || f.Resultado === 'NO APTO').length,
  };
}

/** Pass statistics between two days per instructor, licence class and examiner. */
export async function estadisticas(s: Scope, desde: string, hasta: string) {
  const filas = await examenes(s, and(gte(e('Fecha'), desde), lte(e('Fecha'), hasta)));
  return {
    Desde: desde,
    Hasta: hasta,
    PorProfesor: aprobadosPor(filas.map((f) => ({ clave: f.Profesor, Resultado: f.Resultado as string | null }))),
    PorPermiso: aprobadosPor(
      filas.map((f) => ({ clave: f.Permiso as string | null, Resultado: f.Resultado as string | null })),
    ),
    PorExaminador: aprobadosPor(
      filas.map((f) => ({ clave: f.Examinador as string | null, Resultado: f.Resultado as string | null })),
    ),
  };
}

/**
 * Records attendance, confirmation and result of one student's exam. A presented result (APTO / NO APTO) uses the
 * student's assigned permit fee: the fee is consumed on APTO or on its second attempt (a fee covers two).
 */
export async function registrarResultado(s: Scope, id: number, body: z.infer<typeof resultadoSchema>) {
  return s.tx(async (t) => {
    const [x] = await t.select(ex, eq(e('Id'), id)).for('update');
    if (!x) throw notFound();
    const cambios: Record<string, unknown> = {};
    if (body.Asistencia !== undefined && body.Asistencia !== null) cambios.Asistencia = body.Asistencia;
    if (body.Confirmado !== undefined && body.Confirmado !== null) cambios.Confirmado = body.Confirmado;
    if (body.Resultado !== undefined) cambios.Resultado = body.Resultado;
    if (body.Resultado === 'APTO' || body.Resultado === 'NO APTO') cambios.Asistencia ??= 'r';
    if (!Object.keys(cambios).length) throw fieldError('Resultado', MSG_AUTOESCUELA.resultado);
    await t.update(ex, cambios as never, eq(e('Id'), id));
    const presentado = body.Resultado === 'APTO' || body.Resultado === 'NO APTO';
    const antes = x.Resultado === 'APTO' || x.Resultado === 'NO APTO';
    if (presentado && !antes) await usarTasa(t, Number(x.IdAlumno), body.Resultado === 'APTO');
    const [fila] = await examenes(t, eq(e('Id'), id));
    return fila;
  });
}

/** One attempt of the student's oldest assigned, unused permit fee; consumed on APTO or on its second attempt. */
async function usarTasa(t: Scope, idAlumno: number, apto: boolean) {
  const [tasa] = await t
    .select(ta, and(eq(tc('IdAlumno'), idAlumno), eq(tc('Consumo'), 's'), eq(tc('Tipo'), 'permiso')))
    .orderBy(asc(tc('Fecha')), asc(tc('Id')))
    .limit(1)
    .for('update');
  if (!tasa) return;
  const [intentos] = await t.pick(
    { n: sql<string>`count(*)` },
    ex,
    and(
      eq(e('IdAlumno'), idAlumno),
      sql`${e('Resultado')} in ('APTO', 'NO APTO')`,
      gte(e('Fecha'), String(tasa.Fecha)),
    ),
  );
  if (apto || Number(intentos?.n ?? 0) >= 2)
    await t.update(ta, { Consumo: 'c' } as never, eq(tc('Id'), Number(tasa.Id)));
}

// DGT fees ------------------------------------------------------------------------------------------------------

const importeSchema = z.string({ error: MSG.format }).regex(/^\d{1,6}([.,]\d{1,2})?$/, { error: MSG.format });
export const compraSchema = z.object({
  Tipo: z.enum(['permiso', 'licencia', 'duplicado', 'internacional'], { error: MSG.format }),
  Anio: z.coerce.number({ error: MSG.format }).int().min(2000).max(2100),
  Importe: importeSchema,
  CodigoTasa: z.string().max(10).nullish(),
  Cantidad: z.coerce
    .number({ error: MSG_AUTOESCUELA.cantidad })
    .int({ error: MSG_AUTOESCUELA.cantidad })
    .min(1, { error: MSG_AUTOESCUELA.cantidad })
    .max(500, { error: MSG_AUTOESCUELA.cantidad }),
  Fecha: fechaSchema,
  Justificante: z.string().max(25).nullish(),
});
export const asignarSchema = z.object({
  IdAlumno: idSchema,
  Tipo: z.enum(['permiso', 'licencia', 'duplicado', 'internacional'], { error: MSG.format }).default('permiso'),
  Anio: z.coerce.number().int().min(2000).max(2100).nullish(),
  Cobrar: z.boolean().nullish(),
});

const TIPOS_TASA: Record<string, string> = {
  permiso: 'examen de permiso',
  licencia: 'licencia de conducción',
  duplicado: 'duplicado',
  internacional: 'permiso internacional',
};

/** Fee stock per kind and year: bought, unassigned (the stock), assigned and unused, consumed. Never negative. */
export async function stockTasas(s: Scope) {
  const filas = await s
    .pick(
      {
        Tipo: tc('Tipo'),
        Anio: tc('Anio'),
        Importe: sql<string>`max(${tc('Importe')})`,
        Compradas: sql<string>`count(*)`,
        SinAsignar: sql<string>`count(*) filter (where ${tc('IdAlumno')} is null and ${tc('Consumo')} = 's')`,
        Asignadas: sql<string>`count(*) filter (where ${tc('IdAlumno')} is not null and ${tc('Consumo')} = 's')`,
        Consumidas: sql<string>`count(*) filter (where ${tc('Consumo')} = 'c')`,
      },
      ta,
    )
    .groupBy(tc('Tipo'), tc('Anio'))
    .orderBy(desc(tc('Anio')), tc('Tipo'));
  return filas.map((f) => ({
    Tipo: f.Tipo,
    Anio: Number(f.Anio),
    Importe: f.Importe,
    Compradas: Number(f.Compradas),
    SinAsignar: Number(f.SinAsignar),
    Asignadas: Number(f.Asignadas),
    Consumidas: Number(f.Consumidas),
  }));
}

/** Buys `Cantidad` fees (one row each, receipts `<Justificante>-001`…), in one insert. */
export async function comprarTasas(s: Scope, b: z.infer<typeof compraSchema>) {
  const base = b.Justificante?.trim() || `T${b.Fecha.replaceAll('-', '')}-${Date.now().toString(36).slice(-4)}`;
  const filas = Array.from({ length: b.Cantidad }, (_, i) => ({
    Tipo: b.Tipo,
    CodigoTasa: b.CodigoTasa ?? (b.Tipo === 'permiso' ? '2.1' : null),
    Anio: b.Anio,
    Importe: b.Importe.replace(',', '.'),
    Justificante: `${base}-${String(i + 1).padStart(3, '0')}`,
    Consumo: 's',
    Fecha: b.Fecha,
  }));
  try {
    await s.insert(ta, filas as never);
  } catch (err) {
    if (
      (err as { code?: string; cause?: { code?: string } }).cause?.code === '23505' ||
      (err as { code?: string }).code === '23505'
    )
      throw fieldError('Justificante', 'Ya existe una tasa con ese justificante');
    throw err;
  }
  return { Compradas: b.Cantidad, Stock: await stockTasas(s) };
}

/** Assigns the oldest unassigned fee of the kind to a student (409 when the stock is empty); optionally charges it. */
export async function asignarTasa(s: Scope, b: z.infer<typeof asignarSchema>) {
  return s.tx(async (t) => {
    if ((await nombreAlumno(t, b.IdAlumno)) === null) throw fieldError('IdAlumno', MSG.notFound);
    const [libre] = await t
      .select(
        ta,
        and(
          isNull(tc('IdAlumno')),
          eq(tc('Consumo'), 's'),
          eq(tc('Tipo'), b.Tipo),
          b.Anio ? eq(tc('Anio'), b.Anio) : undefined,
        ),
      )
      .orderBy(asc(tc('Fecha')), asc(tc('Id')))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!libre) throw new AppError(409, MSG_AUTOESCUELA.sinTasas(TIPOS_TASA[b.Tipo] ?? b.Tipo));
    const id = Number(libre.Id);
    await t.update(ta, { IdAlumno: b.IdAlumno } as never, eq(tc('Id'), id));
    if (b.Cobrar) await cobrarTasaEn(t, id);
    const [fila] = await t.select(ta, eq(tc('Id'), id));
    return fila;
  });
}

async function cobrarTasaEn(t: Scope, id: number) {
  const [tasa] = await t.select(ta, eq(tc('Id'), id)).for('update');
  if (!tasa) throw notFound();
  if (tasa.IdAlumno == null) throw new AppError(409, MSG_AUTOESCUELA.tasaSinAlumno);
  if (tasa.IdCargo != null) throw new AppError(409, MSG_AUTOESCUELA.tasaCobrada);
  const IdCargo = await cargar(t, {
    IdAlumno: Number(tasa.IdAlumno),
    Fecha: String(tasa.Fecha),
    Concepto: `Tasa DGT ${TIPOS_TASA[String(tasa.Tipo)] ?? tasa.Tipo} ${tasa.Anio} (${tasa.Justificante ?? ''}, suplido)`,
    Importe: String(tasa.Importe),
    TipoIva: 'EXENTO',
  });
  await t.update(ta, { IdCargo } as never, eq(tc('Id'), id));
  return IdCargo;
}

/** Charges an assigned fee to its student (a `cargos` row, once). */
export async function cobrarTasa(s: Scope, id: number) {
  return s.tx(async (t) => {
    const IdCargo = await cobrarTasaEn(t, id);
    const [fila] = await t.select(ta, eq(tc('Id'), id));
    return { ...fila, IdCargo };
  });
}

/** Marks an assigned fee consumed by hand (the exam it paid for is over). */
export async function consumirTasa(s: Scope, id: number) {
  return s.tx(async (t) => {
    const [tasa] = await t.select(ta, eq(tc('Id'), id)).for('update');
    if (!tasa) throw notFound();
    if (tasa.IdAlumno == null) throw new AppError(409, MSG_AUTOESCUELA.tasaSinAlumno);
    if (tasa.Consumo === 'c') throw new AppError(409, MSG_AUTOESCUELA.tasaConsumida);
    await t.update(ta, { Consumo: 'c' } as never, eq(tc('Id'), id));
    const [fila] = await t.select(ta, eq(tc('Id'), id));
    return fila;
  });
}

export const fechaExamenes = (fecha: string) => `Exámenes del ${fechaEs(fecha)}`;
