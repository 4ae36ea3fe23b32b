import { Button, CopyButton, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { qk } from '../../../platform/queryKeys.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonProtegido } from '../../../ui/BotonProtegido.tsx';

interface Buzon {
  Activo: boolean;
  Direccion: string | null;
  Aviso: string | null;
}

const RUTA = 'compras/fcompra/buzon';

/**
 * The company's e-invoice mailbox address (suppliers send their e-invoices there and they arrive as drafts), with
 * a copy button and "Nueva dirección" (the old one stops receiving; level 3). While the server has no mailbox
 * domain, the reason instead.
 */
export function BuzonEfactura() {
  const { info } = useReady();
  const client = useQueryClient();
  const clave = [...qk.entity(info.IdEmpresa, 'fcompra'), 'buzon'];
  const { data } = useQuery({ queryKey: clave, queryFn: () => api.get<Buzon>(RUTA) });
  if (!data) return null;
  if (!data.Activo || !data.Direccion)
    return (
      <Text size="sm" c="dimmed">
        {data.Aviso}
      </Text>
    );
  const rotar = async () => {
    const nuevo = await api.post<Buzon>(`${RUTA}/rotar`);
    client.setQueryData(clave, nuevo);
    notifySuccess('Nueva dirección del buzón de facturas: la anterior ya no recibe');
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        Buzón de facturas electrónicas:{' '}
        <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {data.Direccion}
        </Text>
      </Text>
      <CopyButton value={data.Direccion}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="subtle" onClick={copy}>
            {copied ? 'Dirección copiada' : 'Copiar la dirección'}
          </Button>
        )}
      </CopyButton>
      <BotonProtegido permiso="ComprasFact" accion="configurar" size="compact-sm" variant="subtle" onClick={rotar}>
        Nueva dirección
      </BotonProtegido>
    </Group>
  );
}
