import '@mantine/charts/styles.css';
import { formatAmount } from '@faro/domain';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TablaAlternativa } from '../../ui/graficos/TablaAlternativa.tsx';
import { nombreMes, type Panel } from './panelModel.ts';

/** Whole euros, grouped (12.345 €): axes, bar values and tooltips; the tables beside give the cents. */
const euros = (v: number) => formatAmount(v, { decimals: 0 });

/** How many characters of a customer's name fit beside its bar; the whole name is the tick's title. */
const LARGO_NOMBRE = 18;
const recortar = (s: string, n = LARGO_NOMBRE) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** A customer's name on the axis: cut to fit (never over its neighbour), the full name as a tooltip. */
function TickCliente({ x = 0, y = 0, payload }: TickProps) {
  const nombre = String(payload?.value ?? '');
  return (
    <g transform={`translate(${Number(x)},${Number(y)})`}>
      <text x={-6} y={0} dy={4} textAnchor="end" fontSize={12} fill="currentColor">
        <title>{nombre}</title>
        {recortar(nombre)}
      </text>
    </g>
  );
}

/** Sales by month against last year (bars) and the best customers of the year (horizontal bars). */
export function GraficosPanel({ panel: p }: { panel: Panel }) {
  const ancho = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const anyo = p.VentasAnyo.Anyo;
  const meses = p.VentasPorMes.map((m, i) => ({
    mes: nombreMes(m.Mes),
    Ventas: Number(m.Base),
    Anterior: Number(p.VentasPorMesAnterior[i]?.Base ?? 0),
  }));
  // On a phone the last six months, so 12 bars keep their width and their values.
  const visibles = ancho ? meses : meses.slice(-6);
  const clientes = p.MejoresClientes.map((c) => ({ cliente: c.Nombre, Ventas: Number(c.Base) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Card withBorder radius="md" padding="sm" data-testid="grafico-ventas">
        <Text fw={600} size="sm" id="titulo-ventas-mes">
          Ventas por mes (base imponible)
        </Text>
        <BarChart
          h={260}
          data={visibles}
          dataKey="mes"
          series={[
            { name: 'Ventas', label: 'Este periodo', color: 'blue.7' },
            { name: 'Anterior', label: 'Un año antes', color: 'gray.6' },
          ]}
          valueFormatter={euros}
          withLegend
          withBarValueLabel={ancho}
          valueLabelProps={(s) => (s.name === 'Ventas' ? { fontSize: 10 } : { content: () => null })}
          yAxisProps={{ width: 80 }}
          tickLine="xy"
          barChartProps={{ title: 'Ventas por mes', desc: 'Usa las flechas para recorrer los meses' }}
          aria-labelledby="titulo-ventas-mes"
        />
        <TablaAlternativa
          titulo={`Ventas por mes: este periodo y un año antes (${anyo})`}
          columnas={['Mes', 'Ventas', 'Un año antes']}
          filas={p.VentasPorMes.map((m, i) => ({
            clave: m.Mes,
            celdas: [nombreMes(m.Mes), formatAmount(m.Base), formatAmount(p.VentasPorMesAnterior[i]?.Base ?? '0')],
          }))}
        />
      </Card>
      <Card withBorder radius="md" padding="sm" data-testid="grafico-clientes">
        <Text fw={600} size="sm" id="titulo-clientes">
          Mejores clientes de {anyo}
        </Text>
        {clientes.length ? (
          <>
            <BarChart
              h={Math.max(120, 34 * clientes.length + 40)}
              data={clientes}
              dataKey="cliente"
              orientation="vertical"
              series={[{ name: 'Ventas', label: 'Ventas', color: 'blue.7' }]}
              valueFormatter={euros}
              withBarValueLabel={ancho}
              yAxisProps={{ width: ancho ? 150 : 120, tick: TickCliente, interval: 0 }}
              xAxisProps={{ tickCount: ancho ? 5 : 3 }}
              tickLine="xy"
              barChartProps={{ title: 'Mejores clientes', desc: 'Usa las flechas para recorrer los clientes' }}
              aria-labelledby="titulo-clientes"
            />
            <TablaAlternativa
              titulo={`Mejores clientes de ${anyo}`}
              columnas={['Cliente', 'Ventas']}
              filas={p.MejoresClientes.map((c) => ({ clave: String(c.Id), celdas: [c.Nombre, formatAmount(c.Base)] }))}
            />
          </>
        ) : (
          <Text c="dimmed" size="sm">
            Sin ventas este año
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
