import { type EstadoPlazo, esModelo, formatDate, type LineaCalendario } from '@faro/domain';
import { Alert, Anchor, Badge, Card, Group, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';
import { DescargarJustificante } from './JustificantePdf.tsx';

/**
 * calendariofiscal: the company's fiscal calendar of a year — every model it files, each period's deadline and state
 * (sin preparar, preparado, presentado with its receipt number, domiciliado). A pending one past its deadline says
 * «Vencido» in a red badge (text, not only colour). Year and filter live in the URL (`?Anyo=2026&Ver=pendientes`),
 * so the reminders and the adviser's queue link to it filtered.
 */
interface Calendario {
  Anyo: number;
  Hoy: string;
  Items: LineaCalendario[];
  Vencidos: number;
}

const COLOR: Record<EstadoPlazo, string> = {
  'sin-preparar': 'gray',
  preparado: 'blue',
  presentado: 'green',
  domiciliado: 'teal',
};
const VER = [
  { value: 'todos', label: 'Todos' },
  { value: 'pendientes', label: 'Pendientes' },
  { value: 'vencidos', label: 'Vencidos' },
];
const periodoTexto = (p: string) => (p === '0A' ? 'Anual' : /T$/.test(p) ? `${p[0]}.º trimestre` : `Mes ${p}`);

export function CalendarioFiscal({ route }: { action: string; segments: string[]; route: { title: string } }) {
  const { info } = useReady();
  const [params, setParams] = useSearchParams();
  const esteAnyo = new Date().getFullYear();
  const pedido = Number(params.get('Anyo'));
  const anyo = Number.isInteger(pedido) && pedido >= 2000 && pedido <= 2100 ? pedido : esteAnyo;
  const ver = VER.some((v) => v.value === params.get('Ver')) ? String(params.get('Ver')) : 'todos';
  const cambiar = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    n.set(k, v);
    setParams(n, { replace: true });
  };
  const q = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'calendariofiscal', { anyo }),
    queryFn: () => api.get<Calendario>('impuestos/calendario', { params: { Anyo: anyo } }),
  });
  const items = (q.data?.Items ?? []).filter((i) =>
    ver === 'vencidos'
      ? i.Vencido
      : ver === 'pendientes'
        ? i.Estado === 'sin-preparar' || i.Estado === 'preparado'
        : true,
  );
  const anyos = Array.from({ length: 5 }, (_, i) => String(esteAnyo + 1 - i));
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {route.title}
      </Title>
      <Group gap="sm" align="end" wrap="wrap">
        <Select
          label="Ejercicio"
          data={anyos.includes(String(anyo)) ? anyos : [String(anyo), ...anyos]}
          value={String(anyo)}
          onChange={(v) => v && cambiar('Anyo', v)}
          allowDeselect={false}
          w={120}
        />
        <SegmentedControl aria-label="Ver" data={VER} value={ver} onChange={(v) => cambiar('Ver', v)} />
      </Group>
      {q.data && q.data.Vencidos > 0 && (
        <Alert color="red" title="Plazos vencidos sin presentar">
          {q.data.Vencidos === 1
            ? 'Hay 1 modelo con el plazo vencido sin marcar como presentado.'
            : `Hay ${q.data.Vencidos} modelos con el plazo vencido sin marcar como presentados.`}
        </Alert>
      )}
      {q.isError && <Alert color="red">No se ha podido cargar el calendario fiscal.</Alert>}
      <Card withBorder radius="md" padding="sm">
        <TablaSimple
          minWidth={340}
          striped
          verticalSpacing={4}
          aria-label={`Calendario fiscal ${anyo}`}
          columnas={[
            { titulo: 'Modelo', scope: 'col' },
            { titulo: 'Periodo', scope: 'col' },
            { titulo: 'Vence', scope: 'col' },
            { titulo: 'Estado', scope: 'col' },
            { titulo: 'Justificante', scope: 'col' },
          ]}
        >
          {items.map((l) => (
            <Table.Tr key={`${l.Modelo}-${l.Periodo}`}>
              <Table.Td>
                {esModelo(l.Modelo) ? (
                  <Anchor component={Link} to="/modtributarios/lista" fw={600}>
                    {l.Modelo}
                  </Anchor>
                ) : (
                  <Text span fw={600}>
                    {l.Modelo}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {l.Nombre}
                </Text>
              </Table.Td>
              <Table.Td>{periodoTexto(l.Periodo)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.Vence)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  <Badge color={COLOR[l.Estado]} variant="light">
                    {l.EstadoTexto}
                  </Badge>
                  {l.Vencido && (
                    <Badge color="red" variant="filled">
                      Vencido
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {l.Justificante && (
                  <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {l.Justificante}
                  </Text>
                )}
                {l.FechaPresentacion && (
                  <Text size="xs" c="dimmed">
                    {formatDate(l.FechaPresentacion)}
                  </Text>
                )}
                {l.JustificantePdf && l.IdDeclaracion != null && (
                  <DescargarJustificante id={l.IdDeclaracion} etiqueta={`${l.Modelo} ${periodoTexto(l.Periodo)}`} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {q.data && items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed">No hay modelos que mostrar.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </TablaSimple>
      </Card>
    </Stack>
  );
}
