import { formatDate } from '@faro/domain';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AvisosPlataforma } from '../plataforma/usuario/AvisosPlataforma.tsx';
import { type Notificacion, noLeidasKey, PRIORIDADES, RUTA_NOTIFICACIONES } from './notificacionesApi.ts';

/** `usuario/notificaciones`: alerts and notices (priority, origin), newest first; mark one or all as read. */
export function NotificacionesPage() {
  usePageTitle('Notificaciones');
  const { info } = useReady();
  const client = useQueryClient();
  const [filtro, setFiltro] = useState<'todas' | 'noleidas'>('todas');
  const key = ['empresa', info.IdEmpresa, 'notificaciones', filtro];
  const q = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<ListAnswer<Notificacion> & { NoLeidas: number }>(`${RUTA_NOTIFICACIONES}/list`, {
        params: { TotalPagina: 100, ...(filtro === 'noleidas' ? { Filtros: JSON.stringify({ NoLeidas: true }) } : {}) },
      }),
  });
  const refrescar = () => {
    void client.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa, 'notificaciones'] });
    void client.invalidateQueries({ queryKey: noLeidasKey(info.IdEmpresa) });
  };
  const leer = useMutation({
    mutationFn: (id: number) => api.post(`${RUTA_NOTIFICACIONES}/leer/${id}`),
    onSuccess: refrescar,
  });
  const todas = useMutation({ mutationFn: () => api.post(`${RUTA_NOTIFICACIONES}/leertodas`), onSuccess: refrescar });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Notificaciones
        </Title>
        <Button variant="light" onClick={() => todas.mutate()} disabled={!q.data?.NoLeidas} loading={todas.isPending}>
          Marcar todas como leídas
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Mostrar"
        w="fit-content"
        value={filtro}
        onChange={(v) => setFiltro(v as 'todas' | 'noleidas')}
        data={[
          { value: 'todas', label: 'Todas' },
          { value: 'noleidas', label: `Sin leer (${q.data?.NoLeidas ?? 0})` },
        ]}
      />
      <AvisosPlataforma />
      {q.data?.Items.length === 0 && <Text c="dimmed">No hay notificaciones.</Text>}
      {q.data?.Items.map((n) => {
        const p = PRIORIDADES[n.Prioridad] ?? PRIORIDADES.i;
        return (
          <Paper key={n.Id} withBorder p="sm" bg={n.Leido ? undefined : 'blue.0'} data-testid="notificacion">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Badge size="sm" color={p.color} variant="light">
                    {p.label}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(n.Fecha.slice(0, 10))} · {n.Origen === 'a' ? 'Sistema' : 'Usuario'}
                  </Text>
                </Group>
                <Text fw={n.Leido ? 400 : 700}>
                  {n.Enlace ? (
                    <Anchor component={Link} to={n.Enlace} onClick={() => !n.Leido && leer.mutate(n.Id)}>
                      {n.Titulo}
                    </Anchor>
                  ) : (
                    n.Titulo
                  )}
                </Text>
                {n.Texto && <Text size="sm">{n.Texto}</Text>}
              </Stack>
              {!n.Leido && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => leer.mutate(n.Id)}
                  aria-label={`Marcar como leída: ${n.Titulo}`}
                >
                  Marcar como leída
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
