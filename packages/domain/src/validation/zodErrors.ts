import { z } from 'zod';
import { MSG } from './messages.ts';

type Issue = z.core.$ZodRawIssue;

/**
 * The Spanish text of a zod issue that its schema did not word itself (a schema's own `error` always wins): the
 * spec's generic messages where one fits, "El formato es incorrecto" for the rest. Never an English default.
 */
export function spanishIssue(issue: Issue): string {
  const key = issue.path?.length ? issue.path[issue.path.length - 1] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MSG.required(typeof key === 'string' ? key : 'El dato');
      return MSG.format;
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return MSG.minLength(typeof key === 'string' ? key : 'El texto', n);
      if (issue.origin === 'array' || issue.origin === 'set') return `Debe tener al menos ${n} elementos`;
      return MSG.min(n);
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return MSG.maxLength(typeof key === 'string' ? key : 'El texto', n);
      if (issue.origin === 'array' || issue.origin === 'set') return `Debe tener como máximo ${n} elementos`;
      return MSG.max(n);
    }
    case 'unrecognized_keys':
      return `Campos no admitidos: ${issue.keys.join(', ')}`;
    default:
      return MSG.format;
  }
}

let installed = false;

/** Makes every zod schema (domain, server and web) answer in Spanish. Idempotent; the domain calls it on load. */
export function installSpanishErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => spanishIssue(issue) });
}
