import type { RouteDef } from '@faro/domain';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { esRecursoVenta } from '../documentos/documentosModel.ts';
import { DocumentoEditor } from './DocumentoEditor.tsx';
import { DocumentosLista } from './DocumentosLista.tsx';

/** Screens of pventa, dventa, aventa, fventa and docventahist. `segments` are the path segments after the action (`lista`, `editar/{id}`, `nuevo`…). */
export function VentasScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (action === 'docventahist') return <HistorialAyuda />;
  if (!esRecursoVenta(action)) return <PlaceholderPage title={route.title} />;
  const [first, id] = segments;
  if (first === 'nuevo') return <DocumentoEditor key="nuevo" recurso={action} />;
  if (first === 'editar' && id && /^\d+$/.test(id)) return <DocumentoEditor key={id} recurso={action} id={id} />;
  return <DocumentosLista recurso={action} />;
}

/** `docventahist/lista`: the history is per document; this page says where to find it. */
function HistorialAyuda() {
  usePageTitle('Historial de documentos de venta');
  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        Historial de documentos de venta
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Text>
          El historial es de cada documento: abre un presupuesto, pedido, albarán o factura y, al pie, verás su cadena
          completa (de qué documento procede, en qué se ha convertido y sus rectificativas), con enlaces a cada uno.
        </Text>
        <Text mt="md">
          <Anchor component={Link} to="/fventa/lista">
            Ir a las facturas
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/pventa/lista">
            Presupuestos
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/dventa/lista">
            Pedidos
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/aventa/lista">
            Albaranes
          </Anchor>
        </Text>
      </Card>
    </Stack>
  );
}
