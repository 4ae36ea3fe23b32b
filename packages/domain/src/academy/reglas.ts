/** Academy rules both sides need: minors, clashes, charge periods and pro-rating, evaluation marks. */

import { choquesDe, mismoRecurso } from '../agenda/choques.ts';
import { enumOptions } from '../fields/enumOptions.ts';

/**
 * A payer's balance (`formacion/factcobros/saldos`): invoiced, settled, pending, overdue (from the invoices' due
 * dates) and charges not invoiced.
 */
export interface SaldoPagador {
  IdCliente: number;
  Cliente: string;
  Facturado: string;
  Cobrado: string;
  Pendiente: string;
  Vencido: string;
  SinFacturar: string;
}

export const MSG_ACADEMIA = {
  finAntesInicio: 'La fecha de fin no puede ser anterior a la de inicio',
  nifAdulto: 'El DNI/NIE es obligatorio para un alumno mayor de edad que paga sus cuotas',
  menorSinTutor: 'Un alumno menor de edad necesita un tutor',
  pagadorSinTutor: 'Indica el tutor que paga las cuotas',
  hora: 'Indica la hora como HH:MM',
  horaFin: 'La hora de fin debe ser posterior a la de inicio',
  choqueProfesor: (quien: string, cuando: string) => `El profesor ${quien} ya tiene clase el ${cuando}`,
  choqueAula: (aula: string, cuando: string) => `El aula ${aula} está ocupada el ${cuando}`,
  choqueAlumno: (alumno: string, cuando: string) => `El alumno ${alumno} ya tiene clase el ${cuando}`,
  capacidadAula: (aula: string, capacidad: number) => `El aula ${aula} tiene capacidad para ${capacidad} alumnos`,
  asistencia: 'Estado de asistencia no válido',
  sinMatricula: 'Previamente debes de dar de alta una matrícula',
  periodo: 'Indica el periodo como AAAA-MM',
  sinCargos: 'No hay cargos pendientes de facturar',
  yaAceptada: 'Esta matrícula online ya está resuelta',
  motivoRechazo: 'Indica el motivo del rechazo',
  nota: 'La nota debe estar entre 0 y 10',
} as const;

export const DIAS_SEMANA = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Attendance states (spec section 4): a attends, f absent, r late, v reserved, n cancelled. */
export const ESTADOS_ASISTENCIA = enumOptions({ a: 'Asiste', f: 'Falta', r: 'Retraso', v: 'Reservada', n: 'Anulada' });
export type EstadoAsistencia = (typeof ESTADOS_ASISTENCIA)[number]['value'];
export const esEstadoAsistencia = (v: unknown): v is EstadoAsistencia => ESTADOS_ASISTENCIA.some((e) => e.value === v);

/** Age in whole years on `hoy` (yyyy-mm-dd). */
export function edad(nacimiento: string, hoy: string = new Date().toISOString().slice(0, 10)): number {
  const [ay, am, ad] = nacimiento.split('-').map(Number) as [number, number, number];
  const [hy, hm, hd] = hoy.split('-').map(Number) as [number, number, number];
  return hy - ay - (hm < am || (hm === am && hd < ad) ? 1 : 0);
}

export function esMenor(nacimiento: string, hoy?: string): boolean {
  return edad(nacimiento, hoy) < 18;
}

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
export const esHora = (v: string) => HORA.test(v);
const minutos = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

export interface SesionHorario {
  Id?: number | null;
  DiaSemana: string | number;
  HoraInicio: string;
  HoraFin: string;
  IdProfesor?: number | null;
  IdAula?: number | null;
  /** Students attending the session's course/group. */
  Alumnos?: readonly number[];
}

/** Two sessions overlap: same weekday and their [start, end) intervals intersect. */
export function solapan(a: SesionHorario, b: SesionHorario): boolean {
  if (String(a.DiaSemana) !== String(b.DiaSemana)) return false;
  return minutos(a.HoraInicio) < minutos(b.HoraFin) && minutos(b.HoraInicio) < minutos(a.HoraFin);
}

export interface Choque {
  tipo: 'profesor' | 'aula' | 'alumno';
  Campo: 'IdProfesor' | 'IdAula' | 'IdCurso';
  /** The other session. */
  Id: number | null | undefined;
  /** The student in conflict (tipo alumno). */
  IdAlumno?: number;
}

/** Clashes of `nueva` with the other sessions of the timetable (itself excluded by Id): teacher, room, student. */
export function choques(nueva: SesionHorario, otras: readonly SesionHorario[]): Choque[] {
  return choquesDe(nueva, otras, solapan, (o): Choque[] => [
    ...mismoRecurso(nueva, o, 'profesor', 'IdProfesor'),
    ...mismoRecurso(nueva, o, 'aula', 'IdAula'),
    ...(nueva.Alumnos ?? [])
      .filter((a) => (o.Alumnos ?? []).includes(a))
      .map((a): Choque => ({ tipo: 'alumno', Campo: 'IdCurso', Id: o.Id, IdAlumno: a })),
  ]);
}

/** "lunes de 17:00 a 18:00" */
export function cuandoSesion(s: Pick<SesionHorario, 'DiaSemana' | 'HoraInicio' | 'HoraFin'>): string {
  const dia = DIAS_SEMANA[Number(s.DiaSemana) - 1] ?? '';
  return `${dia.toLowerCase()} de ${s.HoraInicio} a ${s.HoraFin}`;
}

/** "2026-11" of a date. */
export const periodoDe = (fecha: string) => fecha.slice(0, 7);
export const esPeriodo = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

export function diasDelPeriodo(periodo: string): number {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const aCentimos = (importe: string | number) => Math.round(Number(importe) * 100);
const deCentimos = (c: number) => (c / 100).toFixed(2);

/**
 * The monthly fee of a period for an enrolment that started on `alta`: whole, or — when pro-rating and the student
 * joined during that month — the days left (start day included) over the month's days, rounded to cents.
 */
export function cuotaDelPeriodo(cuota: string | number, periodo: string, alta: string, prorratear: boolean): string {
  const total = aCentimos(cuota);
  if (!prorratear || periodoDe(alta) !== periodo) return deCentimos(total);
  const dias = diasDelPeriodo(periodo);
  const desde = Number(alta.slice(8, 10));
  return deCentimos(Math.round((total * (dias - desde + 1)) / dias));
}

/** The course's mark from the item marks: media (weighted mean), suma, manual/plantilla (the given final mark). */
export function notaFinal(
  calculo: string | null | undefined,
  notas: readonly { nota: number | null; peso: number }[],
  manual?: number | null,
): number | null {
  const con = notas.filter((n) => n.nota != null) as { nota: number; peso: number }[];
  if (calculo === 'manual' || calculo === 'plantilla') return manual ?? null;
  if (!con.length) return null;
  if (calculo === 'suma') return Math.round(con.reduce((s, n) => s + n.nota, 0) * 100) / 100;
  const pesos = con.reduce((s, n) => s + n.peso, 0);
  if (pesos <= 0) return Math.round((con.reduce((s, n) => s + n.nota, 0) / con.length) * 100) / 100;
  return Math.round((con.reduce((s, n) => s + n.nota * n.peso, 0) / pesos) * 100) / 100;
}
