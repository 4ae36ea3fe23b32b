import type { ListAnswer } from '../../platform/api/client.ts';
import type { Evento } from '../agenda/agendaModel.ts';

export const PERMISO_CRM = 'VentasCrmOport' as const;
export const RUTA_EMBUDOS = 'ventas/crmembudos';
export const RUTA_OPORTUNIDADES = 'ventas/crmoportuni';
export const RUTA_ACTIVIDADES = 'ventas/crmactividades';

export interface Fase {
  Linea: number;
  Nombre: string;
  Probabilidad: number;
}
export interface Embudo {
  Id: number;
  Nombre: string;
  Baja: boolean;
  Fases: Fase[];
  Oportunidades?: number;
}
export interface Oportunidad {
  Id: number;
  IdEmbudo: number;
  LinFaseEmbudo: number;
  TipoContacto: 'c' | 'p';
  IdContacto: number;
  Contacto: string | null;
  Titulo: string;
  Importe: number;
  FechaCierre: string | null;
  Probabilidad: number;
  IdComercial: number | null;
  Comercial: string | null;
  Estado: number;
  MotivoPerdida: string | null;
  Notas: string | null;
  IdPresupuesto: number | null;
}
export interface Columna extends Fase {
  Total: number;
  Ponderado: number;
  Items: Oportunidad[];
}
export interface Kanban {
  Embudo: { Id: number; Nombre: string };
  Columnas: Columna[];
  Total: number;
  Ponderado: number;
}
/** An activity is an agenda event of the CRM's (an opportunity's or a contact's), with whoever owns it. */
export interface Actividad extends Omit<Evento, 'Enlace'> {
  IdResponsable?: number | null;
}
/** A member who may own an activity (`crmactividades/responsables`); `Yo` marks the caller. */
export interface Responsable {
  Id: number;
  Nombre: string;
  Yo: boolean;
}
export type EmbudosAnswer = ListAnswer<Embudo>;
