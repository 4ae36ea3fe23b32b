import { type ComboboxData, Select, Switch } from '@mantine/core';
import { FechaIso } from '../fields/FechaIso.tsx';

/** The filter inputs of bespoke lists: the value is the URL text ('' = no filter), `onChange` writes it back. */
interface FiltroProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
}

/** A choice among fixed values ('Todos' = no filter). */
export function FiltroSelect({
  placeholder = 'Todos',
  data,
  ...p
}: FiltroProps & { data: ComboboxData; placeholder?: string }) {
  return (
    <Select
      label={p.label}
      placeholder={placeholder}
      clearable
      data={data}
      value={p.value || null}
      onChange={(v) => p.onChange(v ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A date typed or picked the Spanish way (dd/mm/aaaa), kept as ISO yyyy-mm-dd. */
export function FiltroFecha(p: FiltroProps) {
  return <FechaIso clearable {...p} />;
}

/** An on/off filter: on = '1', off = no filter. */
export function FiltroSwitch(p: FiltroProps) {
  return (
    <Switch
      mt={{ md: 30 }}
      label={p.label}
      checked={p.value === '1'}
      onChange={(e) => p.onChange(e.currentTarget.checked ? '1' : '')}
    />
  );
}
