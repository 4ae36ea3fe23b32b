import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { IconBell } from '../../ui/icons.tsx';
import { noLeidasKey, RUTA_NOTIFICACIONES } from './notificacionesApi.ts';

/** The top bar's bell: unread notifications of the member (asked every minute, in the background). */
export function Campana() {
  const { info } = useReady();
  const q = useQuery({
    queryKey: noLeidasKey(info.IdEmpresa),
    queryFn: () => api.get<{ NoLeidas: number }>(`${RUTA_NOTIFICACIONES}/noleidas`, { background: true, silent: true }),
    refetchInterval: 60_000,
    enabled: !!info.IdEmpresa,
  });
  const n = q.data?.NoLeidas ?? 0;
  const nombre = n ? `Notificaciones: ${n} sin leer` : 'Notificaciones';
  return (
    <Tooltip label={nombre}>
      <Indicator label={n > 99 ? '99+' : n} size={16} disabled={!n} color="red" offset={4}>
        <ActionIcon component={Link} to="/usuario/notificaciones" variant="subtle" color="gray" aria-label={nombre}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
