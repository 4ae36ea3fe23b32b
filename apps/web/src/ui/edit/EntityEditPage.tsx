import { type EntityDef, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Alert, Button, Card, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../BotonesDialogo.tsx';
import { apiBase, editPath, listPath, newTitle } from '../entityPaths.ts';
import { CUSTOM_INPUTS, EDIT_PANELS, FIELD_VISIBLE } from '../extensions.ts';
import { Forbidden } from '../Forbidden.tsx';
import { INPUTS } from '../fields/inputs.tsx';
import { errorLines } from '../form/FormField.tsx';
import { validatorFor } from '../form/fieldValidation.ts';
import { useForm } from '../form/useForm.ts';
import { IconTrash } from '../icons.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { BotonVolver } from './BotonVolver.tsx';
import {
  avisosOf,
  CONVERTED,
  crossFieldCheck,
  DELETED,
  initialValues,
  SAVED,
  saveBody,
  sectionsOf,
  type Values,
} from './editValues.ts';

/** One-row resources of the company (its data and its configuration): never deleted, reached from the hub. */
const SINGLETONS = new Set(['empresa', 'configura']);

export { avisosOf, CONVERTED, crossFieldCheck, DELETED, SAVED } from './editValues.ts';

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
  const location = useLocation();
  const validate = useMemo(() => validatorFor<Values>(entity.fields, crossFieldCheck(entity)), [entity]);
  // Errors inside json fields name the item (`Contactos.0.Email`): they show under the field.
  const form = useForm<Values>(initialValues(entity, row), validate, (campo) => campo.split('.')[0]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [avisos, setAvisos] = useState<string[]>(() => avisosOf(location.state));
  const readOnly = !!entity.readOnly || level < LEVEL_FOR_ACTION.update;
  const locked = soloLecturaDe(row);
  const singleton = SINGLETONS.has(entity.name);
  const canDelete = !!id && !entity.readOnly && !singleton && level >= LEVEL_FOR_ACTION.delete;
  const back = singleton
    ? { to: '/configura/lista', label: 'Configuración' }
    : { to: listPath(entity), label: entity.labelPlural };
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
      const warnings = avisosOf(saved);
      setAvisos(warnings);
      await invalidate();
      if (id) form.reset(initialValues(entity, saved ?? values));
      else if (saved?.Id !== undefined)
        navigate(editPath(entity, saved.Id as number), { replace: true, state: { avisos: warnings } });
      else navigate(listPath(entity));
    });

  const convert = async () => {
    const answer = await api.post<{ IdCliente?: number }>(`${apiBase(entity)}/convertir/${id}`);
    notifySuccess(CONVERTED);
    await invalidate();
    await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'clientes') });
    if (answer?.IdCliente !== undefined) navigate(`/clientes/editar/${answer.IdCliente}`);
  };
  const panels = Object.entries(EDIT_PANELS).filter(([key]) => key.split(':')[0] === entity.name);
  const canConvert = entity.name === 'clientespot' && !!id && !readOnly && !row?.IdCliente;

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
            <BotonVolver to={back.to}>{back.label}</BotonVolver>
            <Title order={1} fz="h2">
              {title}
            </Title>
          </div>
          <Group>
            {canConvert && (
              <Button variant="light" onClick={() => void convert().catch(() => {})}>
                Convertir en cliente
              </Button>
            )}
            {canDelete && (
              <Button
                variant="filled"
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
        {locked && (
          <Alert color="blue" variant="light" data-testid="solo-lectura">
            {locked.Motivo}
          </Alert>
        )}
        {[...new Set(avisos)].map((aviso) => (
          <Alert key={aviso} color="yellow" variant="light" title="Aviso" data-testid="aviso">
            {aviso}
          </Alert>
        ))}
        {visibles(entity, form.values).map((section) => (
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
                      readOnly={readOnly || !!def.readOnly || !!locked?.Campos.includes(name)}
                    />
                  </div>
                );
              })}
            </SimpleGrid>
          </Card>
        ))}
        {id && panels.map(([key, Panel]) => <Panel key={key} id={Number(id)} readOnly={readOnly} level={level} />)}
      </Stack>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Eliminar" centered>
        <Text mb="md">¿Seguro que quieres eliminar este registro?</Text>
        <BotonesDialogo
          onCancelar={() => setConfirmDelete(false)}
          color="red"
          onClick={() => void remove().finally(() => setConfirmDelete(false))}
        >
          Eliminar
        </BotonesDialogo>
      </Modal>
    </form>
  );
}

/**
 * A record may tell which of its fields this caller cannot change, and why (`SoloLectura: { Campos, Motivo }`: a
 * user shared with other companies shows its personal data read-only to each of them).
 */
function soloLecturaDe(row: Values | undefined): { Campos: string[]; Motivo: string } | null {
  const v = row?.SoloLectura as { Campos?: unknown; Motivo?: unknown } | undefined;
  if (!v || !Array.isArray(v.Campos) || typeof v.Motivo !== 'string') return null;
  return { Campos: v.Campos.filter((c): c is string => typeof c === 'string'), Motivo: v.Motivo };
}

/** The form's sections with the fields a feature hides for these values left out (`FIELD_VISIBLE`). */
function visibles(entity: EntityDef, values: Record<string, unknown>) {
  return sectionsOf(entity).map((section) => ({
    ...section,
    fields: section.fields.filter((name) => FIELD_VISIBLE[`${entity.name}.${name}`]?.(values) ?? true),
  }));
}
