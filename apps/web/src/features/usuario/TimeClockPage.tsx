import {
  clockActions,
  clockWord,
  ESTADO_FICHAJE_LABELS,
  type EstadoFichaje,
  formatDateTime,
  MSG,
  nextClockState,
  type TipoFichaje,
} from '@faro/domain';
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { Cabecera } from '../../ui/TablaSimple.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EndWorkdayModal } from './EndWorkdayModal.tsx';
import { currentPosition, type Position } from './geolocation.ts';
import { MiMesFichajes } from './MiMesFichajes.tsx';
import { MisAusencias } from './MisAusencias.tsx';
import { encolar, enviarPendientes, nuevoIdCliente, origenDispositivo, pendientes } from './offlineQueue.ts';
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
  Offline?: boolean;
  IdCorreccion?: number | null;
}

const PAGE_SIZE = 20;
const TIPO = { j: 'Jornada', p: 'Pausa' } as const satisfies Record<TipoFichaje, string>;
const ORIGEN: Record<string, string> = { w: 'Web', m: 'Móvil', k: 'Quiosco', a: 'Aplicación' };
const SIN_CONEXION =
  'Sin conexión: el fichaje queda guardado en este dispositivo y se enviará al recuperar la conexión';
const STATE_COLOR = { '': 'gray', e: 'green', s: 'gray', p: 'orange', r: 'green' } as const satisfies Record<
  EstadoFichaje,
  string
>;

type Action = ReturnType<typeof clockActions>[number];

/** usuario/fichajes (spec section 4): clock in, pause with a reason, resume, clock out; the user's records; the month. */
export function TimeClockPage() {
  usePageTitle('Mis fichajes');
  const [params, setParams] = useSearchParams();
  const vista = ['mes', 'ausencias'].includes(params.get('vista') ?? '') ? params.get('vista')! : 'hoy';
  return (
    <Stack maw={1000}>
      <Title order={1} fz="h2">
        Mis fichajes
      </Title>
      <Pestanas
        value={vista}
        onChange={(v) => setParams((prev) => ({ ...Object.fromEntries(prev), vista: v ?? 'hoy' }))}
        keepMounted={false}
        pestanas={[
          { valor: 'hoy', etiqueta: 'Fichar', contenido: <Fichar /> },
          { valor: 'mes', etiqueta: 'Mi mes', contenido: <MiMesFichajes /> },
          { valor: 'ausencias', etiqueta: 'Ausencias', contenido: <MisAusencias /> },
        ]}
      />
    </Stack>
  );
}

function Fichar() {
  const { info } = useReady();
  const { patchInfo } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [pausing, setPausing] = useState(false);
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [enCola, setEnCola] = useState(() => pendientes(info.IdEmpresa).length);
  const state: EstadoFichaje = info.EstadoFichaje ?? '';

  const records = useQuery({
    queryKey: qk.fichajes(info.IdEmpresa, page),
    queryFn: () =>
      api.get<ListAnswer<Fichaje>>('rrhh/fichajesusu/list', { params: { Pagina: page, TotalPagina: PAGE_SIZE } }),
  });

  // The entries queued without network go out when it is back (in order; each client id arrives once).
  const flush = useCallback(async () => {
    if (pendientes(info.IdEmpresa).length === 0) return;
    const sent = await enviarPendientes(info.IdEmpresa, async (f) => {
      try {
        const answer = await api.post<{ Estado: Exclude<EstadoFichaje, ''> }>('rrhh/fichajesusu/save', f, {
          silent: true,
        });
        patchInfo({ EstadoFichaje: answer.Estado });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 0) return false;
        notifyError(err instanceof Error ? err.message : MSG.formInvalid);
        return true;
      }
    });
    setEnCola(pendientes(info.IdEmpresa).length);
    if (sent > 0) {
      notifySuccess(sent === 1 ? 'Se ha enviado el fichaje pendiente' : `Se han enviado ${sent} fichajes pendientes`);
      await queryClient.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'fichajes'] });
    }
  }, [info.IdEmpresa, patchInfo, queryClient]);
  useEffect(() => {
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  const queue = (Tipo: TipoFichaje, MotivoPausa: string | null, position: Position) => {
    const t = nextClockState(state, Tipo);
    if (!t.ok) {
      notifyError(t.message);
      return false;
    }
    encolar(info.IdEmpresa, {
      Tipo,
      Origen: origenDispositivo(),
      MotivoPausa,
      ...position,
      IdCliente: nuevoIdCliente(),
      FechaDispositivo: new Date().toISOString(),
    });
    setEnCola(pendientes(info.IdEmpresa).length);
    patchInfo({ EstadoFichaje: t.next });
    notifySuccess(SIN_CONEXION);
    return true;
  };

  const register = async (Tipo: TipoFichaje, MotivoPausa: string | null, action: Action) => {
    setBusy(action);
    const position = await currentPosition();
    try {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue(Tipo, MotivoPausa, position);
      const answer = await api.post<{ Estado: Exclude<EstadoFichaje, ''>; Fecha: string }>(
        'rrhh/fichajesusu/save',
        { Tipo, Origen: 'w', MotivoPausa, ...position },
        { silent: true },
      );
      patchInfo({ EstadoFichaje: answer.Estado });
      notifySuccess(MSG.clockRegistered(clockWord(answer.Estado)));
      await queryClient.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'fichajes'] });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) return queue(Tipo, MotivoPausa, position);
      if (err instanceof Error && err.message) notifyError(err.message);
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
    <Stack>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Estado actual
            </Text>
            <Badge size="lg" variant="light" color={STATE_COLOR[state]} data-testid="estado-fichaje">
              {ESTADO_FICHAJE_LABELS[state]}
            </Badge>
            {enCola > 0 && (
              <Badge ml="xs" size="lg" variant="light" color="orange" data-testid="pendientes">
                {enCola === 1 ? '1 fichaje pendiente de enviar' : `${enCola} fichajes pendientes de enviar`}
              </Badge>
            )}
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
            <Cabecera columnas={['Fecha', 'Tipo', 'Estado', 'Motivo', 'Origen', 'Ubicación']} />
            <Table.Tbody data-testid="fichajes">
              {(records.data?.Items ?? []).map((f) => (
                <Table.Tr key={f.Id}>
                  <Table.Td>{formatDateTime(f.Fecha)}</Table.Td>
                  <Table.Td>{TIPO[f.Tipo] ?? f.Tipo}</Table.Td>
                  <Table.Td>{ESTADO_FICHAJE_LABELS[f.Estado] ?? f.Estado}</Table.Td>
                  <Table.Td>{f.MotivoPausa ?? ''}</Table.Td>
                  <Table.Td>
                    {ORIGEN[f.Origen] ?? f.Origen}
                    {f.Offline ? ' · sin conexión' : ''}
                    {f.IdCorreccion ? ' · corrección' : ''}
                  </Table.Td>
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
