import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';

interface VersionProducto {
  Version: string;
  Fecha: string | null;
  Notas: string;
}

/** 'Novedades': the product version the session holds and its release notes (admversiones). */
export function NovedadesModal({ onClose }: { onClose: () => void }) {
  const q = useQuery({
    queryKey: ['plataforma', 'versionproducto'],
    queryFn: () => api.get<VersionProducto>('usuarios/usuario/versionproducto'),
  });
  const v = q.data;
  return (
    <Modal opened onClose={onClose} title={v ? `Novedades de la versión ${v.Version}` : 'Novedades'} size="lg">
      {!v ? (
        <Text c="dimmed">Cargando datos...</Text>
      ) : (
        <Stack gap="xs">
          {v.Fecha && (
            <Text size="sm" c="dimmed">
              Publicada el {v.Fecha.split('-').reverse().join('/')}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-line' }}>{v.Notas || 'Esta versión no tiene notas.'}</Text>
        </Stack>
      )}
    </Modal>
  );
}
