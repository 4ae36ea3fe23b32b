import { type FieldDef, fieldSchema } from '@faro/domain';
import type { FormErrors, Validator } from './useForm.ts';

/**
 * A form validator from field definitions: each field through the domain's `fieldSchema` (the spec's Spanish
 * messages), read-only fields skipped. `extra` adds cross-field rules.
 */
export function validatorFor<V extends Record<string, unknown>>(
  fields: Readonly<Record<string, FieldDef>>,
  extra?: (values: V) => FormErrors<V>,
): Validator<V> {
  const schemas = Object.entries(fields)
    .filter(([, def]) => !def.readOnly && def.kind !== 'json')
    .map(([name, def]) => [name, fieldSchema(def)] as const);
  return (values) => {
    const errors: Record<string, string[]> = {};
    for (const [name, schema] of schemas) {
      const r = schema.safeParse(values[name]);
      if (!r.success) errors[name] = [...new Set(r.error.issues.map((i) => i.message))];
    }
    const more = extra?.(values) ?? {};
    for (const [k, v] of Object.entries(more) as [string, string[] | undefined][]) {
      if (v?.length) errors[k] = [...(errors[k] ?? []), ...v];
    }
    return errors as FormErrors<V>;
  };
}
