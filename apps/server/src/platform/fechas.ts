/** Today in Spain (Europe/Madrid) as yyyy-mm-dd: the day of documents, due dates and reports. */
export function hoyEspana(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(now);
}

/** The day `dias` days after `fecha` (yyyy-mm-dd; negative goes back), computed in UTC so no clock change moves it. */
export function diaMas(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Saturday or Sunday (yyyy-mm-dd). */
export function esFinDeSemana(fecha: string): boolean {
  const d = new Date(`${fecha}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
}

/** `fecha` itself on a weekday, else the Monday after it. */
export function laborableDesde(fecha: string): string {
  let d = fecha;
  while (esFinDeSemana(d)) d = diaMas(d, 1);
  return d;
}
