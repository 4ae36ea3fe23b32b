import { z } from 'zod';
import type { FieldDef } from '../fields/kinds.ts';
import { fieldSchema } from '../fields/schema.ts';
import type { PermissionCode } from '../permissions/codes.ts';
import type { ModuleFlag } from '../session/companyContext.ts';

export const API_AREAS = [
  'usuarios',
  'formacion',
  'ventas',
  'compras',
  'comunicaciones',
  'rrhh',
  'configuracion',
  'catalogo',
  'impuestos',
  'tesoreria',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

export interface EntityDef {
  /** Resource name in the API and the web route: `/api/{area}/{name}/list`, `/{action}/lista`. */
  name: string;
  area: ApiArea;
  /** The web action (route segment); defaults to name. */
  action?: string;
  label: string;
  labelPlural: string;
  /** Gender for Spanish texts ("Nuevo centro" / "Nueva tarifa"). */
  gender?: 'm' | 'f';
  permission: PermissionCode;
  module?: ModuleFlag;
  fields: Record<string, FieldDef>;
  /** Field used as the default order (ascending); ties broken by Id. */
  defaultOrder: string;
  /** Field shown as the row's title (selectors, breadcrumbs). */
  titleField: string;
  /** No create/update/delete routes (e.g. the audit log). */
  readOnly?: boolean;
  /** Rows are never deleted: delete sets Baja (keeps fiscal history). */
  softDelete?: boolean;
  /** Write audit records (A/M/D); default true. */
  audit?: boolean;
  /** Form sections, in order; fields name theirs with `section`. */
  sections?: readonly string[];
}

/** Declares an entity; the type parameter keeps field names checked where the entity is used directly. */
export function defineEntity<const F extends Record<string, FieldDef>>(
  def: Omit<EntityDef, 'fields' | 'defaultOrder' | 'titleField'> & {
    fields: F;
    defaultOrder: keyof F & string;
    titleField: keyof F & string;
  },
): EntityDef & { fields: F } {
  return def;
}

/** The body schema of POST save / PUT save/{id}: every writable field. */
export function saveSchema(entity: EntityDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, def] of Object.entries(entity.fields)) {
    if (!def.readOnly) shape[key] = fieldSchema(def);
  }
  return z.object(shape);
}

export function listColumns(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => f.list)
    .map(([k]) => k);
}

export function hasBaja(entity: EntityDef): boolean {
  return Object.values(entity.fields).some((f) => f.kind === 'inactive');
}
