/*
 * Driving school rules: the practical classes calendar (clashes of instructor, vehicle and student),
 * the no-show rule, and the pass statistics of the exam results. Isomorphic: the server refuses, the screens warn.
 */

import { choquesDe, mismoRecurso } from '../agenda/choques.ts';
import { enumOptions } from '../fields/enumOptions.ts';

/** States of a practical class. `nopresentado`: the student did not come (charged per the school's rule). */
export const ESTADOS_CLASE = enumOptions({
  reservada: 'Reservada',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  anulada: 'Anulada',
  nopresentado: 'No presentado',
});
export type EstadoClase = (typeof ESTADOS_CLASE)[number]['value'];
export const esEstadoClase = (v: unknown): v is EstadoClase => ESTADOS_CLASE.some((e) => e.value === v);

export const MSG_AUTOESCUELA = {
  hora: 'Indica la hora como HH:MM',
  minutos: 'La duración debe estar entre 15 y 240 minutos',
  choqueProfesor: (quien: string, cuando: string) => `El profesor ${quien} ya tiene una clase ${cuando}`.trim(),
  choqueVehiculo: (quien: string, cuando: string) => `El vehículo ${quien} ya está reservado ${cuando}`.trim(),
  choqueAlumno: (quien: string, cuando: string) => `El alumno ${quien} ya tiene una clase ${cuando}`.trim(),
  claseCerrada: 'La clase ya está cerrada (realizada, anulada o no presentado) y no se puede cambiar',
  noEsTuya: 'Esta clase no es tuya',
  sinTasas: (tipo: string) => `No quedan tasas de ${tipo} sin asignar: compra más antes de asignarlas`,
  tasaAsignada: 'La tasa ya está asignada a un alumno',
  tasaSinAlumno: 'Asigna la tasa a un alumno antes de cobrarla o consumirla',
  tasaCobrada: 'La tasa ya se ha cobrado al alumno',
  tasaConsumida: 'La tasa ya está consumida',
  cantidad: 'Indica una cantidad entre 1 y 500',
  sinPrecio: 'El alumno no tiene un pack con precio por clase: véndele un pack o indica el precio',
  resultado: 'Resultado no válido: APTO, NO APTO, NO PRESENTADO o APLAZADO',
  asistencia: 'Asistencia no válida (r, j, f, e, c, a)',
} as const;

