import { formatAmount, formatDate } from '@faro/domain';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { GraficoBarras } from '../informes/GraficoBarras.tsx';

interface Pendiente {
  Pendiente: string;
  Vencido: string;
  Recibos: number;
}
export interface Panel {
  Hoy: string;
  VentasMes: { Mes: string; Base: string; Facturas: number };
  VentasPorMes: { Mes: string; Base: string }[];
  Cobros: Pendiente;
  Pagos: Pendiente;
  /** Balances a fecha (today) and previsto (with the movements recorded for later days): treasury's definition. */
  Tesoreria: {
    Caja: string;
    Bancos: string;
    Previsto?: { Caja: string; Bancos: string };
    Cuentas: { Id: number; Nombre: string; Tipo: string; Saldo: string }[];
  };
  ProximoPlazo: { Fecha: string; Descripcion: string; Dias: number };
}

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const nombreMes = (mes: string) => `${MESES[Number(mes.slice(5, 7)) - 1]} ${mes.slice(2, 4)}`;

/** A balance card (a fecha), with the forecast beside it when movements are already recorded for later days. */
function tarjetaSaldo(t: Panel['Tesoreria'], clase: 'Caja' | 'Bancos', href?: string) {
  const previsto = t.Previsto?.[clase];
  return (
    <Tarjeta
      titulo={clase}
      valor={formatAmount(t[clase])}
      detalle={previsto !== undefined && previsto !== t[clase] ? `Previsto: ${formatAmount(previsto)}` : undefined}
      testId={`panel-${clase.toLowerCase()}`}
      {...(href ? { href } : {})}
    />
  );
}

function Tarjeta({
  titulo,
  valor,
  detalle,
  testId,
  href,
}: {
  titulo: string;
  valor: string;
  detalle?: string;
  testId: string;
  href?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} fz="xl" data-testid={`${testId}-valor`}>
        {valor}
      </Text>
      {detalle && (
        <Text size="sm" c="dimmed">
          {detalle}
        </Text>
      )}
      {href && (
        <Anchor component={Link} to={href} size="sm">
          Ver detalle<VisuallyHidden> de {titulo.toLowerCase()}</VisuallyHidden>
        </Anchor>
      )}
    </Card>
  );
}

/** The office dashboard (issue 15): this month's sales, pending and overdue, cash and bank, next tax deadline. */
export function PanelOficina({ empresa }: { empresa: number }) {
  const panel = useQuery({
    queryKey: qk.list(empresa, 'panel', {}),
    queryFn: () => api.get<Panel>('informes/panel', { silent: true }),
  });
  const p = panel.data;
  if (!p) return null;
  const dias = p.ProximoPlazo.Dias;
  return (
    <Stack gap="sm" data-testid="panel-oficina">
      <Title order={2} fz="h4">
        Resumen de la empresa
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Tarjeta
          titulo="Ventas del mes"
          valor={formatAmount(p.VentasMes.Base)}
          detalle={`${p.VentasMes.Facturas} ${p.VentasMes.Facturas === 1 ? 'factura' : 'facturas'} (base imponible)`}
          testId="panel-ventas"
          href="/fventa/lista"
        />
        <Tarjeta
          titulo="Pendiente de cobro"
          valor={formatAmount(p.Cobros.Pendiente)}
          detalle={`Vencido: ${formatAmount(p.Cobros.Vencido)}`}
          testId="panel-cobros"
          href="/movstesoreriac/lista"
        />
        <Tarjeta
          titulo="Pendiente de pago"
          valor={formatAmount(p.Pagos.Pendiente)}
          detalle={`Vencido: ${formatAmount(p.Pagos.Vencido)}`}
          testId="panel-pagos"
          href="/movstesoreriap/lista"
        />
        {tarjetaSaldo(p.Tesoreria, 'Caja', '/movstesoreria/lista')}
        {tarjetaSaldo(p.Tesoreria, 'Bancos')}
        <Tarjeta
          titulo="Próximo plazo fiscal"
          valor={formatDate(p.ProximoPlazo.Fecha)}
          detalle={`${p.ProximoPlazo.Descripcion} · ${dias === 0 ? 'hoy' : dias === 1 ? 'mañana' : `faltan ${dias} días`}`}
          testId="panel-plazo"
          href="/modtributarios/lista"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="md">
          <Text fw={600} mb="xs">
            Ventas por mes
          </Text>
          {p.VentasPorMes.length ? (
            <GraficoBarras
              titulo="Ventas por mes"
              series={['Base imponible']}
              puntos={p.VentasPorMes.map((m) => ({ Etiqueta: nombreMes(m.Mes), Valor: Number(m.Base) }))}
            />
          ) : (
            <Text c="dimmed">Sin ventas en los últimos meses</Text>
          )}
        </Card>
        <Card withBorder radius="lg" padding="md">
          <Text fw={600} mb="xs">
            Cobros y pagos pendientes
          </Text>
          <GraficoBarras
            titulo="Cobros y pagos pendientes"
            series={['Pendiente de cobro', 'Pendiente de pago']}
            puntos={[
              { Etiqueta: 'Pendiente', Valor: Number(p.Cobros.Pendiente), Valor2: Number(p.Pagos.Pendiente) },
              { Etiqueta: 'Vencido', Valor: Number(p.Cobros.Vencido), Valor2: Number(p.Pagos.Vencido) },
            ]}
          />
          <Group mt="xs">
            <Anchor component={Link} to="/contabilidad/informes" size="sm">
              Ver informes
            </Anchor>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
