import type { RouteDef } from '@faro/domain';
import { Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { ExportacionContable } from './ExportacionContable.tsx';
import { ExportacionesScreen } from './ExportacionesScreen.tsx';

const Inmovilizado = lazy(() => import('./Inmovilizado.tsx').then((m) => ({ default: m.Inmovilizado })));
const LibroContable = lazy(() => import('./LibroContable.tsx').then((m) => ({ default: m.LibroContable })));
const CierreEjercicio = lazy(() => import('./CierreEjercicio.tsx').then((m) => ({ default: m.CierreEjercicio })));
const InformesScreen = lazy(() =>
  import('../informes/InformesScreen.tsx').then((m) => ({ default: m.InformesScreen })),
);

/**
 * Screens: `contabilidad` (the ContaPlus / Sage export of a period, and the reports under
 * `/contabilidad/informes`: the spec's office menu has no reports route) and `exportaciones` (document and
 * master-data exports).
 */
export function ContabilidadScreens({
  action,
  segments,
  route,
}: {
  action: string;
  segments: string[];
  route: RouteDef;
}) {
  const navigate = useNavigate();
  if (action === 'exportaciones') return <ExportacionesScreen title={route.title} />;
  const tab = ['informes', 'libro', 'inmovilizado', 'cierre'].includes(segments[0] ?? '') ? segments[0] : 'lista';
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {route.title}
      </Title>
      <Tabs value={tab} onChange={(t) => navigate(`/contabilidad/${t ?? 'lista'}`)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="lista">Exportación contable</Tabs.Tab>
          <Tabs.Tab value="libro">Libro contable</Tabs.Tab>
          <Tabs.Tab value="cierre">Cierre del ejercicio</Tabs.Tab>
          <Tabs.Tab value="inmovilizado">Inmovilizado</Tabs.Tab>
          <Tabs.Tab value="informes">Informes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lista" pt="md">
          <ExportacionContable />
        </Tabs.Panel>
        <Tabs.Panel value="libro" pt="md">
          <Suspense fallback={null}>
            <LibroContable />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="inmovilizado" pt="md">
          <Suspense fallback={null}>
            <Inmovilizado />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="cierre" pt="md">
          <Suspense fallback={null}>
            <CierreEjercicio />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="informes" pt="md">
          <Suspense fallback={null}>
            <InformesScreen />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
