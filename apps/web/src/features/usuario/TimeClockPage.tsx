import {
  clockActions,
  clockWord,
  ESTADO_FICHAJE_LABELS,
  type EstadoFichaje,
  formatDateTime,
  MSG,
  type TipoFichaje,
} from '@faro/domain';
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EndWorkdayModal } from './EndWorkdayModal.tsx';
import { currentPosition } from './geolocation.ts';
import { PauseReasonModal } from './PauseReasonModal.tsx';

interface Fichaje {
  Id: number;
  Fecha: string;
  Tipo: TipoFichaje;
  Estado: Exclude<EstadoFichaje, ''>;
  MotivoPausa: string | null;
  Latitud: number | null;
  Longitud: number | null;
  Origen: string;
}

const PAGE_SIZE = 20;
const TIPO = { j: 'Jornada', p: 'Pausa' } as const satisfies Record<TipoFichaje, string>;
const ORIGEN: Record<string, string> = { w: 'Web', m: 'Móvil', a: 'Aplicación' };
const STATE_COLOR = { '': 'gray', e: 'green', s: 'gray', p: 'orange', r: 'green' } as const satisfies Record<
  EstadoFichaje,
  string
>;

type Action = ReturnType<typeof clockActions>[number];

/** usuario/fichajes (spec section 4): clock in, pause with a reason, resume, clock out; the user's records. */
export function TimeClockPage() {
  usePageTitle('Mis fichajes');
  const { info } = useReady();
  const { patchInfo } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [pausing, setPausing] = useState(false);
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const state: EstadoFichaje = info.EstadoFichaje ?? '';

  const records = useQuery({
    queryKey: qk.fichajes(info.IdEmpresa, page),
    queryFn: () =>
      api.get<ListAnswer<Fichaje>>('rrhh/fichajesusu/list', { params: { Pagina: page, TotalPagina: PAGE_SIZE } }),
  });

  const register = async (Tipo: TipoFichaje, MotivoPausa: string | null, action: Action) => {
    setBusy(action);
    try {
      const position = await currentPosition();
      const answer = await api.post<{ Estado: Exclude<EstadoFichaje, ''>; Fecha: string }>('rrhh/fichajesusu/save', {
        Tipo,
        Origen: 'w',
        MotivoPausa,
        ...position,
      });
      patchInfo({ EstadoFichaje: answer.Estado });
      notifySuccess(MSG.clockRegistered(clockWord(answer.Estado)));
      await queryClient.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'fichajes'] });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  const onAction = (action: Action) => {
    if (action === 'Pausar') setPausing(true);
    else if (action === 'Terminar') setEnding(true);
    else void register(action === 'Reanudar' ? 'p' : 'j', null, action);
  };

  const total = records.data?.Total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack maw={1000}>
      <Title order={1} fz="h2">
        Mis fichajes
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Estado actual
            </Text>
            <Badge size="lg" variant="light" color={STATE_COLOR[state]} data-testid="estado-fichaje">
              {ESTADO_FICHAJE_LABELS[state]}
            </Badge>
          </div>
          <Group>
            {clockActions(state).map((action) => (
              <Button
                key={action}
                size="md"
                color={action === 'Terminar' ? 'red' : action === 'Pausar' ? 'orange' : undefined}
                variant={action === 'Terminar' ? 'light' : 'filled'}
                loading={busy === action}
                disabled={busy !== null && busy !== action}
                onClick={() => onAction(action)}
              >
                {action}
              </Button>
            ))}
          </Group>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="0">
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Motivo</Table.Th>
                <Table.Th>Origen</Table.Th>
                <Table.Th>Ubicación</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody data-testid="fichajes">
              {(records.data?.Items ?? []).map((f) => (
                <Table.Tr key={f.Id}>
                  <Table.Td>{formatDateTime(f.Fecha)}</Table.Td>
                  <Table.Td>{TIPO[f.Tipo] ?? f.Tipo}</Table.Td>
                  <Table.Td>{ESTADO_FICHAJE_LABELS[f.Estado] ?? f.Estado}</Table.Td>
                  <Table.Td>{f.MotivoPausa ?? ''}</Table.Td>
                  <Table.Td>{ORIGEN[f.Origen] ?? f.Origen}</Table.Td>
                  <Table.Td>
                    {f.Latitud !== null && f.Longitud !== null
                      ? `${f.Latitud.toFixed(4)}, ${f.Longitud.toFixed(4)}`
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
              {records.data && records.data.Items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      Todavía no hay fichajes
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(p) => setParams((prev) => ({ ...Object.fromEntries(prev), pagina: String(p) }))}
          getControlProps={(c) => ({
            'aria-label': c === 'previous' ? 'Página anterior' : c === 'next' ? 'Página siguiente' : c,
          })}
        />
      )}
      {ending && (
        <EndWorkdayModal
          onClose={() => setEnding(false)}
          onConfirm={async () => {
            if (await register('j', null, 'Terminar')) setEnding(false);
          }}
        />
      )}
      {pausing && (
        <PauseReasonModal
          onClose={() => setPausing(false)}
          onConfirm={async (reason) => {
            if (await register('p', reason, 'Pausar')) setPausing(false);
          }}
        />
      )}
    </Stack>
  );
}
