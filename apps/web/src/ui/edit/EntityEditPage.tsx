import { type EntityDef, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Alert, Button, Card, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconArrowLeft, IconTrash } from '../../app/shell/icons.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { apiBase, editPath, listPath, newTitle } from '../entityPaths.ts';
import { Forbidden } from '../Forbidden.tsx';
import { CUSTOM_INPUTS } from '../fields/customInputs.ts';
import { INPUTS } from '../fields/inputs.tsx';
import { errorLines } from '../form/FormField.tsx';
import { validatorFor } from '../form/fieldValidation.ts';
import { useForm } from '../form/useForm.ts';
import { initialValues, saveBody, sectionsOf, type Values } from './editValues.ts';

export const SAVED = 'Los datos se han guardado correctamente';
export const DELETED = 'El registro se ha eliminado correctamente';

/** `{action}/editar/{id}` and `{action}/nuevo`: the entity's fields by section, saved through the generic API. */
export function EntityEditPage({ entity, id }: { entity: EntityDef; id?: string }) {
  const { info, centro } = useReady();
  const level = levelIn(info, entity.permission, centro);
  const row = useQuery({
    queryKey: qk.row(info.IdEmpresa, entity.name, id ?? 'nuevo'),
    queryFn: () => api.get<Values>(`${apiBase(entity)}/edit/${id}`),
    enabled: !!id && level >= LEVEL_FOR_ACTION.list,
  });
  if (level < LEVEL_FOR_ACTION.list || (!id && level < LEVEL_FOR_ACTION.create)) return <Forbidden />;
  if (id && !row.data) {
    return row.isError ? (
      <Alert color="red">{row.error.message}</Alert>
    ) : (
      <Center mih={200}>
        <Loader />
      </Center>
    );
  }
  return <EditForm entity={entity} id={id} row={row.data} level={level} />;
}

function EditForm({ entity, id, row, level }: { entity: EntityDef; id?: string; row?: Values; level: number }) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const validate = useMemo(() => validatorFor<Values>(entity.fields), [entity]);
  const form = useForm<Values>(initialValues(entity, row), validate);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = !!entity.readOnly || level < LEVEL_FOR_ACTION.update;
  const canDelete = !!id && !entity.readOnly && level >= LEVEL_FOR_ACTION.delete;
  const title = id ? `${entity.label}: ${String(row?.[entity.titleField] ?? id)}` : newTitle(entity);
  usePageTitle(title);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, entity.name) });

  const save = () =>
    form.submit(async (values) => {
      const body = saveBody(entity, values);
      const saved = id
        ? await api.put<Values>(`${apiBase(entity)}/save/${id}`, body)
        : await api.post<Values>(`${apiBase(entity)}/save`, body);
      notifySuccess(SAVED);
      await invalidate();
      if (id) form.reset(initialValues(entity, saved ?? values));
      else if (saved?.Id !== undefined) navigate(editPath(entity, saved.Id as number), { replace: true });
      else navigate(listPath(entity));
    });

  const remove = async () => {
    await api.del(`${apiBase(entity)}/delete/${id}`);
    notifySuccess(DELETED);
    await invalidate();
    navigate(listPath(entity));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void save();
      }}
    >
      <Stack gap="md" maw={1100}>
        <Group justify="space-between" align="flex-end">
          <div>
            <Button
              component={Link}
              to={listPath(entity)}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              mb={4}
            >
              {entity.labelPlural}
            </Button>
            <Title order={1} fz="h2">
              {title}
            </Title>
          </div>
          <Group>
            {canDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmDelete(true)}
              >
                Eliminar
              </Button>
            )}
            {!readOnly && (
              <Button type="submit" loading={form.submitting}>
                Guardar
              </Button>
            )}
          </Group>
        </Group>
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        {sectionsOf(entity).map((section) => (
          <Card key={section.title ?? 'datos'} withBorder radius="md" padding="lg">
            {section.title && (
              <Title order={2} fz="h4" mb="md">
                {section.title}
              </Title>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {section.fields.map((name) => {
                const def = entity.fields[name]!;
                const Input = CUSTOM_INPUTS[`${entity.name}.${name}`] ?? INPUTS[def.kind];
                const wide = def.kind === 'json' || def.kind === 'richText';
                return (
                  <div key={name} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                    <Input
                      name={name}
                      def={def}
                      value={form.values[name]}
                      onChange={(v) => form.set(name, v)}
                      onBlur={() => form.touch(name)}
                      error={errorLines(form.errors(name))}
                      readOnly={readOnly || !!def.readOnly}
                    />
                  </div>
                );
              })}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Eliminar" centered>
        <Text mb="md">¿Seguro que quieres eliminar este registro?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Cancelar
          </Button>
          <Button color="red" onClick={() => void remove().finally(() => setConfirmDelete(false))}>
            Eliminar
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
