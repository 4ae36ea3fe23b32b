import { formatDecimal, type StockLote } from '@faro/domain';
import { Anchor, Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { TablaSimple } from '../../ui/TablaSimple.tsx';

export interface MovimientoLote {
  Lote: string;
  Fecha: string;
  Lado: 'Entrada' | 'Salida';
  /** `compras/albaran`, `ventas/factura`…: the side and the document's kind. */
  Documento: string;
  IdDocumento: number;
  NumSerie: string | null;
  IdAlmacen: number;
  Cantidad: string;
}

/** The web route of a document kind on each side (the lot history links to the document). */
const RUTA: Record<string, string> = {
  'compras/pedido': 'dcompra',
  'compras/albaran': 'acompra',
  'compras/factura': 'fcompra',
  'compras/gasto': 'fgasto',
  'ventas/pedido': 'dventa',
  'ventas/albaran': 'aventa',
  'ventas/factura': 'fventa',
  'ventas/simplificada': 'fventa',
  'ventas/rectificativa': 'fventa',
};
const NOMBRE: Record<string, string> = {
  pedido: 'Pedido',
  albaran: 'Albarán',
  factura: 'Factura',
  gasto: 'Gasto',
  simplificada: 'Factura simplificada',
  rectificativa: 'Factura rectificativa',
};

export const rutaDocumento = (m: Pick<MovimientoLote, 'Documento' | 'IdDocumento'>): string | null =>
  RUTA[m.Documento] ? `/${RUTA[m.Documento]}/editar/${m.IdDocumento}` : null;
export const nombreDocumento = (m: Pick<MovimientoLote, 'Documento' | 'NumSerie' | 'IdDocumento'>): string =>
  `${NOMBRE[m.Documento.split('/')[1] ?? ''] ?? 'Documento'} ${m.NumSerie ?? `#${m.IdDocumento}`}`;
const fecha = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '—');
const cantidad = (q: string) => formatDecimal(q);

/**
 * Lots of a product traced by lot: stock per lot and warehouse, first expiry first, and each lot's
 * history — the receipt it came from and the documents it went out with. Under the product's form; shown only
 * when the product has lots.
 */
export function LotesPanel({ id }: { id: number }) {
  const { info } = useReady();
  const [abierto, setAbierto] = useState<string | null>(null);
  const lotes = useQuery({
    queryKey: [info.IdEmpresa, 'compras', 'lotes', id],
    queryFn: () => api.get<{ Items: StockLote[] }>('compras/lotes/list', { params: { IdProducto: id } }),
  });
  const almacenes = useQuery({
    queryKey: [info.IdEmpresa, 'compras', 'lotes', 'almacenes'],
    queryFn: () =>
      api.get<{ Items: { Id: number; Nombre: string }[] }>('catalogo/almacenes/list', {
        params: { Pagina: 1, TotalPagina: 200 },
      }),
    enabled: (lotes.data?.Items.length ?? 0) > 0,
  });
  const historial = useQuery({
    queryKey: [info.IdEmpresa, 'compras', 'lotes', id, 'historial', abierto],
    queryFn: () =>
      api.get<{ Items: MovimientoLote[] }>('compras/lotes/historial', { params: { IdProducto: id, Lote: abierto } }),
    enabled: abierto !== null,
  });
  const filas = lotes.data?.Items ?? [];
  if (!filas.length) return null;
  const almacen = (idAlmacen: number) =>
    almacenes.data?.Items.find((a) => a.Id === idAlmacen)?.Nombre ?? `Almacén ${idAlmacen}`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="lotes-panel">
      <Title order={2} fz="h4" mb="md">
        Lotes y caducidades
      </Title>
      <TablaSimple
        minWidth={560}
        striped
        withTableBorder
        columnas={[
          'Lote',
          'Caducidad',
          'Almacén',
          { titulo: 'Entradas', style: { textAlign: 'right' } },
          { titulo: 'Salidas', style: { textAlign: 'right' } },
          { titulo: 'Stock', style: { textAlign: 'right' } },
          { titulo: <VisuallyHidden>Historial</VisuallyHidden>, clave: 'historial' },
        ]}
      >
        {filas.map((l) => (
          <Table.Tr key={`${l.Lote}/${l.IdAlmacen}`}>
            <Table.Td>{l.Lote}</Table.Td>
            <Table.Td>{fecha(l.Caducidad)}</Table.Td>
            <Table.Td>{almacen(l.IdAlmacen)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{cantidad(l.Entradas)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{cantidad(l.Salidas)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{cantidad(l.Stock)}</Table.Td>
            <Table.Td>
              <Button
                size="compact-sm"
                variant="default"
                aria-expanded={abierto === l.Lote}
                onClick={() => setAbierto(abierto === l.Lote ? null : l.Lote)}
              >
                {abierto === l.Lote ? 'Ocultar historial' : `Historial del lote ${l.Lote}`}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      {abierto !== null && (
        <section aria-label={`Historial del lote ${abierto}`}>
          <Group justify="space-between" mt="md" mb="xs">
            <Title order={3} fz="h5">
              Historial del lote {abierto}: de dónde vino y adónde fue
            </Title>
          </Group>
          {historial.isLoading ? (
            <Text size="sm">Cargando datos...</Text>
          ) : (
            <TablaSimple
              minWidth={480}
              withTableBorder
              data-testid="lote-historial"
              columnas={[
                'Fecha',
                'Movimiento',
                'Documento',
                'Almacén',
                { titulo: 'Cantidad', style: { textAlign: 'right' } },
              ]}
            >
              {(historial.data?.Items ?? []).map((m) => {
                const ruta = rutaDocumento(m);
                return (
                  <Table.Tr key={`${m.Documento}/${m.IdDocumento}/${m.Fecha}/${m.Cantidad}`}>
                    <Table.Td>{fecha(m.Fecha)}</Table.Td>
                    <Table.Td>{m.Lado}</Table.Td>
                    <Table.Td>
                      {ruta ? (
                        <Anchor component={Link} to={ruta}>
                          {nombreDocumento(m)}
                        </Anchor>
                      ) : (
                        nombreDocumento(m)
                      )}
                    </Table.Td>
                    <Table.Td>{almacen(m.IdAlmacen)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {m.Lado === 'Salida' ? '−' : ''}
                      {cantidad(m.Cantidad)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </TablaSimple>
          )}
        </section>
      )}
    </Card>
  );
}
