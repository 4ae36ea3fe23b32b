import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense } from 'react';
import { lazyNamed } from '../lazyNamed.ts';

/**
 * The charts of every screen, on `@mantine/charts` (ADR 0009). The library (~130 kB gzip) loads only when a chart
 * is drawn; meanwhile a placeholder of the same height keeps the page from moving.
 */
const Barras = lazyNamed(() => import('./Graficos.tsx'), 'BarrasImpl');
const Linea = lazyNamed(() => import('./Graficos.tsx'), 'LineaImpl');

const reserva = (alto: number) => <Skeleton h={alto} aria-hidden="true" />;

export function GraficoBarras(p: ComponentProps<typeof Barras>) {
  return (
    <Suspense fallback={reserva(p.alto ?? (p.horizontal ? 32 * p.datos.length + 40 : 240))}>
      <Barras {...p} />
    </Suspense>
  );
}

export function GraficoLinea(p: ComponentProps<typeof Linea>) {
  return (
    <Suspense fallback={reserva(p.alto ?? 200)}>
      <Linea {...p} />
    </Suspense>
  );
}

export type { PropsGrafico, SerieGrafico } from './modelo.ts';
