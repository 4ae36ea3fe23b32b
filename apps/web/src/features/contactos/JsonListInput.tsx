import { PROVINCIAS } from '@faro/domain';
import { ActionIcon, Button, Checkbox, Input, Select, Table, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import type { InputProps } from '../../ui/fields/inputs.tsx';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';

/** One column of a list of small records kept in a json field. */
export interface ItemColumn {
  key: string;
  label: string;
  kind?: 'text' | 'boolean' | 'provincia';
  required?: boolean;
  /** Only one item may have it on (the default shipping address). */
  single?: boolean;
}

type Item = Record<string, unknown>;

const items = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : []);

/** The new list after changing one cell; a `single` flag turned on turns it off in every other item. */
export function setCell(list: Item[], index: number, col: ItemColumn, value: unknown): Item[] {
  return list.map((item, i) => {
    if (i === index) return { ...item, [col.key]: value };
    if (col.single && value === true) return { ...item, [col.key]: false };
    return item;
  });
}

const provincias = PROVINCIAS.map((p) => ({ value: p.value, label: p.label }));

/** A json field edited as a small table of records (contact people, shipping addresses). */
export function JsonListInput({ columns, ...p }: InputProps & { columns: readonly ItemColumn[] }) {
  const list = items(p.value);
  const blank = () => Object.fromEntries(columns.map((c) => [c.key, c.kind === 'boolean' ? false : '']));
  const change = (next: Item[]) => {
    p.onChange(next);
    p.onBlur();
  };
  return (
    <Input.Wrapper label={p.def.label} description={p.def.help} error={p.error} data-testid={`json-${p.name}`}>
      <Table withTableBorder mt={4}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>
                {c.label}
                {c.required ? ' *' : ''}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items have no id; their position is their identity
            <Table.Tr key={index}>
              {columns.map((c) => (
                <Table.Td key={c.key}>
                  {c.kind === 'boolean' ? (
                    <Checkbox
                      aria-label={`${c.label} ${index + 1}`}
                      checked={item[c.key] === true}
                      disabled={p.readOnly}
                      onChange={(e) => change(setCell(list, index, c, e.currentTarget.checked))}
                    />
                  ) : c.kind === 'provincia' ? (
                    <Select
                      aria-label={`${c.label} ${index + 1}`}
                      size="xs"
                      data={provincias}
                      searchable
                      clearable
                      readOnly={p.readOnly}
                      value={(item[c.key] as string) || null}
                      onChange={(v) => change(setCell(list, index, c, v ?? ''))}
                    />
                  ) : (
                    <TextInput
                      aria-label={`${c.label} ${index + 1}`}
                      size="xs"
                      readOnly={p.readOnly}
                      value={item[c.key] === null || item[c.key] === undefined ? '' : String(item[c.key])}
                      onChange={(e) => p.onChange(setCell(list, index, c, e.currentTarget.value))}
                      onBlur={p.onBlur}
                    />
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                {!p.readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar ${index + 1}`}
                    onClick={() => change(list.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!p.readOnly && (
        <Button
          mt="xs"
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => change([...list, blank()])}
        >
          Añadir
        </Button>
      )}
    </Input.Wrapper>
  );
}

const CONTACT_COLUMNS: readonly ItemColumn[] = [
  { key: 'Nombre', label: 'Nombre', required: true },
  { key: 'Cargo', label: 'Cargo' },
  { key: 'Email', label: 'Email' },
  { key: 'Telefono', label: 'Teléfono' },
];

const ADDRESS_COLUMNS: readonly ItemColumn[] = [
  { key: 'Nombre', label: 'Nombre' },
  { key: 'Direccion', label: 'Dirección', required: true },
  { key: 'CodPostal', label: 'C. postal' },
  { key: 'Poblacion', label: 'Población' },
  { key: 'Provincia', label: 'Provincia', kind: 'provincia' },
  { key: 'Pais', label: 'País' },
  { key: 'Defecto', label: 'Por defecto', kind: 'boolean', single: true },
];

export const ContactosInput: ComponentType<InputProps> = (p) => <JsonListInput {...p} columns={CONTACT_COLUMNS} />;
export const DireccionesEnvioInput: ComponentType<InputProps> = (p) => (
  <JsonListInput {...p} columns={ADDRESS_COLUMNS} />
);
