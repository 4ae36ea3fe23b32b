import type { FieldDef, FieldKind } from '@faro/domain';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ComponentType, useEffect, useState } from 'react';
import { isReferenceList, useReferenceList } from '../../platform/referenceLists.ts';
import { FechaIso } from './FechaIso.tsx';

export interface FilterProps {
  name: string;
  def: FieldDef;
  /** The Filtros keys of the field (Campo, or CampoDesde and CampoHasta). */
  keys: string[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

/** A text box that reports after the user stops typing (300 ms). */
export function DebouncedText({
  label,
  value,
  onChange,
  placeholder,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const report = useDebouncedCallback(onChange, 300);
  return (
    <TextInput
      label={label}
      value={text}
      placeholder={placeholder}
      inputMode={inputMode}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
    />
  );
}

const key0 = (p: FilterProps) => p.keys[0] as string;

function TextFilter(p: FilterProps) {
  return <DebouncedText label={p.def.label} value={p.values[key0(p)] ?? ''} onChange={(v) => p.onChange(key0(p), v)} />;
}

function NumberFilter(p: FilterProps) {
  return (
    <DebouncedText
      label={p.def.label}
      inputMode="decimal"
      value={p.values[key0(p)] ?? ''}
      onChange={(v) => p.onChange(key0(p), v.replace(',', '.'))}
    />
  );
}

function DateRangeFilter(p: FilterProps) {
  const [from, to] = p.keys as [string, string];
  const input = (key: string, label: string) => (
    <FechaIso label={label} clearable value={p.values[key] ?? ''} onChange={(v) => p.onChange(key, v)} />
  );
  return (
    <>
      {input(from, `${p.def.label} desde`)}
      {input(to, `${p.def.label} hasta`)}
    </>
  );
}

function SelectFilter({ p, data }: { p: FilterProps; data: { value: string; label: string }[] }) {
  return (
    <Select
      label={p.def.label}
      placeholder="Todos"
      clearable
      data={data}
      value={p.values[key0(p)] ?? null}
      onChange={(v) => p.onChange(key0(p), v ?? '')}
    />
  );
}

function BooleanFilter(p: FilterProps) {
  return (
    <SelectFilter
      p={p}
      data={[
        { value: 'true', label: 'Sí' },
        { value: 'false', label: 'No' },
      ]}
    />
  );
}

function EnumFilter(p: FilterProps) {
  return <SelectFilter p={p} data={(p.def.options ?? []).map((o) => ({ value: o.value, label: o.label }))} />;
}

function ReferenceFilter(p: FilterProps) {
  if (!p.def.ref || !isReferenceList(p.def.ref)) return <NumberFilter {...p} />;
  return <RefSelect p={p} list={p.def.ref} />;
}

function RefSelect({ p, list }: { p: FilterProps; list: Parameters<typeof useReferenceList>[0] }) {
  const { data = [] } = useReferenceList(list);
  return <SelectFilter p={p} data={data.map((i) => ({ value: i.value, label: i.label }))} />;
}

/** Every kind's list filter (null: not filterable this way; Baja has its own control). */
export const FILTERS = {
  text: TextFilter,
  code: TextFilter,
  email: TextFilter,
  phone: TextFilter,
  integer: NumberFilter,
  decimal: NumberFilter,
  money: NumberFilter,
  percent: NumberFilter,
  date: DateRangeFilter,
  datetime: DateRangeFilter,
  minutes: NumberFilter,
  boolean: BooleanFilter,
  enum: EnumFilter,
  reference: ReferenceFilter,
  taxId: TextFilter,
  iban: TextFilter,
  inactive: null,
  richText: TextFilter,
  json: null,
} satisfies Record<FieldKind, ComponentType<FilterProps> | null>;
