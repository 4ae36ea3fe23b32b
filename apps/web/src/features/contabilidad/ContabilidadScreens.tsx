import type { RouteDef } from '@faro/domain';
import { Stack, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { ExportacionContable } from './ExportacionContable.tsx';
import { ExportacionesScreen } from './ExportacionesScreen.tsx';

const Inmovilizado = lazy(() => import('./Inmovilizado.tsx').then((m) => ({ default: m.Inmovilizado })));
const LibroContable = lazy(() => import('./LibroContable.tsx').then((m) => ({ default: m.LibroContable })));
const CierreEjercicio = lazy(() => import('./CierreEjercicio.tsx').then((m) => ({ default: m.CierreEjercicio })));
const InformesScreen = lazy(() =>
  import('../informes/InformesScreen.tsx').then((m) => ({ default: m.InformesScreen })),
);
/** A tab whose screen loads on demand (its own chunk): nothing until it arrives. */
const perezosa = (pantalla: ReactNode) => <Suspense fallback={null}>{pantalla}</Suspense>;

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
      <Pestanas
        value={tab}
        onChange={(t) => navigate(`/contabilidad/${t ?? 'lista'}`)}
        keepMounted={false}
        pestanas={[
          { valor: 'lista', etiqueta: 'Exportación contable', contenido: <ExportacionContable /> },
          { valor: 'libro', etiqueta: 'Libro contable', contenido: perezosa(<LibroContable />) },
          { valor: 'cierre', etiqueta: 'Cierre del ejercicio', contenido: perezosa(<CierreEjercicio />) },
          { valor: 'inmovilizado', etiqueta: 'Inmovilizado', contenido: perezosa(<Inmovilizado />) },
          { valor: 'informes', etiqueta: 'Informes', contenido: perezosa(<InformesScreen />) },
        ]}
      />
    </Stack>
  );
}
