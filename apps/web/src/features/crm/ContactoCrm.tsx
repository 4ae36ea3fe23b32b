import { formatAmount, formatDate, levelIn } from '@faro/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Actividades } from './Actividades.tsx';
import { type Oportunidad, PERMISO_CRM, RUTA_OPORTUNIDADES } from './crmApi.ts';
import { EstadoBadge } from './OportunidadesPage.tsx';

/**
 * The CRM timeline under a customer's or potential customer's form: their opportunities (each opens in the
 * opportunities screen) and their activities, newest first, with the form to add one. Only for users with the CRM.
 */
export function ContactoCrm({ tipo, id, readOnly }: { tipo: 'c' | 'p'; id: number; readOnly: boolean }) {
  const { info, centro } = useReady();
  const nivel = info.Modulos?.ActCrm === false ? 0 : levelIn(info, PERMISO_CRM, centro);
  const filtro = { TipoContacto: tipo, IdContacto: id };
  const oportunidades = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'crmoportuni'), 'contacto', tipo, id],
    queryFn: () =>
      api.get<ListAnswer<Oportunidad>>(`${RUTA_OPORTUNIDADES}/list`, {
        params: { Filtros: JSON.stringify(filtro), TotalPagina: 50 },
      }),
    enabled: nivel >= 1,
  });
  if (nivel < 1) return null;
  const items = oportunidades.data?.Items ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="crm-contacto">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="crm-contacto">
          Oportunidades y actividades
        </Title>
        {nivel >= 2 && !readOnly && (
          <Button component={Link} to="/crmoportuni/nuevo" variant="light" size="xs">
            Nueva oportunidad
          </Button>
        )}
      </Group>
      <Stack gap={4} mt="xs">
        {oportunidades.isSuccess && items.length === 0 && <Text c="dimmed">Sin oportunidades.</Text>}
        {items.map((o) => (
          <Group key={o.Id} gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/crmoportuni/lista?oportunidad=${o.Id}`} fw={600}>
              {o.Titulo}
            </Anchor>
            <EstadoBadge estado={o.Estado} />
            <Text size="sm" c="dimmed">
              {formatAmount(o.Importe)}
              {o.FechaCierre ? ` · cierre ${formatDate(o.FechaCierre)}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
      <Actividades filtro={filtro} nueva={filtro} soloLectura={readOnly || nivel < 2} />
    </Card>
  );
}
