import type { Mes, PersonaFichaje } from '@faro/domain';
import { save } from '../../ui/list/ExportMenu.tsx';

export type { PersonaFichaje };

/** Answers of the time clock's API (modules/rrhh). */
export interface FichajeItem {
  Id: number;
  IdPersona?: number;
  Fecha: string;
  Registrado: string;
  Tipo: 'j' | 'p';
  Estado: 'e' | 's' | 'p' | 'r';
  MotivoPausa: string | null;
  Latitud: number | null;
  Longitud: number | null;
  Origen: string;
  Offline: boolean;
  IdCorreccion: number | null;
  Ip?: string | null;
  Huella?: string | null;
}

export interface Correccion {
  Id: number;
  IdPersona: number;
  IdFichaje: number | null;
  Estado: 'e' | 's' | 'p' | 'r';
  Fecha: string;
  MotivoPausa: string | null;
  Motivo: string;
  PropuestaPor: 't' | 'r';
  PropuestaEn: string;
  Situacion: 'pendiente' | 'aprobada' | 'rechazada';
  ResueltaEn: string | null;
  Respuesta: string | null;
  IdFichajeNuevo: number | null;
}

export interface MesFichajesData extends Mes {
  Persona: PersonaFichaje;
  Mes: string;
  Contrato: string | null;
  Fichajes: FichajeItem[];
  Correcciones: Correccion[];
  Aceptacion: { Mes: string; AceptadaEn: string; Huella: string } | null;
}

export const ORIGEN_FICHAJE: Record<string, string> = { w: 'Web', m: 'Móvil', k: 'Quiosco' };
export const SITUACION_CORRECCION = {
  pendiente: 'Pendiente',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
} as const satisfies Record<Correccion['Situacion'], string>;

/** The current month 'yyyy-mm' in Madrid. */
export const mesActual = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date()).slice(0, 7);

/** Opens a downloaded file (blob) under its name. */
export const guardarFichero = save;
