import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_RULES, PATTERNS } from './patterns.ts';

export const PASSWORD_HINT = 'Debe contener al menos una minúscula, una mayúscula y un número';

/** The spec's new-password rules: required, min 8, max 50, lower + upper + digit. */
export function newPasswordSchema(label = 'Nueva contraseña') {
  return z
    .string({ error: MSG.required(label) })
    .min(1, { error: MSG.required(label) })
    .min(PASSWORD_RULES.min, { error: MSG.minLength(label, PASSWORD_RULES.min) })
    .max(PASSWORD_RULES.max, { error: MSG.maxLength(label, PASSWORD_RULES.max) })
    .regex(PATTERNS.password, { error: MSG.format });
}

export function requiredString(label: string, max = 200) {
  return z
    .string({ error: MSG.required(label) })
    .trim()
    .min(1, { error: MSG.required(label) })
    .max(max, { error: MSG.maxLength(label, max) });
}

/** An optional text: trimmed, at most `max` characters, null or absent when not given. */
export function optionalString(label: string, max: number) {
  return z
    .string({ error: MSG.format })
    .trim()
    .max(max, { error: MSG.maxLength(label, max) })
    .nullish();
}
