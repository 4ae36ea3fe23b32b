import { type EntityDef, entityIssues, MSG } from '@faro/domain';
import { EMPTY_VALUE } from '../fields/inputs.tsx';

export type Values = Record<string, unknown>;

/** The form values of a row (every field of the entity), or of a new record (each kind's empty value). */
export function initialValues(entity: EntityDef, row?: Values): Values {
  const out: Values = {};
  for (const [name, def] of Object.entries(entity.fields)) {
    const empty = def.kind === 'json' && def.options ? [] : EMPTY_VALUE[def.kind];
    out[name] = row && row[name] !== undefined ? row[name] : empty;
  }
  return out;
}

/** The save body: the writable fields only. */
export function saveBody(entity: EntityDef, values: Values): Values {
  const out: Values = {};
  for (const [name, def] of Object.entries(entity.fields)) if (!def.readOnly) out[name] = values[name];
  return out;
}

/** Fields grouped by section, in the entity's order of sections (one unnamed section when none is declared). */
export function sectionsOf(entity: EntityDef): { title: string | null; fields: string[] }[] {
  const names = Object.keys(entity.fields);
  if (!entity.sections?.length) return [{ title: null, fields: names }];
  const out = entity.sections.map((title) => ({
    title,
    fields: names.filter((n) => entity.fields[n]?.section === title),
  }));
  const rest = names.filter((n) => !entity.sections?.includes(entity.fields[n]?.section ?? ''));
  if (rest.length) out.push({ title: 'Otros datos', fields: rest });
  return out.filter((s) => s.fields.length);
}

export const SAVED = MSG.saved;
export const DELETED = 'El registro se ha eliminado correctamente';
export const CONVERTED = 'El cliente potencial se ha convertido en cliente';

/** The entity's rules (tax id by type, postal code against province…) as the form's cross-field check. */
export function crossFieldCheck(entity: EntityDef) {
  return (values: Values): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const issue of entityIssues(entity, emptyAsNull(values))) {
      out[issue.Campo] = [...(out[issue.Campo] ?? []), issue.Mensaje];
    }
    return out;
  };
}

/** The rules read parsed values, where empty values are null. */
function emptyAsNull(values: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) out[k] = v === '' || v === undefined ? null : v;
  return out;
}

/** The server's warnings after a save (e.g. a duplicate NIF), under `Avisos`. */
export function avisosOf(saved: unknown): string[] {
  const list = (saved as { Avisos?: unknown } | undefined)?.Avisos;
  return Array.isArray(list)
    ? list.map((a) => (typeof a === 'string' ? a : String((a as { Mensaje?: unknown }).Mensaje ?? a)))
    : [];
}
