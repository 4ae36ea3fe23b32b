import {
  type FieldDef,
  type FieldKind,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMinutes,
  formatNumber,
} from '@faro/domain';

type Formatter = (value: unknown, def: FieldDef) => string;

const text: Formatter = (v) => (v === null || v === undefined ? '' : String(v));
const optionLabel = (def: FieldDef, v: unknown) => def.options?.find((o) => o.value === v)?.label ?? text(v, def);
const num = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : null);

/** Every kind's plain-text formatter (lists, exports, read-only views). */
export const FORMATTERS: Readonly<Record<FieldKind, Formatter>> = {
  text,
  code: text,
  email: text,
  phone: text,
  integer: text,
  decimal: (v, d) => formatNumber(num(v), d.scale ?? 2),
  // Prices stored with 4 decimals read as amounts: 59,0000 € → 59,00 €, 12,3450 € → 12,345 €.
  money: (v, d) => formatAmount(num(v), { decimals: d.scale ?? 2 }).replace(/(,\d{2}\d*?)0+(\s*€)$/, '$1$2'),
  percent: (v, d) => {
    const n = formatNumber(num(v), d.scale ?? 2);
    return n ? `${n} %` : '';
  },
  date: (v) => formatDate(typeof v === 'string' ? v : null),
  datetime: (v) => formatDateTime(typeof v === 'string' ? v : null),
  minutes: (v) => formatMinutes(num(v)),
  boolean: (v) => (v ? 'Sí' : 'No'),
  enum: (v, d) => optionLabel(d, v),
  reference: text,
  taxId: text,
  iban: (v) =>
    text(v, { kind: 'iban', label: '' })
      .replace(/(.{4})/g, '$1 ')
      .trim(),
  inactive: (v) => (v ? 'Anulado' : 'Activo'),
  richText: (v) =>
    text(v, { kind: 'richText', label: '' })
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  json: (v, d) => {
    if (v === null || v === undefined) return '';
    if (Array.isArray(v)) return v.map((x) => optionLabel(d, x)).join(', ');
    return JSON.stringify(v);
  },
} satisfies Record<FieldKind, Formatter>;

export function formatValue(value: unknown, def: FieldDef): string {
  return FORMATTERS[def.kind](value, def);
}
