import { formatAmount, formatDate, formatNumber } from '@faro/domain';
import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { Cabecera, derecha } from '../../ui/TablaSimple.tsx';
import {
  ESTADO_IMPUESTO,
  ETIQUETA_TRAMO,
  enlaceModelo,
  faltan,
  type Panel,
  type Pendiente,
  suma,
  type Tramo,
  textoEstadoImpuesto,
  variacion,
} from './panelModel.ts';

// recharts is heavy: the charts come in their own chunk, after the figures.
const GraficosPanel = lazy(() => import('./GraficosPanel.tsx').then((m) => ({ default: m.GraficosPanel })));

/** Height the charts take, so the figures never move when they arrive. */
export const ALTO_GRAFICOS = 300;

function Cifra({
  titulo,
  valor,
  testId,
  children,
}: {
  titulo: string;
  valor: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} fz="lg" data-testid={`${testId}-valor`} style={{ whiteSpace: 'nowrap' }}>
        {valor}
      </Text>
      {children}
    </Card>
  );
}

const Detalle = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text size="xs" c="dimmed" data-testid={testId}>
    {children}
  </Text>
);

/** Where a bucket's rows are: the overdue invoices of those due dates, or the invoices still to collect / pay. */
function enlaceTramo(lado: 'cobros' | 'pagos', t: Tramo): string {
  if (t.Tramo === 'sinvencer')
    return lado === 'cobros' ? '/fventa/lista?cobro=Pendiente' : '/fcompra/lista?cobro=Pendiente';
  const q = new URLSearchParams({ pestana: 'vencidas' });
  if (t.Desde) q.set('vencdesde', t.Desde);
  if (t.Hasta) q.set('venchasta', t.Hasta);
  return `/${lado === 'cobros' ? 'movstesoreriac' : 'movstesoreriap'}/lista?${q}`;
}

function Importe({ lado, t, nombre }: { lado: 'cobros' | 'pagos'; t: Tramo; nombre: string }) {
  if (Number(t.Importe) === 0) return <Text size="sm">{formatAmount(t.Importe)}</Text>;
  return (
    <Anchor
      component={Link}
      to={enlaceTramo(lado, t)}
      size="sm"
      aria-label={`${nombre}, ${ETIQUETA_TRAMO[t.Tramo].toLowerCase()}: ${formatAmount(t.Importe)}`}
    >
      {formatAmount(t.Importe)}
    </Anchor>
  );
}

