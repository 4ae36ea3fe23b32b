import type { EstadoFichaje } from '@faro/domain';

export interface ClockRecord {
  Fecha: string;
  Estado: Exclude<EstadoFichaje, ''>;
}

/** Working after a record in this state: entry and resume start the clock, pause and exit stop it. */
const WORKING: Record<ClockRecord['Estado'], boolean> = { e: true, r: true, p: false, s: false };

function startOfDay(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

/**
 * Milliseconds worked today (browser's local day) from the user's records, up to `now` when still working. A
 * workday that began yesterday counts from midnight (the state before today's first record says so).
 */
export function workedTodayMs(records: readonly ClockRecord[], now: Date): number {
  const dayStart = startOfDay(now);
  const sorted = [...records].sort((a, b) => Date.parse(a.Fecha) - Date.parse(b.Fecha));
  const before = sorted.filter((r) => Date.parse(r.Fecha) < dayStart).at(-1);
  // A workday left open days ago (a forgotten exit) does not count as today's work.
  const recent = before && Date.parse(before.Fecha) >= dayStart - 24 * 3_600_000;
  let working = before && recent ? WORKING[before.Estado] : false;
  let since = dayStart;
  let total = 0;
  for (const r of sorted) {
    const at = Date.parse(r.Fecha);
    if (at < dayStart || at > now.getTime()) continue;
    if (working) total += at - since;
    working = WORKING[r.Estado];
    since = at;
  }
  if (working) total += now.getTime() - since;
  return total;
}

/** "7 h 05 min", "45 min". */
export function formatWorked(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
