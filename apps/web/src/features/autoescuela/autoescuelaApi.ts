import { api } from '../../platform/api/client.ts';

export interface ClasePractica {
  Id: number;
  IdProfesor: number;
  Profesor: string;
  IdVehiculo: number | null;
  Vehiculo: string | null;
  IdAlumno: number;
  Alumno: string;
  Fecha: string;
  Hora: string;
  Minutos: number;
  Recogida: string | null;
  Estado: 'reservada' | 'confirmada' | 'realizada' | 'anulada' | 'nopresentado';
  Consumo: 's' | 'c';
  NoPresentado: boolean;
  IdCargo: number | null;
}
export interface Calendario {
  Desde: string;
  Hasta: string;
  Clases: ClasePractica[];
}
export interface Opcion {
  value: string;
  label: string;
}

const ESTADOS: Record<ClasePractica['Estado'], { label: string; color: string }> = {
  reservada: { label: 'Reservada', color: 'blue' },
  confirmada: { label: 'Confirmada', color: 'teal' },
  realizada: { label: 'Realizada', color: 'gray' },
  anulada: { label: 'Anulada', color: 'gray' },
  nopresentado: { label: 'No presentado', color: 'red' },
};
export const estadoClase = (e: ClasePractica['Estado']) => ESTADOS[e] ?? { label: e, color: 'gray' };

/** yyyy-mm-dd plus `dias` days. */
export function masDias(iso: string, dias: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
/** The Monday of the week of a day. */
export function lunesDe(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  return masDias(iso, -((d.getUTCDay() + 6) % 7));
}
const DIAS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
/** "lunes 02/03" */
export function diaCorto(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  return `${DIAS[d.getUTCDay()]} ${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}

/** The options of an entity list (`/api/formacion/{entidad}/list`), labelled by `etiqueta`. */
export async function opcionesDe(entidad: string, etiqueta: (r: Record<string, unknown>) => string): Promise<Opcion[]> {
  const r = await api.get<{ Items: Record<string, unknown>[] }>(`formacion/${entidad}/list`, {
    params: { TotalPagina: 200 },
  });
  return r.Items.map((x) => ({ value: String(x.Id), label: etiqueta(x) }));
}
export const nombreCompleto = (r: Record<string, unknown>) =>
  [r.Nombre, r.Apellidos].filter((x) => x != null && x !== '').join(' ');

/** Opens a PDF of the API in a new tab (the bearer token goes with the call, so no plain link). */
export async function abrirPdf(path: string, params?: Record<string, string>) {
  const blob = await api.download(path, params);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
