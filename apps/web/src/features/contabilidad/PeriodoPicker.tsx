import { Group, Select } from '@mantine/core';
import { PERIODOS } from './periodo.ts';

/** Year and period (year, quarter or month) of the accounting and report screens. */
export function PeriodoPicker({
  anyo,
  periodo,
  onChange,
}: {
  anyo: number;
  periodo: string;
  onChange: (v: { anyo: number; periodo: string }) => void;
}) {
  const actual = new Date().getFullYear();
  const anyos = Array.from({ length: 8 }, (_, i) => String(actual - 6 + i));
  return (
    <Group gap="sm" align="end" wrap="wrap">
      <Select
        label="Ejercicio"
        data={anyos}
        value={String(anyo)}
        onChange={(v) => v && onChange({ anyo: Number(v), periodo })}
        allowDeselect={false}
        w={120}
      />
      <Select
        label="Periodo"
        data={PERIODOS}
        value={periodo}
        onChange={(v) => v && onChange({ anyo, periodo: v })}
        allowDeselect={false}
        w={200}
      />
    </Group>
  );
}
