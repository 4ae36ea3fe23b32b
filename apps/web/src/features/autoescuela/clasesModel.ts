import { useQuery } from '@tanstack/react-query';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { type ClasePractica, nombreCompleto, opcionesDe } from './autoescuelaApi.ts';

/** The practical classes' grid (half-hour slots from 8:00 to 21:00) and the booking form's values. */
export const SLOT = 30;
export const PRIMERA = 8 * 60;
export const ULTIMA = 21 * 60;
export const SLOTS = (ULTIMA - PRIMERA) / SLOT;
export const horaDeSlot = (i: number) => {
  const m = PRIMERA + i * SLOT;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
export const slotDe = (hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return Math.max(0, Math.floor((h * 60 + m - PRIMERA) / SLOT));
};

export interface Valores {
  IdProfesor: string;
  IdVehiculo: string;
  IdAlumno: string;
  Fecha: string;
  Hora: string;
  Minutos: number | string;
  Recogida: string;
}
export const vacio = (fecha: string): Valores => ({
  IdProfesor: '',
  IdVehiculo: '',
  IdAlumno: '',
  Fecha: fecha,
  Hora: '10:00',
  Minutos: 45,
  Recogida: '',
});
export const desdeClase = (c: ClasePractica): Valores => ({
  IdProfesor: String(c.IdProfesor),
  IdVehiculo: c.IdVehiculo ? String(c.IdVehiculo) : '',
  IdAlumno: String(c.IdAlumno),
  Fecha: c.Fecha,
  Hora: c.Hora,
  Minutos: c.Minutos,
  Recogida: c.Recogida ?? '',
});
export const cuerpo = (v: Valores) => ({
  IdProfesor: Number(v.IdProfesor) || null,
  IdVehiculo: Number(v.IdVehiculo) || null,
  IdAlumno: Number(v.IdAlumno) || null,
  Fecha: v.Fecha,
  Hora: v.Hora,
  Minutos: Number(v.Minutos) || null,
  Recogida: v.Recogida || null,
});

/** The instructors, vehicles and students to choose from. */
export function useOpciones() {
  const { info } = useReady();
  return useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'formacion', 'clases-opciones'],
    queryFn: async () => ({
      profesores: await opcionesDe('profesores', nombreCompleto),
      vehiculos: await opcionesDe('vehiculos', (r) => [r.Matricula, r.Marca, r.Modelo].filter(Boolean).join(' ')),
      alumnos: await opcionesDe('alumnos', nombreCompleto),
    }),
  });
}