/** Collections and payments pending, by age of the due date (one table, each amount opens its list). */
function Antiguedad({ cobros, pagos }: { cobros: Pendiente; pagos: Pendiente }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="panel-antiguedad">
      <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'left', marginBottom: 4 }}>
          <Text span size="xs" c="dimmed" tt="uppercase" fw={600}>
            Pendiente de cobro y de pago
          </Text>
        </Table.Caption>
        <Cabecera columnas={['Vencimiento', derecha('Por cobrar'), derecha('Por pagar')]} />
        <Table.Tbody>
          {cobros.Tramos.map((t, i) => (
            <Table.Tr key={t.Tramo} data-testid={`tramo-${t.Tramo}`}>
              <Table.Th scope="row" fw={400}>
                {ETIQUETA_TRAMO[t.Tramo]}
              </Table.Th>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Importe lado="cobros" t={t} nombre="Por cobrar" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {pagos.Tramos[i] && <Importe lado="pagos" t={pagos.Tramos[i]} nombre="Por pagar" />}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="panel-cobros-valor">
              {formatAmount(cobros.Pendiente)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="panel-pagos-valor">
              {formatAmount(pagos.Pendiente)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** One line per quarterly model due next: its result, deadline and whether it is filed. */
function Impuestos({ cards }: { cards: NonNullable<Panel['Impuestos']> }) {
  const primera = cards[0];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="panel-impuestos">
      <Group justify="space-between" gap={4} wrap="wrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Impuestos {primera ? `${primera.Periodo} ${primera.Anyo}` : ''}
        </Text>
        {primera && (
          <Text size="xs" c="dimmed" data-testid="panel-plazo">
            Plazo: {formatDate(primera.Fecha)} ({faltan(primera.Dias)})
          </Text>
        )}
      </Group>
      <Stack gap={6} mt={6}>
        {cards.map((c) => (
          <Group key={c.Modelo} justify="space-between" gap="xs" wrap="nowrap" data-testid={`impuesto-${c.Modelo}`}>
            <Anchor component={Link} to={enlaceModelo(c)} fw={600} size="sm">
              Modelo {c.Modelo}
            </Anchor>
            <Text fw={700} size="sm" data-testid={`impuesto-${c.Modelo}-importe`} style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(c.Resultado)}
            </Text>
            <Badge variant="light" color={ESTADO_IMPUESTO[c.Estado].color} style={{ flexShrink: 0 }}>
              {textoEstadoImpuesto(c)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The office dashboard: the owner's figures first (sales of the month and the year against last year, gross
 * margin, cash now and forecast, what is pending to collect and pay by age, each tax model due with its amount and
 * state), then the charts. One call (`informes/panel`).
 */
export function PanelOficina({ empresa }: { empresa: number }) {
  const panel = useQuery({
    queryKey: qk.list(empresa, 'panel', {}),
    queryFn: () => api.get<Panel>('informes/panel', { silent: true }),
  });
  const p = panel.data;
  if (!p)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Cargando las cifras de la empresa">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={92} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={230} radius="md" />
      </Stack>
    );
  const t = p.Tesoreria;
  const saldo = suma(t.Caja, t.Bancos);
  const previsto = t.Previsto ? suma(t.Previsto.Caja, t.Previsto.Bancos) : saldo;
  const vsMes = variacion(p.VentasMes.Base, p.VentasMes.BaseAnyoAnterior);
  const vsAnyo = variacion(p.VentasAnyo.Base, p.VentasAnyo.BaseAnyoAnterior);
  const anterior = p.VentasAnyo.Anyo - 1;
  return (
    <Stack gap="sm" data-testid="panel-oficina">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Cifra titulo="Ventas del mes" valor={formatAmount(p.VentasMes.Base)} testId="panel-ventas">
            <Detalle>
              {p.VentasMes.Facturas} {p.VentasMes.Facturas === 1 ? 'factura' : 'facturas'}
            </Detalle>
            <Detalle testId="panel-ventas-anterior">
              {anterior}: {formatAmount(p.VentasMes.BaseAnyoAnterior)}
              {vsMes ? ` (${vsMes})` : ''}
            </Detalle>
          </Cifra>
          <Cifra titulo={`Ventas ${p.VentasAnyo.Anyo}`} valor={formatAmount(p.VentasAnyo.Base)} testId="panel-anyo">
            <Detalle testId="panel-anyo-anterior">
              {anterior} a la misma fecha: {formatAmount(p.VentasAnyo.BaseAnyoAnterior)}
              {vsAnyo ? ` (${vsAnyo})` : ''}
            </Detalle>
          </Cifra>
          <Cifra titulo="Margen bruto" valor={p.Margen ? formatAmount(p.Margen.Margen) : '—'} testId="panel-margen">
            <Detalle>
              {p.Margen
                ? `${
                    p.Margen.Porcentaje !== null
                      ? `${formatNumber(p.Margen.Porcentaje, 1)} % de las ventas del año`
                      : 'Ventas del año menos su coste'
                  }${p.Margen.Estimado ? ' (estimado)' : ''}`
                : 'Indica el precio de compra de los productos'}
            </Detalle>
          </Cifra>
          <Cifra titulo="Tesorería" valor={formatAmount(saldo)} testId="panel-tesoreria">
            <Detalle testId="panel-previsto">Previsto: {formatAmount(previsto)}</Detalle>
            <Anchor component={Link} to="/movstesoreria/lista" size="xs">
              Caja {formatAmount(t.Caja)} · Bancos {formatAmount(t.Bancos)}
            </Anchor>
          </Cifra>
        </SimpleGrid>
        <Antiguedad cobros={p.Cobros} pagos={p.Pagos} />
        {p.Impuestos ? (
          <Impuestos cards={p.Impuestos} />
        ) : (
          <Card withBorder radius="md" padding="sm" data-testid="panel-plazo-card">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Próximo plazo fiscal
            </Text>
            <Text fw={700} data-testid="panel-plazo">
              {formatDate(p.ProximoPlazo.Fecha)}
            </Text>
            <Detalle>
              {p.ProximoPlazo.Descripcion} · {faltan(p.ProximoPlazo.Dias)}
            </Detalle>
          </Card>
        )}
      </SimpleGrid>
      <Title order={2} fz="h5" mt="xs">
        Evolución de las ventas
      </Title>
      <Suspense fallback={<Skeleton h={ALTO_GRAFICOS} radius="md" />}>
        <GraficosPanel panel={p} />
      </Suspense>
    </Stack>
  );
}
