import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';

export const BASE = 'odontologia';

/** A GET of the dental API, cached per company. */
export function useOdon<T>(path: string, params: Params = {}, enabled = true) {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.company(info.IdEmpresa), 'odontologia', path, params],
    queryFn: () => api.get<T>(`${BASE}/${path}`, { params }),
    enabled,
  });
}

/** After a change: every query of the company again. */
export function useRefrescar() {
  const { info } = useReady();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: qk.company(info.IdEmpresa) });
}

export interface Paciente {
  Id: number;
  Nombre: string;
  NIF?: string | null;
  Telefono?: string | null;
}
export interface Marca {
  Id: number;
  Pieza: number | null;
  Caras: string;
  IdProducto: number | null;
  Descripcion: string;
  Estado: 'planificado' | 'realizado';
  Fecha: string | null;
  IdDentista: number | null;
  IdPlan: number | null;
  Precio: string | null;
}
export interface Recursos {
  Dentistas: { Id: number; Nombre: string }[];
  Sillones: { Id: number; Nombre: string }[];
}
export interface Tratamiento {
  Id: number;
  Codigo: string;
  Descripcion: string;
  PrecioVenta: string | null;
  TipoIva: string | null;
  PorcentajeIva: string | null;
  Exencion: string | null;
  Baja: boolean;
}
export interface Plan {
  Id: number;
  IdCliente: number;
  Paciente: string;
  Fecha: string;
  FechaAceptacion: string | null;
  IdPresupuesto: number;
  Presupuesto: string | null;
  Total: string | null;
  Estado?: 'pendiente' | 'aceptado' | 'terminado';
  Tratamientos?: Marca[];
}
export interface Cita {
  Id: number;
  IdCliente: number;
  Paciente: string;
  IdDentista: number;
  Dentista: string;
  IdSillon: number;
  Sillon: string;
  Fecha: string;
  Hora: string;
  Minutos: number;
  Motivo: string | null;
  Estado: 'programada' | 'atendida' | 'anulada';
}
