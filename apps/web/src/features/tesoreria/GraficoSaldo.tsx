import { formatAmount, formatDate } from '@faro/domain';
import { Text } from '@mantine/core';

/**
 * A small accessible SVG line chart of an account's daily balance: role="img" with a text summary as its name,
 * and the figures in a visually hidden table for screen readers. No chart library (Mantine has none here).
 */
export function GraficoSaldo({ puntos, titulo }: { puntos: { Fecha: string; Saldo: string }[]; titulo: string }) {
  if (puntos.length < 2) return <Text c="dimmed">Sin movimientos suficientes para el gráfico</Text>;
  const w = 600;
  const h = 180;
  const pad = 8;
  const valores = puntos.map((p) => Number(p.Saldo));
  const min = Math.min(0, ...valores);
  const max = Math.max(...valores, min + 1);
  const x = (i: number) => pad + (i * (w - 2 * pad)) / (puntos.length - 1);
  const y = (v: number) => h - pad - ((v - min) * (h - 2 * pad)) / (max - min);
  const d = puntos.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(Number(p.Saldo)).toFixed(1)}`).join(' ');
  const primero = puntos[0]!;
  const ultimo = puntos[puntos.length - 1]!;
  const resumen = `${titulo}: de ${formatAmount(primero.Saldo)} el ${formatDate(primero.Fecha)} a ${formatAmount(ultimo.Saldo)} el ${formatDate(ultimo.Fecha)}; mínimo ${formatAmount(String(Math.min(...valores)))}, máximo ${formatAmount(String(Math.max(...valores)))}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${w} ${h}`} width="100%" height={h} role="img" aria-label={resumen} preserveAspectRatio="none">
        {min < 0 && (
          <line x1={pad} x2={w - pad} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-5)" strokeDasharray="4 4" />
        )}
        <path
          d={d}
          fill="none"
          stroke="var(--mantine-color-blue-7)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption>
        <Text size="sm" c="dimmed">
          {resumen}
        </Text>
      </figcaption>
    </figure>
  );
}
