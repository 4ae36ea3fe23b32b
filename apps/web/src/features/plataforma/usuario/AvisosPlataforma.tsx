import { PRIORIDADES_AVISO, type PrioridadAviso } from '@faro/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { TarjetaAviso } from '../../notificaciones/TarjetaAviso.tsx';
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
        <TarjetaAviso
          key={a.Id}
          leido={!!a.Leido}
          fondo="yellow.0"
          testId="aviso-plataforma"
          prioridad={{ color: COLOR[a.Prioridad] ?? 'gray', label: PRIORIDADES_AVISO[a.Prioridad] ?? a.Prioridad }}
          fecha={fechaHora(a.Creado)}
          titulo={a.Titulo}
          nombre={a.Titulo}
          marcar="Marcar como leído"
          onLeer={() => leer.mutate(a.Id)}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {a.Texto}
          </Text>
        </TarjetaAviso>
      ))}
    </Stack>
  );
}
