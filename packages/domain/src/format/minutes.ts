/** Minutes as "HHh:MMm" (spec section 5): 90 → "01h:30m"; "00:00" when empty or not numeric. */
export function formatMinutes(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '00:00';
  if (typeof value === 'string' && value.trim() === '') return '00:00';
  const n = Number(value);
  if (!Number.isFinite(n)) return '00:00';
  const total = Math.round(Math.abs(n));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const sign = n < 0 && total > 0 ? '-' : '';
  return `${sign}${String(hours).padStart(2, '0')}h:${String(minutes).padStart(2, '0')}m`;
}
