import type { FieldDef } from '@faro/domain';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { INPUTS } from '../fields/inputs.tsx';
import { errorLines } from './FormField.tsx';
import { Formulario } from './Formulario.tsx';
import type { FormApi } from './useForm.ts';

/** A small form of field definitions in a two-column grid with a 'Guardar' button (modals, child records). */
export function FieldGridForm<V extends Record<string, unknown>>({
  fields,
  form,
  onSubmit,
}: {
  fields: [name: string, def: FieldDef][];
  form: FormApi<V>;
  onSubmit: () => void;
}) {
  return (
    <Formulario onEnviar={onSubmit}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {fields.map(([name, def]) => {
            const Input = INPUTS[def.kind];
            return (
              <Input
                key={name}
                name={name}
                def={def}
                value={form.values[name]}
                onChange={(v) => form.set(name as keyof V & string, v as V[keyof V & string])}
                onBlur={() => form.touch(name as keyof V & string)}
                error={errorLines(form.errors(name as keyof V & string))}
                readOnly={false}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Formulario>
  );
}
