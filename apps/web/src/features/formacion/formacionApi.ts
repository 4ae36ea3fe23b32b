import { useQuery } from '@tanstack/react-query';
import { api, type Params } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';

/** A GET of the academy API, cached per company (`['empresa', id, 'formacion', path, params]`). */
export function useFormacion<T>(path: string, params: Params = {}, enabled = true) {
  const { info } = useReady();
  return useQuery({
    queryKey: ['empresa', info.IdEmpresa, 'formacion', path, params],
    queryFn: () => api.get<T>(path, { params }),
    enabled,
  });
}

/** Invalidation prefix of every academy query of the company. */
export const claveFormacion = (empresa: number) => ['empresa', empresa, 'formacion'] as const;

export interface Sesion {
  Id: number;
  IdCurso: number;
  Curso: string | null;
  Grupo: string | null;
  DiaSemana: string;
  HoraInicio: string;
  HoraFin: string;
  IdProfesor: number | null;
  Profesor: string | null;
  IdAula: number | null;
  Aula: string | null;
}
export interface Semana {
  Sesiones: Sesion[];
  DiasCierre: { Fecha: string; Descripcion: string }[];
}

/** Today in Spain, yyyy-mm-dd. */
export const hoyIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
/** dd/mm/aaaa */
export const fechaEs = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');
