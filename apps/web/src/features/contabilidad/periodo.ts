/**
 * A period as the spec's tax screens name it (section 9: Mensual, Trimestral, Anual; quarters Primer to Cuarto
 * trimestre; months January to December) → its first and last day.
 */
export const TRIMESTRES = [
  { value: '1T', label: 'Primer trimestre' },
  { value: '2T', label: 'Segundo trimestre' },
  { value: '3T', label: 'Tercer trimestre' },
  { value: '4T', label: 'Cuarto trimestre' },
] as const;
export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
].map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));
export const PERIODOS = [{ value: '0A', label: 'Año completo' }, ...TRIMESTRES, ...MESES];

const ultimoDia = (anyo: number, mes: number) => new Date(Date.UTC(anyo, mes, 0)).getUTCDate();

/** `periodo`: '0A' (the year), '1T'…'4T', '01'…'12'. */
export function rangoPeriodo(anyo: number, periodo: string): { FechaDesde: string; FechaHasta: string } {
  const p2 = (n: number) => String(n).padStart(2, '0');
  let [desde, hasta] = [1, 12];
  if (/^[1-4]T$/.test(periodo)) {
    const t = Number(periodo[0]);
    [desde, hasta] = [t * 3 - 2, t * 3];
  } else if (/^\d{2}$/.test(periodo)) {
    desde = hasta = Number(periodo);
  }
  return { FechaDesde: `${anyo}-${p2(desde)}-01`, FechaHasta: `${anyo}-${p2(hasta)}-${p2(ultimoDia(anyo, hasta))}` };
}

/** The last closed quarter before `hoy` (yyyy-mm-dd): what an accountant exports first. */
export function trimestreAnterior(hoy: string): { anyo: number; periodo: string } {
  const anyo = Number(hoy.slice(0, 4));
  const t = Math.ceil(Number(hoy.slice(5, 7)) / 3);
  return t === 1 ? { anyo: anyo - 1, periodo: '4T' } : { anyo, periodo: `${t - 1}T` };
}
