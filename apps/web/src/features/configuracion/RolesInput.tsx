import { ROLE_CHOICES, ROLE_LABELS, type Rol } from '@faro/domain';
import { Checkbox, Group } from '@mantine/core';
import type { InputProps } from '../../ui/fields/inputs.tsx';

/** The role choice list of spec section 6 (no access = nothing ticked), keeping any other role the user holds. */
export function RolesInput(p: InputProps) {
  const value = Array.isArray(p.value) ? (p.value as Rol[]) : [];
  const choices: { value: string; label: string }[] = ROLE_CHOICES.filter((c) => c.value !== '').map((c) => ({
    value: c.value as string,
    label: c.label,
  }));
  for (const r of value)
    if (!choices.some((c) => c.value === r)) choices.push({ value: r, label: ROLE_LABELS[r] ?? r });
  return (
    <Checkbox.Group
      label={p.def.label}
      description={value.length ? undefined : 'Sin acceso'}
      error={p.error}
      value={value}
      onChange={(v) => p.onChange(v)}
      readOnly={p.readOnly}
    >
      <Group mt="xs">
        {choices.map((c) => (
          <Checkbox key={c.value} value={c.value} label={c.label} disabled={p.readOnly} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
