import type { DateInputProps } from '@mantine/dates';
import { DateInput } from '../dates.ts';

export type FechaIsoProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** ISO yyyy-mm-dd; '' or null = empty. */
  value: string | null;
  /** The ISO date typed or picked, '' when cleared. */
  onChange: (iso: string) => void;
};

/**
 * A date typed or picked the Spanish way (dd/mm/aaaa), kept as ISO yyyy-mm-dd (a native date input shows the
 * browser's format, mm/dd/yyyy in an English browser). Every other prop goes to Mantine's DateInput.
 */
export function FechaIso({ value, onChange, placeholder = 'dd/mm/aaaa', ...rest }: FechaIsoProps) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      placeholder={placeholder}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')}
    />
  );
}
