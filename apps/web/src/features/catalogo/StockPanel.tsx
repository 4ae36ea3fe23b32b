import { ENTITIES, type FieldDef } from '@faro/domain';
import { Button, Card, Group, Modal, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { CELLS } from '../../ui/fields/cells.tsx';
import { FieldGridForm } from '../../ui/form/FieldGridForm.tsx';
import { validatorFor } from '../../ui/form/fieldValidation.ts';
import { useForm } from '../../ui/form/useForm.ts';

export const STOCK_SAVED = 'El movimiento de stock se ha guardado correctamente';

/** The fields of the 'Ajuste' form (`POST catalogo/almacenes/ajuste`). */
export const AJUSTE_FIELDS = {
  IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', required: true },
  Modo: {
    kind: 'enum',
    label: 'Modo',
    required: true,
    options: [
      { value: 'diferencia', label: 'Sumar o restar la cantidad' },
      { value: 'recuento', label: 'Recuento: la cantidad es el stock real' },
    ],
  },
  Cantidad: { kind: 'decimal', label: 'Cantidad', required: true, scale: 3 },
  Motivo: { kind: 'text', label: 'Motivo', maxLength: 200 },
} as const satisfies Record<string, FieldDef>;

/** The fields of the 'Traspaso' form (`POST catalogo/almacenes/traspaso`), one product per transfer. */
export const TRASPASO_FIELDS = {
  IdAlmacenDestino: { kind: 'reference', label: 'Almacén de destino', ref: 'almacenes', required: true },
  IdProducto: { kind: 'reference', label: 'Producto', ref: 'productos', required: true },
  Cantidad: { kind: 'decimal', label: 'Cantidad', required: true, min: 0, scale: 3 },
  Motivo: { kind: 'text', label: 'Motivo', maxLength: 200 },
} as const satisfies Record<string, FieldDef>;

type Values = Record<string, unknown>;
const stock = ENTITIES.stock;

/** The body of a transfer from this warehouse. */
export function traspasoBody(almacenId: number, v: Values) {
  return {
    IdAlmacenOrigen: almacenId,
    IdAlmacenDestino: v.IdAlmacenDestino,
    Lineas: [{ IdProducto: v.IdProducto, Cantidad: v.Cantidad }],
    Motivo: v.Motivo || undefined,
  };
}

/** Stock per product of one warehouse, with the 'Ajuste' and 'Traspaso' actions (stock movements). */
export function StockPanel({ almacenId, readOnly }: { almacenId: number; readOnly: boolean }) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'ajuste' | 'traspaso' | null>(null);
  const params = {
    Pagina: 1,
    TotalPagina: 200,
    Filtros: JSON.stringify({ IdAlmacen: almacenId }),
    Orden: 'IdProducto',
    Descendente: false,
  };
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'stock', params),
    queryFn: () => api.get<ListAnswer<Values & { Id: number }>>('catalogo/stock/list', { params }),
  });
  const done = async () => {
    setAction(null);
    await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'stock') });
    await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'movimientosstock') });
  };
  const rows = list.data?.Items ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="stock-panel">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          Stock del almacén
        </Title>
        {!readOnly && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setAction('ajuste')}>
              Ajuste
            </Button>
            <Button size="xs" variant="light" onClick={() => setAction('traspaso')}>
              Traspaso
            </Button>
          </Group>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isLoading ? 'Cargando datos...' : 'No hay existencias en este almacén'}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Producto</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Cantidad</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.Id}>
                <Table.Td>{CELLS.reference(r.IdProducto, stock.fields.IdProducto)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{CELLS.decimal(r.Cantidad, stock.fields.Cantidad)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action === 'ajuste' ? 'Ajuste de stock' : 'Traspaso a otro almacén'}
        centered
        size="lg"
      >
        {action === 'ajuste' && (
          <MoveForm
            fields={AJUSTE_FIELDS}
            initial={{ IdProducto: null, Modo: 'diferencia', Cantidad: '', Motivo: '' }}
            send={(v) =>
              api.post('catalogo/almacenes/ajuste', {
                IdAlmacen: almacenId,
                IdProducto: v.IdProducto,
                Cantidad: v.Cantidad,
                Modo: v.Modo,
                Motivo: v.Motivo || undefined,
              })
            }
            onDone={done}
          />
        )}
        {action === 'traspaso' && (
          <MoveForm
            fields={TRASPASO_FIELDS}
            initial={{ IdAlmacenDestino: null, IdProducto: null, Cantidad: '', Motivo: '' }}
            send={(v) => api.post('catalogo/almacenes/traspaso', traspasoBody(almacenId, v))}
            onDone={done}
          />
        )}
      </Modal>
    </Card>
  );
}

function MoveForm({
  fields,
  initial,
  send,
  onDone,
}: {
  fields: Record<string, FieldDef>;
  initial: Values;
  send: (values: Values) => Promise<unknown>;
  onDone: () => Promise<void>;
}) {
  const validate = useMemo(() => validatorFor<Values>(fields), [fields]);
  const form = useForm<Values>(initial, validate);
  return (
    <FieldGridForm
      fields={Object.entries(fields)}
      form={form}
      onSubmit={() =>
        void form.submit(
          async (v) => {
            await send(v);
            notifySuccess(STOCK_SAVED);
            await onDone();
          },
          { force: true },
        )
      }
    />
  );
}
