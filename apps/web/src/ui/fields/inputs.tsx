import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import type { FieldDef, FieldKind } from '@faro/domain';
import { decimalEditable, formatMinutes } from '@faro/domain';
import { Checkbox, Code, Input, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent, ComponentType, ReactNode } from 'react';
import { isReferenceList, selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { DateInput, DateTimePicker } from '../dates.ts';

export interface InputProps {
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** Error lines (already filtered by touched). */
  error: ReactNode;
  readOnly: boolean;
}

const chrome = (p: InputProps) => ({
  label: p.def.label,
  withAsterisk: !!p.def.required && !p.readOnly,
  description: p.def.help,
  error: p.error,
  readOnly: p.readOnly,
  onBlur: p.onBlur,
  name: p.name,
});

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function Text_({ type = 'text', upper = false, ...p }: InputProps & { type?: string; upper?: boolean }) {
  return (
    <TextInput
      {...chrome(p)}
      type={type}
      value={str(p.value)}
      onChange={(e) => p.onChange(upper ? e.currentTarget.value.toUpperCase() : e.currentTarget.value)}
    />
  );
}

/** Numbers are typed with a decimal comma and travel with a dot. */
function NumberText(p: InputProps & { integer?: boolean; hint?: (v: unknown) => string }) {
  return (
    <TextInput
      {...chrome(p)}
      inputMode={p.integer ? 'numeric' : 'decimal'}
      description={p.hint ? p.hint(p.value) : p.def.help}
      value={decimalEditable(str(p.value))}
      onChange={(e) => p.onChange(e.currentTarget.value.replace(',', '.'))}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}

function DateField(p: InputProps) {
  return (
    <DateInput
      {...chrome(p)}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      clearable={!p.def.required}
      value={typeof p.value === 'string' && p.value ? p.value : null}
      onChange={(v) => p.onChange(v ? String(v).slice(0, 10) : null)}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
function isoToLocal(v: unknown): string | null {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

function DateTimeField(p: InputProps) {
  return (
    <DateTimePicker
      {...chrome(p)}
      valueFormat="DD/MM/YYYY HH:mm"
      clearable={!p.def.required}
      value={isoToLocal(p.value)}
      onChange={(v) => p.onChange(v ? new Date(String(v).replace(' ', 'T')).toISOString() : null)}
    />
  );
}

/** What a yes/no field's switch or checkbox shares: checked when true, disabled (not read-only) when it cannot change. */
const casilla = (p: InputProps) => ({
  mt: 'xs',
  error: p.error,
  checked: p.value === true,
  disabled: p.readOnly,
  onChange: (e: ChangeEvent<HTMLInputElement>) => p.onChange(e.currentTarget.checked),
  onBlur: p.onBlur,
  name: p.name,
});

function BooleanField(p: InputProps) {
  return <Switch {...casilla(p)} label={p.def.label} description={p.def.help} />;
}

function InactiveField(p: InputProps) {
  return <Checkbox {...casilla(p)} label={`${p.def.label} (anulado)`} />;
}

function EnumField(p: InputProps) {
  return (
    <Select
      {...chrome(p)}
      data={(p.def.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      value={str(p.value) || null}
      clearable={!p.def.required}
      allowDeselect={!p.def.required}
      onChange={(v) => p.onChange(v ?? '')}
    />
  );
}

/** A reference: the cached list by name, Baja entries hidden unless selected. */
function ReferenceField(p: InputProps) {
  const ref = p.def.ref && isReferenceList(p.def.ref) ? p.def.ref : null;
  if (!ref) return <Text_ {...p} />;
  return <ReferenceSelect {...p} list={ref} />;
}

function ReferenceSelect(p: InputProps & { list: Parameters<typeof useReferenceList>[0] }) {
  const { data = [] } = useReferenceList(p.list);
  const selected = p.value === null || p.value === undefined || p.value === '' ? [] : [String(p.value)];
  return (
    <Select
      {...chrome(p)}
      searchable
      clearable={!p.def.required}
      nothingFoundMessage="Sin resultados"
      data={selectableItems(data, selected).map((i) => ({ value: i.value, label: i.label }))}
      value={selected[0] ?? null}
      onChange={(v) => p.onChange(v === null ? null : Number(v))}
    />
  );
}

function RichTextField(p: InputProps) {
  return (
    <Textarea
      {...chrome(p)}
      autosize
      minRows={5}
      value={str(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

function JsonField(p: InputProps) {
  return (
    <Input.Wrapper label={p.def.label} description={p.def.help} error={p.error}>
      <Code block>{p.value === undefined || p.value === null ? '' : JSON.stringify(p.value, null, 2)}</Code>
    </Input.Wrapper>
  );
}

/** Every kind's input (custom inputs per entity field override these: see customInputs.ts). */
export const INPUTS = {
  text: (p) => <Text_ {...p} />,
  code: (p) => <Text_ {...p} />,
  email: (p) => <Text_ {...p} type="email" />,
  phone: (p) => <Text_ {...p} type="tel" />,
  integer: (p) => <NumberText {...p} integer />,
  decimal: (p) => <NumberText {...p} />,
  money: (p) => <NumberText {...p} />,
  percent: (p) => <NumberText {...p} />,
  date: DateField,
  datetime: DateTimeField,
  minutes: (p) => (
    <NumberText {...p} integer hint={(v) => `${p.def.help ? `${p.def.help} · ` : ''}${formatMinutes(v as string)}`} />
  ),
  boolean: BooleanField,
  enum: EnumField,
  reference: ReferenceField,
  taxId: (p) => <Text_ {...p} upper />,
  iban: (p) => <Text_ {...p} upper />,
  inactive: InactiveField,
  richText: RichTextField,
  json: JsonField,
} satisfies Record<FieldKind, ComponentType<InputProps>>;

/** The empty value of each kind for a new record. */
export const EMPTY_VALUE = {
  text: '',
  code: '',
  email: '',
  phone: '',
  integer: '',
  decimal: '',
  money: '',
  percent: '',
  date: null,
  datetime: null,
  minutes: '',
  boolean: false,
  enum: '',
  reference: null,
  taxId: '',
  iban: '',
  inactive: false,
  richText: '',
  json: null,
} satisfies Record<FieldKind, unknown>;
