import { type EntityDef, listColumns } from '@faro/domain';
import { ActionIcon, Button, Card, Group, Modal, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { apiBase } from '../entityPaths.ts';
import { CELLS } from '../fields/cells.tsx';
import { FieldGridForm } from '../form/FieldGridForm.tsx';
import { validatorFor } from '../form/fieldValidation.ts';
import { useForm } from '../form/useForm.ts';
import { IconPlus, IconTrash } from '../icons.tsx';
import { crossFieldCheck, DELETED, initialValues, SAVED, saveBody, type Values } from './editValues.ts';

type Row = Values & { Id: number };

/**
 * The records of a child entity hanging on the record being edited (e.g. the lines of a tariff): a table of its
 * list columns (the parent field left out) and a modal form to add, edit and delete them through the generic API.
 */
export function ChildRecords({
  child,
  parentField,
  parentId,
  title,
  readOnly,
}: {
  child: EntityDef;
  parentField: string;
  parentId: number;
  title: string;
  readOnly: boolean;
}) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const params = {
    Pagina: 1,
    TotalPagina: 200,
    Filtros: JSON.stringify({ [parentField]: parentId }),
    Orden: 'Id',
    Descendente: false,
  };
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, child.name, params),
    queryFn: () => api.get<ListAnswer<Row>>(`${apiBase(child)}/list`, { params }),
  });
  const [editing, setEditing] = useState<Row | 'nuevo' | null>(null);
  const columns = listColumns(child).filter((c) => c !== parentField);
  const refresh = () => queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, child.name) });

  const remove = async (row: Row) => {
    await api.del(`${apiBase(child)}/delete/${row.Id}`);
    notifySuccess(DELETED);
    await refresh();
  };

  const rows = list.data?.Items ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`child-${child.name}`}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {!readOnly && (
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => setEditing('nuevo')}>
            Añadir línea
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isLoading ? 'Cargando datos...' : 'No hay registros'}
        </Text>
      ) : (
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{child.fields[c]?.label}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.Id}>
                {columns.map((c) => (
                  <Table.Td key={c}>{CELLS[child.fields[c]!.kind](row[c], child.fields[c]!)}</Table.Td>
                ))}
                <Table.Td>
                  {!readOnly && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                        Editar
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Eliminar línea"
                        onClick={() => void remove(row).catch(() => {})}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'nuevo' ? `${child.gender === 'f' ? 'Nueva' : 'Nuevo'} ${child.label.toLowerCase()}` : child.label
        }
        size="lg"
        centered
      >
        {editing !== null && (
          <ChildForm
            key={editing === 'nuevo' ? 'nuevo' : editing.Id}
            child={child}
            parentField={parentField}
            parentId={parentId}
            row={editing === 'nuevo' ? undefined : editing}
            onDone={async () => {
              setEditing(null);
              await refresh();
            }}
          />
        )}
      </Modal>
    </Card>
  );
}

function ChildForm({
  child,
  parentField,
  parentId,
  row,
  onDone,
}: {
  child: EntityDef;
  parentField: string;
  parentId: number;
  row?: Row;
  onDone: () => Promise<void>;
}) {
  const validate = useMemo(() => validatorFor<Values>(child.fields, crossFieldCheck(child)), [child]);
  const form = useForm<Values>({ ...initialValues(child, row), [parentField]: parentId }, validate);
  const fields = Object.keys(child.fields).filter((f) => f !== parentField && !child.fields[f]?.readOnly);
  const save = () =>
    form.submit(async (values) => {
      const body = saveBody(child, values);
      if (row) await api.put(`${apiBase(child)}/save/${row.Id}`, body);
      else await api.post(`${apiBase(child)}/save`, body);
      notifySuccess(SAVED);
      await onDone();
    });
  return (
    <FieldGridForm
      fields={fields.map((name) => [name, child.fields[name]!])}
      form={form}
      onSubmit={() => void save()}
    />
  );
}
