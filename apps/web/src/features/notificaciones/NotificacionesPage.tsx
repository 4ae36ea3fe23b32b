import { formatDate } from '@faro/domain';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AvisosPlataforma } from '../plataforma/usuario/AvisosPlataforma.tsx';
import { type Notificacion, noLeidasKey, PRIORIDADES, RUTA_NOTIFICACIONES } from './notificacionesApi.ts';
import { TarjetaAviso } from './TarjetaAviso.tsx';

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
          <TarjetaAviso
            key={n.Id}
            leido={n.Leido}
            fondo="blue.0"
            testId="notificacion"
            prioridad={p}
            fecha={`${formatDate(n.Fecha.slice(0, 10))} · ${n.Origen === 'a' ? 'Sistema' : 'Usuario'}`}
            titulo={
              n.Enlace ? (
                <Anchor component={Link} to={n.Enlace} onClick={() => !n.Leido && leer.mutate(n.Id)}>
                  {n.Titulo}
                </Anchor>
              ) : (
                n.Titulo
              )
            }
            nombre={n.Titulo}
            marcar="Marcar como leída"
            onLeer={() => leer.mutate(n.Id)}
          >
            {n.Texto && <Text size="sm">{n.Texto}</Text>}
          </TarjetaAviso>
        );
      })}
    </Stack>
  );
}
