import { enumOptions } from '../fields/enumOptions.ts';

/** Event types of the agenda and of CRM activities (spec section 4, task kinds). */
export const TIPOS_ACTIVIDAD = enumOptions({
  llamada: 'Llamada',
  tarea: 'Tarea',
  mensaje: 'Mensaje',
  reunion: 'Reunión',
  otros: 'Otros',
});
export type TipoActividad = (typeof TIPOS_ACTIVIDAD)[number]['value'];
export const TIPOS_ACTIVIDAD_VALORES = TIPOS_ACTIVIDAD.map((t) => t.value) as [TipoActividad, ...TipoActividad[]];

/** A read-only event of another area in Mi Agenda (the teacher's timetable, the instructor's classes). */
export interface EventoAjeno {
  Id: string;
  Origen: 'academia' | 'autoescuela';
  Asunto: string;
  Descripcion: string | null;
  Inicio: string;
  Fin: string;
  Enlace: string;
}

/** Spec section 9: the calendar's default event colour is a blue. */
export const COLOR_CALENDARIO_DEFECTO = '#1c7ed6';

/** Calendar colours per event type (`usuario/configcal`); what a company has not configured takes these. */
export type ColoresCalendario = Record<TipoActividad, string>;
export const COLORES_CALENDARIO_DEFECTO: ColoresCalendario = {
  llamada: COLOR_CALENDARIO_DEFECTO,
  tarea: '#2f9e44',
  mensaje: '#f08c00',
  reunion: '#7048e8',
  otros: '#495057',
};

/** `#rrggbb` only: the colours are painted as CSS. */
export const COLOR_HEX = /^#[0-9a-fA-F]{6}$/;

/** The stored configuration over the defaults (unknown keys and malformed colours ignored). */
export function coloresCalendario(guardados: Record<string, unknown> | null | undefined): ColoresCalendario {
  const out = { ...COLORES_CALENDARIO_DEFECTO };
  for (const t of TIPOS_ACTIVIDAD_VALORES) {
    const v = guardados?.[t];
    if (typeof v === 'string' && COLOR_HEX.test(v)) out[t] = v;
  }
  return out;
}
