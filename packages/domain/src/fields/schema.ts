import { z } from 'zod';
import { compare, dec, isDecimalText, round, toFixed } from '../money/decimal.ts';
import { isValidIban, normalizeIban } from '../validation/iban.ts';
import { MSG } from '../validation/messages.ts';
import { isIsoDate, PATTERNS } from '../validation/patterns.ts';
import { checkTaxId, normalizeTaxId } from '../validation/taxId.ts';
import { installSpanishErrors } from '../validation/zodErrors.ts';
import { DEFAULT_SCALE, type FieldDef, type FieldKind, KIND_RANGES } from './kinds.ts';

// Every schema answers in Spanish, also where a schema did not word its message (zod's defaults are English).
installSpanishErrors();

type Builder = (def: FieldDef) => z.ZodType;

const text = (def: FieldDef) => {
  let s = z.string({ error: MSG.format }).trim();
  if (def.minLength) s = s.min(def.minLength, { error: MSG.minLength(def.label, def.minLength) });
  if (def.maxLength) s = s.max(def.maxLength, { error: MSG.maxLength(def.label, def.maxLength) });
  if (def.pattern) s = s.regex(PATTERNS[def.pattern], { error: MSG.format });
  return s;
};

/**
 * A number within the field's own range and its column's (`KIND_RANGES`): integer columns hold exact doubles, so
 * their bounds are checked here; decimal columns are checked exactly on the rounded amount (`decimal`), after a
 * coarse check here that keeps huge numbers (1e21, '1e21') away from the decimal arithmetic.
 */
const number = (def: FieldDef, int: boolean) => {
  let n = z.coerce.number({ error: MSG.format }).refine(Number.isFinite, { error: MSG.format });
  if (int) n = n.refine(Number.isInteger, { error: MSG.format });
  const range = KIND_RANGES[def.kind](def);
  // The tighter of the field's own bound and its column's, worded as declared ('100', '2147483647').
  const low = range && !(def.min !== undefined && def.min >= Number(range.min)) ? range.min : def.min;
  const high = range && !(def.max !== undefined && def.max <= Number(range.max)) ? range.max : def.max;
  if (low !== undefined) n = n.refine((v) => v >= Number(low), { error: MSG.min(low), abort: true });
  if (high !== undefined) n = n.refine((v) => v <= Number(high), { error: MSG.max(high), abort: true });
  return n;
};

/**
 * Decimal amounts travel as strings with '.' (never binary floats in the database). The range is checked on the
 * number, but the string is rounded from the decimal text itself, half away from zero: '1.005' → '1.01' (the binary
 * double behind 1.005 is 1.00499…, so `toFixed` would give '1.00'), and long amounts keep every digit.
 */
const decimal = (def: FieldDef) => {
  const checked = number(def, false);
  return z.unknown().transform((raw, ctx) => {
    const parsed = checked.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    const rounded = roundDecimal(raw, parsed.data, def.scale ?? DEFAULT_SCALE);
    const range = KIND_RANGES[def.kind](def);
    if (range && compare(dec(rounded), dec(range.max)) > 0)
      ctx.addIssue({ code: 'custom', message: MSG.max(range.max) });
    else if (range && compare(dec(rounded), dec(range.min)) < 0) {
      ctx.addIssue({ code: 'custom', message: MSG.min(range.min) });
    } else return rounded;
    return z.NEVER;
  });
};

/** The typed text when it is a plain decimal ('1.005'), else the parsed number ('1e3'), rounded exactly. */
function roundDecimal(raw: unknown, value: number, scale: number): string {
  const source = (typeof raw === 'string' || typeof raw === 'number') && isDecimalText(raw) ? raw : value;
  return toFixed(round(dec(source), scale));
}

/** Identifiers are normalised first (spaces, dots, case), so "ES91 2100 0418 …" fits a 24-character limit. */
const normalized = (def: FieldDef, normalize: (v: string) => string) =>
  z.string({ error: MSG.format }).transform(normalize).pipe(text(def));

/** The input schema of each kind, before the required/optional wrapper. */
export const KIND_SCHEMAS = {
  text,
  code: (def) => text({ pattern: 'codigo', ...def }),
  email: (def) => text(def).regex(PATTERNS.email, { error: MSG.format }),
  phone: (def) => text(def).regex(/^[+\d\s()-]*$/, { error: MSG.format }),
  integer: (def) => number(def, true),
  decimal,
  money: decimal,
  percent: (def) => decimal({ min: -100, max: 100, ...def }),
  date: () => z.string({ error: MSG.format }).refine(isIsoDate, { error: MSG.format }),
  datetime: () => z.iso.datetime({ error: MSG.format, offset: true }),
  minutes: (def) => number({ min: 0, ...def }, true),
  boolean: () => z.boolean({ error: MSG.format }),
  enum: (def) =>
    z
      .string({ error: MSG.format })
      .refine((v) => (def.options ?? []).some((o) => o.value === v), { error: MSG.format }),
  reference: () => z.coerce.number({ error: MSG.format }).int({ error: MSG.format }).positive({ error: MSG.format }), // zod's int() stops at 2^53 − 1 (KIND_RANGES.reference)
  taxId: (def) =>
    def.idTypeField
      ? normalized(def, normalizeTaxId)
      : normalized(def, normalizeTaxId).superRefine((v, ctx) => {
          const r = checkTaxId(v);
          if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'letra' ? MSG.taxIdLetter : MSG.format });
        }),
  iban: (def) => normalized(def, normalizeIban).refine(isValidIban, { error: MSG.iban }),
  inactive: () => z.boolean({ error: MSG.format }),
  richText: (def) => text({ maxLength: 200_000, ...def }),
  json: () => z.unknown(),
} as const satisfies Record<FieldKind, Builder>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The schema of one field in a save body. Empty values become null; a required field that is empty answers
 * "{label} es obligatorio". Booleans default to false.
 */
export function fieldSchema(def: FieldDef): z.ZodType {
  const inner = KIND_SCHEMAS[def.kind](def);
  if (def.kind === 'boolean' || def.kind === 'inactive') return z.boolean({ error: MSG.format }).default(false);
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isEmpty(value)) {
        if (def.required) ctx.addIssue({ code: 'custom', message: MSG.required(def.label) });
        return null;
      }
      const parsed = inner.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return parsed.data;
    });
}
