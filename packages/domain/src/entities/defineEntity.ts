import { z } from 'zod';
import type { FieldDef } from '../fields/kinds.ts';
import { fieldSchema } from '../fields/schema.ts';
import type { EntityNav } from '../navigation/areas.ts';
import type { PermissionCode } from '../permissions/codes.ts';
import type { ModuleFlag } from '../session/companyContext.ts';
import { BAJA, CODIGO, NOMBRE } from './commonFields.ts';

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
  /** The permission code of its routes, screens and menu entry. */
  permission: PermissionCode;
  /** Module gate of its routes, screens and menu entry. */
  module?: ModuleFlag;
  /** Its own web route, when it has one (navigation/areas.ts): the route and the menu entry are derived from it. */
  nav?: EntityNav;
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
  /** Rules across fields (tax id by its type, postal code against province…), checked on save and in the form. */
  rules?: readonly EntityRule[];
}

/** One problem found by an entity rule: the field it belongs to and the Spanish message. */
export interface FieldIssue {
  Campo: string;
  Mensaje: string;
}

/** A rule over the parsed values of a save body (empty values are null). */
export type EntityRule = (values: Record<string, unknown>) => FieldIssue[];

/** Every issue the entity's rules find in a set of values (the web form passes it as its cross-field check). */
export function entityIssues(entity: EntityDef, values: Record<string, unknown>): FieldIssue[] {
  return (entity.rules ?? []).flatMap((rule) => rule(values));
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

/**
 * Declares a catalogue: a code and a name first (ordered and titled by the name), its own fields, Baja last.
 */
export function defineCatalogue<const F extends Record<string, FieldDef>>(
  def: Omit<EntityDef, 'fields' | 'defaultOrder' | 'titleField'> & { fields: F },
) {
  return defineEntity({
    ...def,
    defaultOrder: 'Nombre',
    titleField: 'Nombre',
    fields: { Codigo: CODIGO, Nombre: NOMBRE, ...def.fields, Baja: BAJA },
  });
}

/** The body schema of POST save / PUT save/{id}: every writable field. */
export function saveSchema(entity: EntityDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, def] of Object.entries(entity.fields)) {
    if (!def.readOnly) shape[key] = fieldSchema(def);
  }
  return z.object(shape);
}

/**
 * The save body with the entity's rules on top: `saveSchema` extended with `overrides` (bespoke schemas of some
 * fields), then every rule of the entity. Use this (not `saveSchema`) wherever a body is parsed.
 */
export function entitySaveSchema(entity: EntityDef, overrides: Record<string, z.ZodType> = {}): z.ZodType {
  const base = saveSchema(entity).extend(overrides);
  if (!entity.rules?.length) return base;
  // The rules run even when some field failed (so every problem shows at once), but never add a second message
  // to a field that already has one. Parsing is synchronous: `failed` belongs to the parse under way.
  let failed = new Set<string>();
  return base.superRefine(
    (values, ctx) => {
      for (const issue of entityIssues(entity, values as Record<string, unknown>)) {
        if (!failed.has(issue.Campo)) ctx.addIssue({ code: 'custom', message: issue.Mensaje, path: [issue.Campo] });
      }
    },
    {
      when(payload: { value: unknown; issues: { path?: PropertyKey[] }[] }) {
        const v = payload.value;
        if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
        failed = new Set(payload.issues.map((i) => String(i.path?.[0] ?? '')));
        return true;
      },
    } as never,
  );
}

export function listColumns(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => f.list)
    .map(([k]) => k);
}

export function hasBaja(entity: EntityDef): boolean {
  return Object.values(entity.fields).some((f) => f.kind === 'inactive');
}
