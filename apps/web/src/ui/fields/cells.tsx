import type { FieldDef, FieldKind } from '@faro/domain';
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isReferenceList, type ReferenceListName, useReferenceList } from '../../platform/referenceLists.ts';
import { FORMATTERS } from './formatValue.ts';

type Cell = (value: unknown, def: FieldDef) => ReactNode;

const plain =
  (kind: FieldKind): Cell =>
  (v, d) =>
    FORMATTERS[kind](v, d);
const right =
  (kind: FieldKind): Cell =>
  (v, d) => (
    <Text span size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {FORMATTERS[kind](v, d)}
    </Text>
  );

/** A reference shown by its label from the cached reference list (the id while it loads or when not found). */
function RefLabel({ list, value }: { list: ReferenceListName; value: unknown }) {
  const { data } = useReferenceList(list);
  const id = String(value);
  return <>{data?.find((i) => i.value === id)?.label ?? id}</>;
}

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
  reference: (v, d) =>
    v !== null && v !== undefined && v !== '' && d.ref && isReferenceList(d.ref) ? (
      <RefLabel list={d.ref} value={v} />
    ) : (
      FORMATTERS.reference(v, d)
    ),
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
