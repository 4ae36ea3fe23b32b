import { formatAmount } from '@faro/domain';
import { Group, Text } from '@mantine/core';

export interface PuntoGrafico {
  Etiqueta: string;
  Valor: number;
  Valor2?: number;
}

const COLORES = ['var(--mantine-color-blue-7)', 'var(--mantine-color-orange-7)'];

/**
 * A small accessible SVG bar chart (one or two series): role="img" named by a text summary of every bar, a legend
 * in text, no chart library. Labels under the bars are shortened; the summary carries them whole.
 */
export function GraficoBarras({
  puntos,
  series,
  titulo,
}: {
  puntos: PuntoGrafico[];
  series: string[];
  titulo: string;
}) {
  if (!puntos.length) return null;
  const w = 640;
  const h = 200;
  const pie = 28;
  const dos = series.length > 1;
  const max = Math.max(1, ...puntos.flatMap((p) => [p.Valor, p.Valor2 ?? 0]));
  const paso = w / puntos.length;
  const ancho = Math.max(4, (paso * 0.7) / (dos ? 2 : 1));
  const alto = (v: number) => (Math.max(0, v) * (h - pie - 8)) / max;
  const resumen = `${titulo}: ${puntos
    .map((p) =>
      dos
        ? `${p.Etiqueta}, ${series[0]} ${formatAmount(p.Valor)}, ${series[1]} ${formatAmount(p.Valor2 ?? 0)}`
        : `${p.Etiqueta} ${formatAmount(p.Valor)}`,
    )
    .join('; ')}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${w} ${h}`} width="100%" height={h} role="img" aria-label={resumen}>
        {puntos.map((p, i) => {
          const x = i * paso + (paso - ancho * (dos ? 2 : 1)) / 2;
          return (
            <g key={p.Etiqueta}>
              <rect x={x} y={h - pie - alto(p.Valor)} width={ancho} height={alto(p.Valor)} fill={COLORES[0]} />
              {dos && (
                <rect
                  x={x + ancho}
                  y={h - pie - alto(p.Valor2 ?? 0)}
                  width={ancho}
                  height={alto(p.Valor2 ?? 0)}
                  fill={COLORES[1]}
                />
              )}
              <text x={i * paso + paso / 2} y={h - 10} textAnchor="middle" fontSize={11} fill="currentColor">
                {p.Etiqueta.length > 12 ? `${p.Etiqueta.slice(0, 11)}…` : p.Etiqueta}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <Group gap="md">
          {series.map((s, i) => (
            <Group key={s} gap={6}>
              <svg width={12} height={12} aria-hidden="true">
                <rect width={12} height={12} fill={COLORES[i]} />
              </svg>
              <Text size="sm">{s}</Text>
            </Group>
          ))}
        </Group>
      </figcaption>
    </figure>
  );
}
