import type { FieldDef, FieldKind } from '@faro/domain';
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FORMATTERS } from './formatValue.ts';

type Cell = (value: unknown, def: FieldDef) => ReactNode;

const plain =
  (kind: FieldKind): Cell =>
  (v, d) =>
    FORMATTERS[kind](v, d);
const right =
  (kind: FieldKind): Cell =>
  (v, d) => (
    <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {FORMATTERS[kind](v, d)}
    </Text>
  );

/** Every kind's list cell. */
export const CELLS = {
  text: plain('text'),
  code: plain('code'),
  email: plain('email'),
  phone: plain('phone'),
  integer: right('integer'),
  decimal: right('decimal'),
  money: right('money'),
  percent: right('percent'),
  date: plain('date'),
  datetime: plain('datetime'),
  minutes: right('minutes'),
  boolean: (v) =>
    v ? (
      <Badge variant="light">Sí</Badge>
    ) : (
      <Text span size="sm" c="dimmed">
        No
      </Text>
    ),
  enum: plain('enum'),
  reference: plain('reference'),
  taxId: plain('taxId'),
  iban: plain('iban'),
  inactive: (v) => (
    <Badge variant="light" color={v ? 'red' : 'green'}>
      {v ? 'Anulado' : 'Activo'}
    </Badge>
  ),
  richText: (v, d) => (
    <Text span size="sm" lineClamp={1}>
      {FORMATTERS.richText(v, d)}
    </Text>
  ),
  json: (v, d) => (
    <Text span size="sm" lineClamp={1}>
      {FORMATTERS.json(v, d)}
    </Text>
  ),
} satisfies Record<FieldKind, Cell>;

/** Numeric kinds align right in lists. */
export const ALIGN_RIGHT: ReadonlySet<FieldKind> = new Set(['integer', 'decimal', 'money', 'percent', 'minutes']);
