import type { EntityDef } from '@faro/domain';

/** API and web paths of a generic entity. */
export const apiBase = (e: EntityDef) => `${e.area}/${e.name}`;
export const webAction = (e: EntityDef) => e.action ?? e.name;
export const listPath = (e: EntityDef) => `/${webAction(e)}/lista`;
export const editPath = (e: EntityDef, id: string | number) => `/${webAction(e)}/editar/${id}`;
export const newPath = (e: EntityDef) => `/${webAction(e)}/nuevo`;

/** "Nuevo centro" / "Nueva tarifa". */
/** Acronyms keep their capitals: 'Nuevo tipo de IVA', 'Nueva plantilla de email'. */
const lowerWords = (label: string) =>
  label
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
export const newTitle = (e: EntityDef) => `${e.gender === 'f' ? 'Nueva' : 'Nuevo'} ${lowerWords(e.label)}`;
