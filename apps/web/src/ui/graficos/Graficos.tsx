import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { filasTabla, type PropsGrafico, recortar } from './modelo.ts';
import { TablaAlternativa } from './TablaAlternativa.tsx';

const seriesDe = (p: PropsGrafico) => p.series.map((s) => ({ name: s.clave, label: s.nombre, color: s.color }));

function Alternativa(p: PropsGrafico) {
  return (
    <TablaAlternativa
      titulo={p.titulo}
      columnas={[p.nombreEje, ...p.series.map((s) => s.nombre)]}
      filas={filasTabla(p)}
    />
  );
}

/** Bars by category (one or two series), vertical or horizontal, with axes, values and a keyboard tooltip. */
export function BarrasImpl(p: PropsGrafico & { horizontal?: boolean; maximo?: number }) {
  const etiqueta = p.etiqueta ?? ((v: string) => v);
  const ejeCategorias = { tickFormatter: (v: unknown) => recortar(etiqueta(String(v))), interval: 0 as const };
  const ejeValores = {
    tickFormatter: (v: unknown) => p.formato(Number(v)),
    ...(p.maximo ? { domain: [0, p.maximo] } : {}),
  };
  return (
    <div>
      <BarChart
        h={p.alto ?? (p.horizontal ? Math.max(120, 32 * p.datos.length + 40) : 240)}
        data={p.datos}
        dataKey={p.eje}
        orientation={p.horizontal ? 'vertical' : 'horizontal'}
        series={seriesDe(p)}
        valueFormatter={p.formato}
        withLegend={p.series.length > 1}
        withBarValueLabel
        tickLine="xy"
        xAxisProps={p.horizontal ? ejeValores : ejeCategorias}
        yAxisProps={p.horizontal ? { ...ejeCategorias, width: 130 } : { ...ejeValores, width: 80 }}
        barChartProps={{ title: p.titulo, desc: 'Usa las flechas para recorrer los valores' }}
      />
      <Alternativa {...p} />
    </div>
  );
}

/** A line over dates (an account's balance), with axes, a zero line when it goes negative and a tooltip. */
export function LineaImpl(p: PropsGrafico) {
  const etiqueta = p.etiqueta ?? ((v: string) => v);
  const negativo = p.datos.some((d) => p.series.some((s) => Number(d[s.clave]) < 0));
  return (
    <div>
      <LineChart
        h={p.alto ?? 200}
        data={p.datos}
        dataKey={p.eje}
        series={seriesDe(p)}
        valueFormatter={p.formato}
        withDots={p.datos.length <= 31}
        curveType="linear"
        tickLine="xy"
        referenceLines={negativo ? [{ y: 0, color: 'gray.6' }] : []}
        xAxisProps={{ tickFormatter: (v: unknown) => etiqueta(String(v)), minTickGap: 24 }}
        yAxisProps={{ tickFormatter: (v: unknown) => p.formato(Number(v)), width: 90 }}
        lineChartProps={{ title: p.titulo, desc: 'Usa las flechas para recorrer las fechas' }}
      />
      <Alternativa {...p} />
    </div>
  );
}