export const HORA_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes from midnight of "HH:MM". */
export const minutosDelDia = (hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
/** "HH:MM" `minutos` after `hora` (capped at 23:59). */
export function horaMas(hora: string, minutos: number): string {
  const t = Math.min(minutosDelDia(hora) + minutos, 23 * 60 + 59);
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/** What the clash check needs of a practical class. */
export interface ClaseCalendario {
  Id?: number | null;
  Fecha: string;
  Hora: string;
  Minutos: number;
  IdProfesor: number | null;
  IdVehiculo: number | null;
  IdAlumno: number | null;
}

export interface ChoqueClase {
  tipo: 'profesor' | 'vehiculo' | 'alumno';
  Campo: 'IdProfesor' | 'IdVehiculo' | 'IdAlumno';
  /** The other class. */
  Id: number | null | undefined;
}

/** Two classes overlap: same day and their [start, start + minutes) intervals intersect. */
export function solapanClases(a: ClaseCalendario, b: ClaseCalendario): boolean {
  if (a.Fecha !== b.Fecha) return false;
  const ai = minutosDelDia(a.Hora);
  const bi = minutosDelDia(b.Hora);
  return ai < bi + b.Minutos && bi < ai + a.Minutos;
}

/** Clashes of `nueva` with the other live classes (itself excluded by Id): instructor, vehicle, student. */
export function choquesClase(nueva: ClaseCalendario, otras: readonly ClaseCalendario[]): ChoqueClase[] {
  return choquesDe(nueva, otras, solapanClases, (o): ChoqueClase[] => [
    ...mismoRecurso(nueva, o, 'profesor', 'IdProfesor'),
    ...mismoRecurso(nueva, o, 'vehiculo', 'IdVehiculo'),
    ...mismoRecurso(nueva, o, 'alumno', 'IdAlumno'),
  ]);
}

/** "el 12/01/2099 de 10:00 a 10:45" */
export function cuandoClase(c: Pick<ClaseCalendario, 'Fecha' | 'Hora' | 'Minutos'>): string {
  return `el ${c.Fecha.split('-').reverse().join('/')} de ${c.Hora} a ${horaMas(c.Hora, c.Minutos)}`;
}

/** The school's rule for a class the student missed (confautoescuela.ReglaNoPresentado). */
export type ReglaNoPresentado = 'cobrar' | 'cobrarsinaviso' | 'nocobrar';

/**
 * Whether a missed or late-cancelled class is charged. A no-show (`horasAntelacion` null: never warned) is charged
 * unless the rule is `nocobrar`; a cancellation only under `cobrarsinaviso` with less notice than `horasAviso`.
 */
export function seCobraFalta(
  regla: ReglaNoPresentado | string | null | undefined,
  horasAntelacion: number | null,
  horasAviso: number | null | undefined,
): boolean {
  const r = regla ?? 'cobrarsinaviso';
  if (r === 'nocobrar') return false;
  if (horasAntelacion === null) return true;
  if (r === 'cobrar') return false;
  return horasAntelacion < (horasAviso ?? 24);
}

export const RESULTADOS = ['APTO', 'NO APTO', 'NO PRESENTADO', 'APLAZADO'] as const;
export type Resultado = (typeof RESULTADOS)[number];
export const ASISTENCIAS = ['r', 'j', 'f', 'e', 'c', 'a'] as const;

export interface FilaAprobados {
  Clave: string;
  Presentados: number;
  Aptos: number;
  /** Aptos / presentados, 0–100 with one decimal (0 with none presented). */
  Porcentaje: number;
}

/**
 * Pass rate per key (instructor, licence class, examiner): presented are the APTO and NO APTO results;
 * NO PRESENTADO and APLAZADO do not count. Sorted by key.
 */
export function aprobadosPor(
  resultados: readonly { clave: string | null | undefined; Resultado: string | null | undefined }[],
): FilaAprobados[] {
  const m = new Map<string, { p: number; a: number }>();
  for (const r of resultados) {
    if (r.Resultado !== 'APTO' && r.Resultado !== 'NO APTO') continue;
    const k = r.clave || 'Sin indicar';
    const v = m.get(k) ?? { p: 0, a: 0 };
    v.p += 1;
    if (r.Resultado === 'APTO') v.a += 1;
    m.set(k, v);
  }
  return [...m.entries()]
    .map(([Clave, v]) => ({
      Clave,
      Presentados: v.p,
      Aptos: v.a,
      Porcentaje: v.p ? Math.round((v.a * 1000) / v.p) / 10 : 0,
    }))
    .sort((x, y) => x.Clave.localeCompare(y.Clave, 'es'));
}

/** Exam forms the school prints for a day's exam (imprexamenes), each a PDF with the students' data filled in. */
// A tuple: the web opens on its first form (`IMPRESOS_EXAMEN[0]`).
export const IMPRESOS_EXAMEN = [
  { value: 'relacion', label: 'Relación de alumnos presentados a examen' },
  { value: 'hoja', label: 'Hoja de examen por alumno' },
  { value: 'asistencia', label: 'Control de asistencia y firmas' },
] as const;
export type ImpresoExamen = (typeof IMPRESOS_EXAMEN)[number]['value'];

export { ASISTENCIAS_EXAMEN, CLASES_PERMISO, RESULTADOS_EXAMEN, TIPOS_EXAMEN } from '../entities/autoescuela.ts';
export * from './aues.ts';
export * from './listas.ts';
