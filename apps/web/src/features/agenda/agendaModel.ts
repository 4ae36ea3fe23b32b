import { type ColoresCalendario, type EventoAjeno, TIPOS_ACTIVIDAD } from '@faro/domain';

/** Mi Agenda's data: the events as the API gives them, the read-only classes of other areas, the grid's measures. */
export const RUTA = 'usuarios/usuario/agenda';
export interface Evento {
  Id: number;
  Tipo: string;
  Asunto: string;
  Descripcion: string | null;
  Inicio: string;
  Fin: string | null;
  TodoDia: boolean;
  Hecha: boolean;
  Recordatorio: string | null;
  IdOportunidad: number | null;
  Oportunidad: string | null;
  TipoContacto: 'c' | 'p' | null;
  IdContacto: number | null;
  Contacto: string | null;
  /** A read-only event of another area (academy timetable, driving-school class): opens its own screen. */
  Enlace?: string;
}
export interface AgendaAnswer {
  Items: Evento[];
  Clases?: EventoAjeno[];
  Colores: ColoresCalendario;
}

export const HORA_INICIO = 7;
export const HORA_FIN = 22;
export const ALTO_HORA = 48; // px per hour in the week and day views
export const etiquetaTipo = (t: string) =>
  t === 'clase' ? 'Clase (solo lectura)' : (TIPOS_ACTIVIDAD.find((x) => x.value === t)?.label ?? t);
/** Colour of the read-only classes: from the theme, apart from the activity kinds' colours. */
export const COLOR_CLASE = 'var(--mantine-color-grape-7)';
/** An event of what is given and nothing more: timed, not done, no reminder, opportunity or contact. */
export const eventoSuelto = (e: Pick<Evento, 'Id' | 'Tipo' | 'Asunto' | 'Inicio'> & Partial<Evento>): Evento => ({
  Descripcion: null,
  Fin: null,
  TodoDia: false,
  Hecha: false,
  Recordatorio: null,
  IdOportunidad: null,
  Oportunidad: null,
  TipoContacto: null,
  IdContacto: null,
  Contacto: null,
  ...e,
});
export const ajenoAEvento = (c: EventoAjeno, i: number): Evento =>
  eventoSuelto({
    Id: -(i + 1),
    Tipo: 'clase',
    Asunto: c.Asunto,
    Descripcion: c.Descripcion,
    Inicio: c.Inicio,
    Fin: c.Fin,
    Enlace: c.Enlace,
  });
export const finDe = (e: Evento) => (e.Fin ? new Date(e.Fin) : new Date(new Date(e.Inicio).getTime() + 60 * 60_000));
