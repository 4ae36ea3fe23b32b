import { PERMISSION_CODE_LIST, PERMISSION_CODES } from '@faro/domain';
import { MultiSelect } from '@mantine/core';
import type { InputProps } from '../../ui/fields/inputs.tsx';

const DATA = PERMISSION_CODE_LIST.map((code) => ({ value: code, label: `${PERMISSION_CODES[code]} (${code})` }));

/** Features denied in a centre: a searchable choice of permission codes. */
export function DeniedCodesInput(p: InputProps) {
  const value = Array.isArray(p.value) ? (p.value as string[]) : [];
  return (
    <MultiSelect
      label={p.def.label}
      description={p.def.help}
      error={p.error}
      data={DATA}
      value={value}
      searchable
      clearable
      readOnly={p.readOnly}
      nothingFoundMessage="Sin resultados"
      onChange={(v) => p.onChange(v)}
      onBlur={p.onBlur}
    />
  );
}
