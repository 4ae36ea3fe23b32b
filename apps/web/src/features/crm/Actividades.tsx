import { MSG, TIPOS_ACTIVIDAD } from '@faro/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { aLocal } from '../agenda/calendario.ts';
import { TipoYAsunto } from '../agenda/TipoYAsunto.tsx';
import { type Actividad, type Responsable, RUTA_ACTIVIDADES } from './crmApi.ts';

export const etiquetaTipo = (t: string) => TIPOS_ACTIVIDAD.find((x) => x.value === t)?.label ?? t;

export const deLocal = (v: string) => (v ? new Date(v).toISOString() : null);

/** The timeline of an opportunity or a contact: its activities (newest first) and a quick form to add one. */
export function Actividades({
  filtro,
  nueva,
  soloLectura,
}: {
  filtro: Record<string, unknown>;
  nueva: Record<string, unknown>;
  soloLectura: boolean;
}) {
  const { info } = useReady();
  const client = useQueryClient();
  const key = [...qk.entity(info.IdEmpresa, 'crmactividades'), filtro];
  const lista = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<ListAnswer<Actividad>>(`${RUTA_ACTIVIDADES}/list`, {
        params: { Filtros: JSON.stringify(filtro), TotalPagina: 100 },
      }),
  });
  const responsables = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'crmactividades'), 'responsables'],
    queryFn: () => api.get<ListAnswer<Responsable>>(`${RUTA_ACTIVIDADES}/responsables`),
    enabled: !soloLectura,
    staleTime: 300_000,
  });
  const miembros = responsables.data?.Items ?? [];
  const nombreDe = (id: number | null | undefined) => miembros.find((m) => m.Id === id)?.Nombre;
  const [responsable, setResponsable] = useState<string | null>(null);
  const idResponsable = responsable ?? String(miembros.find((m) => m.Yo)?.Id ?? '');
  const [tipo, setTipo] = useState('llamada');
  const [asunto, setAsunto] = useState('');
  const [inicio, setInicio] = useState(aLocal(new Date().toISOString()));
  const [error, setError] = useState<string | null>(null);
  const refrescar = () => client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'crmactividades') });
  const crear = useMutation({
    mutationFn: () =>
      api.post(`${RUTA_ACTIVIDADES}/save`, {
        ...nueva,
        Tipo: tipo,
        Asunto: asunto,
        Inicio: deLocal(inicio),
        ...(idResponsable ? { IdResponsable: Number(idResponsable) } : {}),
      }),
    onSuccess: () => {
      notifySuccess(MSG.saved);
      setAsunto('');
      void refrescar();
    },
  });
  const hecha = useMutation({
    mutationFn: (a: Actividad) => api.put(`${RUTA_ACTIVIDADES}/save/${a.Id}`, { ...a, Hecha: !a.Hecha }),
    onSuccess: () => void refrescar(),
  });
  return (
    <Stack gap="xs" mt="lg">
      <Title order={2} size="h4">
        Actividades
      </Title>
      {!soloLectura && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!asunto.trim()) return setError(MSG.required('Asunto'));
            setError(null);
            crear.mutate();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="xs">
            <TipoYAsunto tipo={tipo} onTipo={setTipo} asunto={asunto} onAsunto={setAsunto} error={error} />
            <TextInput label="Fecha y hora" type="datetime-local" required {...textoDe(inicio, setInicio)} />
            <Select
              label="Responsable"
              allowDeselect={false}
              value={idResponsable || null}
              onChange={setResponsable}
              data={miembros.map((m) => ({ value: String(m.Id), label: m.Nombre }))}
              searchable
              nothingFoundMessage="Sin resultados"
            />
            <Button type="submit" mt={{ base: 0, sm: 24 }} loading={crear.isPending}>
              Añadir actividad
            </Button>
          </SimpleGrid>
        </form>
      )}
      {lista.data?.Items.length === 0 && <Text c="dimmed">Sin actividades.</Text>}
      {lista.data?.Items.map((a) => (
        <Paper key={a.Id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Badge size="sm" variant="light">
                  {etiquetaTipo(a.Tipo)}
                </Badge>
                <Text fw={600} td={a.Hecha ? 'line-through' : undefined}>
                  {a.Asunto}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {new Date(a.Inicio).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' })}
                {a.Oportunidad ? ` · ${a.Oportunidad}` : ''}
                {a.Contacto ? ` · ${a.Contacto}` : ''}
                {nombreDe(a.IdResponsable) ? ` · ${nombreDe(a.IdResponsable)}` : ''}
              </Text>
            </Stack>
            <Checkbox label="Hecha" checked={a.Hecha} disabled={soloLectura} onChange={() => hecha.mutate(a)} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
