import type { EntityDef } from '@faro/domain';
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
