import { auditoria } from './auditoria.ts';
import { centros } from './centros.ts';
import type { EntityDef } from './defineEntity.ts';
import { roles } from './roles.ts';
import { usuarios } from './usuarios.ts';

/** The one list of every entity. Server routes, OpenAPI, web list/edit screens and menus read it. */
export const ENTITIES = { centros, usuarios, roles, auditoria } as const satisfies Record<string, EntityDef>;
export type EntityName = keyof typeof ENTITIES;
export const ENTITY_LIST: EntityDef[] = Object.values(ENTITIES);

export function entityByAction(action: string): EntityDef | undefined {
  return ENTITY_LIST.find((e) => (e.action ?? e.name) === action);
}
