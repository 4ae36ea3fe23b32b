import { PRIORIDADES_AVISO, type PrioridadAviso } from '@faro/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { fechaHora } from '../comun.tsx';

interface AvisoPlataforma {
  Id: number;
  Titulo: string;
  Texto: string;
  Prioridad: PrioridadAviso;
  Creado: string;
  Leido: string | null;
}

const COLOR: Record<PrioridadAviso, string> = { a: 'red', m: 'orange', b: 'blue', i: 'gray' };
const RUTA = 'usuarios/usuario/avisosplataforma';

/** The platform's notices (admnotifica) to this user, on the notifications screen: newest first, mark one as read. */
export function AvisosPlataforma() {
  const { info } = useReady();
  const client = useQueryClient();
  const key = ['empresa', info.IdEmpresa, 'avisosplataforma'];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<ListAnswer<AvisoPlataforma>>(RUTA),
    enabled: info.IdEmpresa > 0,
  });
  const leer = useMutation({
    mutationFn: (id: number) => api.post(`${RUTA}/leido/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const avisos = q.data?.Items ?? [];
  if (!avisos.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="avisos-plataforma">
      <Title order={2} fz="h4" id="avisos-plataforma">
        Avisos de Faro
      </Title>
      {avisos.map((a) => (
        <Paper key={a.Id} withBorder p="sm" bg={a.Leido ? undefined : 'yellow.0'} data-testid="aviso-plataforma">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Badge size="sm" color={COLOR[a.Prioridad] ?? 'gray'} variant="light">
                  {PRIORIDADES_AVISO[a.Prioridad] ?? a.Prioridad}
                </Badge>
                <Text size="xs" c="dimmed">
                  {fechaHora(a.Creado)}
                </Text>
              </Group>
              <Text fw={a.Leido ? 400 : 700}>{a.Titulo}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {a.Texto}
              </Text>
            </Stack>
            {!a.Leido && (
              <Button
                size="xs"
                variant="default"
                onClick={() => leer.mutate(a.Id)}
                aria-label={`Marcar como leído: ${a.Titulo}`}
              >
                Marcar como leído
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
