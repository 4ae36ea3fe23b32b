/** Date helpers of the agenda (local time, weeks start on Monday: spec section 1). */
export type Vista = 'mes' | 'semana' | 'dia' | 'lista';

export const DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const nombreMes = new Intl.DateTimeFormat('es-ES', { month: 'long' });
export const MESES = Array.from({ length: 12 }, (_, i) => nombreMes.format(new Date(2026, i, 1)));

export const inicioDia = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const sumarDias = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
/** Monday of the date's week. */
export const lunes = (d: Date) => sumarDias(inicioDia(d), -((d.getDay() + 6) % 7));
export const mismoDia = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const p2 = (n: number) => String(n).padStart(2, '0');
export const isoDia = (d: Date) => `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())}`;
export const hora = (d: Date) => `${p2(d.getHours())}:${p2(d.getMinutes())}`;

/** The days a view shows: month = whole weeks Monday to Sunday around the month (35 or 42 days). */
export function diasDeVista(vista: Vista, cursor: Date): Date[] {
  if (vista === 'dia') return [inicioDia(cursor)];
  if (vista === 'semana') {
    const l = lunes(cursor);
    return Array.from({ length: 7 }, (_, i) => sumarDias(l, i));
  }
  const primero = new Date(cursor.getFullYear(), cursor.getMonth(), 1);
  const ultimo = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 0);
  const desde = lunes(primero);
  const hasta = sumarDias(lunes(ultimo), 6);
  const n = Math.round((hasta.getTime() - desde.getTime()) / 86_400_000) + 1;
  return Array.from({ length: n }, (_, i) => sumarDias(desde, i));
}

/** Moving the cursor one view forward or back. */
export function desplazar(vista: Vista, cursor: Date, sentido: 1 | -1): Date {
  if (vista === 'dia') return sumarDias(cursor, sentido);
  if (vista === 'semana') return sumarDias(cursor, 7 * sentido);
  return new Date(cursor.getFullYear(), cursor.getMonth() + sentido, 1);
}

export function tituloVista(vista: Vista, cursor: Date): string {
  if (vista === 'dia') {
    return `${DIAS_SEMANA[(cursor.getDay() + 6) % 7]} ${cursor.getDate()} de ${MESES[cursor.getMonth()]} de ${cursor.getFullYear()}`;
  }
  if (vista === 'semana') {
    const l = lunes(cursor);
    const d = sumarDias(l, 6);
    return `Semana del ${l.getDate()} de ${MESES[l.getMonth()]} al ${d.getDate()} de ${MESES[d.getMonth()]} de ${d.getFullYear()}`;
  }
  return `${MESES[cursor.getMonth()]} de ${cursor.getFullYear()}`;
}

/** A new start keeping the time of day when an event is dropped on another day. */
export function moverADia(inicio: Date, dia: Date): Date {
  return new Date(dia.getFullYear(), dia.getMonth(), dia.getDate(), inicio.getHours(), inicio.getMinutes());
}

/** `yyyy-mm-ddThh:mm` in local time for a datetime-local input ('' for none). */
export function aLocal(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = new Date(v);
  return `${isoDia(d)}T${hora(d)}`;
}
