/** Dates are shown as dd/mm/yyyy and stored as yyyy-mm-dd (spec section 1). The week starts on Monday. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})/;
const ES = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-mm-dd' (or the date part of an ISO date-time) → 'dd/mm/yyyy'; '' for empty or invalid input. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = ISO.exec(value);
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validYmd(y, mo, d) ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** 'dd/mm/yyyy' (also d/m/yyyy) → 'yyyy-mm-dd'; null when not a real date. */
export function parseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = ES.exec(value.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validYmd(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
}

/** An ISO-8601 instant shown in the browser's local time: 'dd/mm/yyyy HH:mm'. '' for empty or invalid input. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const EN_ESPANA = { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' } as const;
const HORA_ESPANA = new Intl.DateTimeFormat('es-ES', EN_ESPANA);
const FECHA_HORA_ESPANA = new Intl.DateTimeFormat('es-ES', {
  ...EN_ESPANA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  second: '2-digit',
});

/** An instant in Spain's mainland time, whatever the machine's zone: 'dd/mm/yyyy, HH:mm:ss'. */
export function fechaHoraEspana(instant: string | Date): string {
  return FECHA_HORA_ESPANA.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** 'HH:mm' of an instant in Spain's mainland time; '' for none. */
export function horaEspana(instant: string | null): string {
  return instant ? HORA_ESPANA.format(new Date(instant)) : '';
}

/** A local Date → 'yyyy-mm-dd'. */
export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Web weekdays: 1 Monday … 7 Sunday (spec section 9). */
export function webWeekday(d: Date): number {
  return ((d.getDay() + 6) % 7) + 1;
}

export const FIRST_DAY_OF_WEEK = 1;
export const LOCALE = 'es-ES';
