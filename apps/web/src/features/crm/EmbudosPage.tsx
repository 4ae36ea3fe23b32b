import { LEVEL_FOR_ACTION, levelIn, MSG } from '@faro/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { textoDe } from '../../ui/form/erroresCampo.ts';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { type Embudo, type EmbudosAnswer, type Fase, PERMISO_CRM, RUTA_EMBUDOS } from './crmApi.ts';

export function useEmbudos() {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'crmembudos'), 'lista'],
    queryFn: () => api.get<EmbudosAnswer>(`${RUTA_EMBUDOS}/list`),
  });
}

/** `crmembudos` / `embudosvta`: the funnels and their ordered phases (name and default probability). */
export function EmbudosPage() {
  usePageTitle('Embudos de venta');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO_CRM, centro);
  const embudos = useEmbudos();
  const [editando, setEditando] = useState<Embudo | 'nuevo' | null>(null);
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Embudos de venta
        </Title>
        {level >= LEVEL_FOR_ACTION.create && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando('nuevo')}>
            Nuevo embudo
          </Button>
        )}
      </Group>
      {embudos.data?.Items.length === 0 && <Text c="dimmed">Todavía no hay embudos de venta.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {embudos.data?.Items.map((e) => (
          <Card key={e.Id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h4">
                {e.Nombre}
              </Title>
              {e.Baja && (
                <Badge color="gray" variant="light">
                  De baja
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {e.Oportunidades ?? 0} oportunidades
            </Text>
            <Stack gap={2} mt="xs" component="ol" pl="md">
              {e.Fases.map((f) => (
                <Text key={f.Linea} component="li" size="sm">
                  {f.Nombre} ({f.Probabilidad} %)
                </Text>
              ))}
            </Stack>
            <Group mt="sm">
              <Button size="xs" variant="light" component={Link} to={`/crmoportuni/lista?embudo=${e.Id}`}>
                Ver oportunidades
              </Button>
              {level >= LEVEL_FOR_ACTION.update && (
                <Button size="xs" variant="default" onClick={() => setEditando(e)}>
                  Editar {e.Nombre}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {editando && <EmbudoEditor embudo={editando === 'nuevo' ? null : editando} onClose={() => setEditando(null)} />}
    </Stack>
  );
}

type FaseForm = Fase & { key: number };
let claves = 1;

function EmbudoEditor({ embudo, onClose }: { embudo: Embudo | null; onClose: () => void }) {
  const { info } = useReady();
  const client = useQueryClient();
  const [nombre, setNombre] = useState(embudo?.Nombre ?? '');
  const [baja, setBaja] = useState(embudo?.Baja ?? false);
  const [fases, setFases] = useState<FaseForm[]>(
    (embudo?.Fases.length
      ? embudo.Fases
      : [
          { Linea: 1, Nombre: 'Contacto inicial', Probabilidad: 10 },
          { Linea: 2, Nombre: 'Propuesta', Probabilidad: 40 },
          { Linea: 3, Nombre: 'Negociación', Probabilidad: 70 },
        ]
    ).map((f) => ({ ...f, key: claves++ })),
  );
  const [error, setError] = useState<string | null>(null);
  const guardar = useMutation({
    mutationFn: () => {
      // Lines keep their number (opportunities point at it); new phases take the next free one.
      let next = Math.max(0, ...fases.map((f) => f.Linea)) + 1;
      const body = {
        Nombre: nombre,
        Baja: baja,
        Fases: fases.map((f) => ({
          Linea: f.Linea > 0 ? f.Linea : next++,
          Nombre: f.Nombre,
          Probabilidad: f.Probabilidad,
        })),
      };
      return embudo ? api.put(`${RUTA_EMBUDOS}/save/${embudo.Id}`, body) : api.post(`${RUTA_EMBUDOS}/save`, body);
    },
    onSuccess: () => {
      notifySuccess(MSG.saved);
      void client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'crmembudos') });
      onClose();
    },
  });
  const set = (key: number, patch: Partial<Fase>) =>
    setFases((fs) => fs.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  return (
    <Modal opened onClose={onClose} title={embudo ? `Editar ${embudo.Nombre}` : 'Nuevo embudo'} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!nombre.trim()) return setError(MSG.required('Nombre'));
          setError(null);
          guardar.mutate();
        }}
      >
        <Stack>
          <TextInput label="Nombre" required {...textoDe(nombre, setNombre, error)} />
          <Switch label="De baja" checked={baja} onChange={(e) => setBaja(e.currentTarget.checked)} />
          <Text fw={600}>Fases (en orden; las nuevas se añaden al final)</Text>
          {fases.map((f, i) => (
            <Group key={f.key} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={`Fase ${i + 1}`}
                required
                value={f.Nombre}
                onChange={(e) => set(f.key, { Nombre: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <NumberInput
                label="Probabilidad %"
                min={0}
                max={100}
                w={120}
                value={f.Probabilidad}
                onChange={(v) => set(f.key, { Probabilidad: Number(v) || 0 })}
              />
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={`Quitar fase ${i + 1}`}
                disabled={fases.length === 1}
                onClick={() => setFases((fs) => fs.filter((x) => x.key !== f.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setFases((fs) => [...fs, { key: claves++, Linea: 0, Nombre: '', Probabilidad: 50 }])}
          >
            Añadir fase
          </Button>
          <BotonesDialogo onCancelar={onClose} type="submit" loading={guardar.isPending}>
            Guardar
          </BotonesDialogo>
        </Stack>
      </form>
    </Modal>
  );
}
