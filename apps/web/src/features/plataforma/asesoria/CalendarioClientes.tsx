import { formatDate } from '@faro/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { qk } from '../../../platform/queryKeys.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';

export interface PlazoCliente {
  IdEmpresa: number;
  Empresa: string;
  Modelo: string;
  Anyo: number;
  Periodo: string;
  Vence: string;
  Dias: number;
  EstadoTexto: string;
  Vencido: boolean;
}

/**
 * Beside the work queue: the fiscal calendar across the firm's clients — every model pending and due within 30 days
 * or already overdue (red, with the word «vencido»). Each line enters the client and opens its calendar filtered.
 */
export function CalendarioClientes({
  entrar,
  ocupado,
}: {
  entrar: (idEmpresa: number, destino: string) => void;
  ocupado: boolean;
}) {
  const { info } = useReady();
  const q = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'asesoriacalendario', {}),
    queryFn: () => api.get<{ Items: PlazoCliente[]; Vencidos: number }>('asesorias/calendario'),
  });
  const items = q.data?.Items ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="calendario-clientes">
      <Stack gap="xs">
        <Title order={2} fz="md" id="calendario-clientes">
          Calendario fiscal de los clientes
        </Title>
        {q.data && items.length === 0 && (
          <Text size="sm" c="dimmed">
            Ningún modelo pendiente en los próximos 30 días ni vencido.
          </Text>
        )}
        {items.map((i) => (
          <Group key={`${i.IdEmpresa}-${i.Modelo}-${i.Anyo}-${i.Periodo}`} gap="xs" wrap="wrap">
            <Button
              size="compact-sm"
              variant="light"
              color={i.Vencido ? 'red' : 'blue'}
              justify="start"
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              disabled={ocupado}
              onClick={() =>
                entrar(
                  i.IdEmpresa,
                  `/calendariofiscal/lista?Anyo=${i.Anyo}&Ver=${i.Vencido ? 'vencidos' : 'pendientes'}`,
                )
              }
            >
              {i.Empresa}: modelo {i.Modelo} {i.Periodo === '0A' ? i.Anyo : `${i.Periodo} ${i.Anyo}`} ·{' '}
              {i.Vencido ? `vencido el ${formatDate(i.Vence)}` : `vence el ${formatDate(i.Vence)}`}
            </Button>
            <Badge variant="light" color="gray">
              {i.EstadoTexto}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
