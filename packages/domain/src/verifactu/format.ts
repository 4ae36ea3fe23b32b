import type { Importe, ZonaHoraria } from './types.ts';

/**
 * The text forms of VeriFactu values. The hash input and the XML use exactly these strings (compliance-es.md §1.3:
 * always two decimals with a dot, dates dd-mm-yyyy, ISO 8601 timestamps with Spain's offset).
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses an amount exactly and returns it in hundredths (cents for money, hundredths of a percent for rates),
 * rounded half away from zero. Accepts '1234.5', '1234,5', '-0.005', 12.3. Throws on anything else.
 */
export function aCentesimas(value: Importe): bigint {
  const text = typeof value === 'number' ? numeroPlano(value) : value.trim().replace(',', '.');
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) throw new Error(`Importe no válido: ${String(value)}`);
  const [, sign, whole = '', fraction = ''] = m;
  const digits = `${whole || '0'}${fraction.padEnd(3, '0').slice(0, 3)}`;
  let units = BigInt(digits) / 10n;
  if (Number(digits.at(-1)) >= 5) units += 1n;
  // Half away from zero at two decimals: only the third decimal decides (0.00499… → 0.00, 0.005 → 0.01).
  return sign === '-' ? -units : units;
}

function numeroPlano(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Importe no válido: ${n}`);
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** Hundredths → '1234.50' ('-0.00' never: zero has no sign). */
export function deCentesimas(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, '0');
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return negative ? `-${text}` : text;
}

/** An amount in AEAT form: two decimals, dot separator, no thousands separator ('12.3' → '12.30'). */
export function importeAeat(value: Importe): string {
  return deCentesimas(aCentesimas(value));
}

/** A rate (TipoImpositivo, TipoRecargoEquivalencia) in AEAT form: '21.00', '5.20', '0.00'. */
export function tipoAeat(value: Importe): string {
  return importeAeat(value);
}

/** XSD ImporteSgn12.2: optional sign, 1–12 integer digits, up to two decimals. */
export const IMPORTE_12_2 = /^[+-]?\d{1,12}(\.\d{0,2})?$/;
/** XSD Tipo2.2: 1–3 integer digits, up to two decimals, no sign. */
export const TIPO_2_2 = /^\d{1,3}(\.\d{0,2})?$/;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const AEAT_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

function fechaValida(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'yyyy-mm-dd' → 'dd-mm-yyyy' (AEAT date). Throws when it is not a real date. */
export function fechaAeat(iso: string): string {
  const m = ISO_DATE.exec(iso.trim());
  if (!m || !fechaValida(Number(m[1]), Number(m[2]), Number(m[3]))) throw new Error(`Fecha no válida: ${iso}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** 'dd-mm-yyyy' → 'yyyy-mm-dd'; null when not a real date. */
export function fechaIso(aeat: string): string | null {
  const m = AEAT_DATE.exec(aeat.trim());
  if (!m || !fechaValida(Number(m[3]), Number(m[2]), Number(m[1]))) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function esFechaAeat(value: string): boolean {
  return fechaIso(value) !== null;
}

// ------------------------------------------------------------------------------------------------------------------
// FechaHoraHusoGenRegistro

/** The last Sunday of `month` (0-based) of `year` at 01:00 UTC: the EU summer-time switch instant. */
function ultimoDomingoUnaUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const day = lastDay.getUTCDate() - lastDay.getUTCDay();
  return Date.UTC(year, month, day, 1, 0, 0);
}

/**
 * Spain's UTC offset in minutes at an instant, by the EU rule (Directive 2000/84/EC): summer time from the last
 * Sunday of March to the last Sunday of October, both at 01:00 UTC, the same instant in every EU time zone.
 * Mainland (and Balearics, Ceuta, Melilla): +60 / +120. Canary Islands: 0 / +60. No time-zone database needed.
 */
export function desfaseEspana(instante: Date, zona: ZonaHoraria = 'peninsula'): number {
  const t = instante.getTime();
  if (Number.isNaN(t)) throw new Error('Instante no válido');
  const year = instante.getUTCFullYear();
  const verano = t >= ultimoDomingoUnaUtc(year, 2) && t < ultimoDomingoUnaUtc(year, 9);
  return (zona === 'canarias' ? 0 : 60) + (verano ? 60 : 0);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as ISO 8601 local time with Spain's offset, seconds precision: '2024-01-01T19:20:30+01:00'. */
export function fechaHoraHuso(instante: Date, zona: ZonaHoraria = 'peninsula'): string {
  const offset = desfaseEspana(instante, zona);
  const seconds = Math.floor(instante.getTime() / 1000) * 1000;
  const local = new Date(seconds + offset * 60_000);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses an ISO 8601 date-time with offset ('…+01:00' or 'Z') into its instant; null when malformed. */
export function instanteDe(fechaHora: string): Date | null {
  const m = ISO_DATETIME.exec(fechaHora.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, tz] = m;
  if (!fechaValida(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  let offset = 0;
  if (tz && tz !== 'Z') offset = (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6)));
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000);
}

/**
 * FechaHoraHusoGenRegistro of a new record: the instant in Spain's local time, never earlier than the previous
 * record's timestamp. When the clock went back (NTP step, another node slightly behind), the previous record's
 * instant is used instead, so the chain stays in chronological order (Orden HAC/1177/2024 art. 7).
 */
export function fechaHoraHusoGenRegistro(
  instante: Date,
  zona: ZonaHoraria = 'peninsula',
  anterior?: string | null,
): string {
  const previous = anterior ? instanteDe(anterior) : null;
  const when = previous && previous.getTime() > instante.getTime() ? previous : instante;
  return fechaHoraHuso(when, zona);
}

/** Whether `fechaHora` is a valid FechaHoraHusoGenRegistro: seconds precision with an explicit offset. */
export function esFechaHoraHuso(fechaHora: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(fechaHora) && instanteDe(fechaHora) !== null;
}
