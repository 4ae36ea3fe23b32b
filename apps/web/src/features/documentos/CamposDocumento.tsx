import { Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import type { SerieFila } from './documentosApi.ts';

/** The payment method of a document or a template (the active ones, and the current one even if inactive). */
export function FormaPagoSelect(p: {
  value: number | null;
  onChange: (v: number | null) => void;
  readOnly: boolean;
  error?: ReactNode;
}) {
  const fpago = useReferenceList('fpago');
  const opciones = selectableItems(fpago.data ?? [], p.value ? [String(p.value)] : []);
  return (
    <Select
      label="Forma de pago"
      data={opciones}
      value={p.value ? String(p.value) : null}
      clearable
      searchable
      readOnly={p.readOnly}
      onChange={(v) => p.onChange(v ? Number(v) : null)}
      error={p.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The series of a document or a template among those given; empty means the default one, named in the hint. */
export function SerieSelect(p: {
  series: SerieFila[];
  value: number | null;
  onChange: (v: number | null) => void;
  readOnly: boolean;
  error?: ReactNode;
  /** The hint when no series is the default. */
  sinDefecto: string;
}) {
  const defecto = p.series.find((s) => s.Defecto);
  return (
    <Select
      label="Serie"
      data={p.series.map((s) => ({ value: String(s.Id), label: `${s.Codigo} · ${s.Descripcion}` }))}
      value={p.value ? String(p.value) : null}
      placeholder={defecto ? `Por defecto (${defecto.Codigo})` : p.sinDefecto}
      clearable
      readOnly={p.readOnly}
      onChange={(v) => p.onChange(v ? Number(v) : null)}
      error={p.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The IRPF withholding % of a document, a template or an expense (typed with a comma or a point). */
export function RetencionInput(p: {
  value: string;
  onChange: (v: string) => void;
  readOnly: boolean;
  onBlur?: () => void;
  error?: ReactNode;
}) {
  return (
    <TextInput
      label="Retención IRPF %"
      inputMode="decimal"
      placeholder="0"
      value={p.value}
      readOnly={p.readOnly}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      onBlur={p.onBlur}
      error={p.error}
    />
  );
}
