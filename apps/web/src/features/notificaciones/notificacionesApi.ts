export const RUTA_NOTIFICACIONES = 'usuarios/usuario/notificaciones';
export interface Notificacion {
  Id: number;
  Prioridad: 'a' | 'm' | 'b' | 'i';
  Origen: 'a' | 'm';
  Titulo: string;
  Texto: string | null;
  Enlace: string | null;
  Fecha: string;
  Leido: boolean;
}
/** Spec section 4: alert priority a high, m medium, b low, i info. */
export const PRIORIDADES = {
  a: { label: 'Alta', color: 'red' },
  m: { label: 'Media', color: 'orange' },
  b: { label: 'Baja', color: 'blue' },
  i: { label: 'Información', color: 'gray' },
} as const;
export const noLeidasKey = (empresa: number) => ['empresa', empresa, 'notificaciones', 'noleidas'] as const;
