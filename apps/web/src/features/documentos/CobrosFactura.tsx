import { dec, formatAmount, formatDate, levelIn, sub, toFixed } from '@faro/domain';
import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReferenceList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { Cabecera, derecha } from '../../ui/TablaSimple.tsx';
import { pendienteDe } from './CobroDialogo.tsx';
import type { CobroFila } from './documentosApi.ts';
import { COLOR_ESTADO, type DocumentoVenta, type Vencimiento } from './documentosModel.ts';
import { type LadoWeb, useLado } from './lado.ts';

/** The collections of an issued invoice and what is still pending (null while unknown or not an issued invoice). */
export function useCobrosFactura(
  doc: DocumentoVenta | undefined,
  id: number | undefined,
  factura: boolean,
  pago: Pick<LadoWeb['pago'], 'entidad' | 'ruta'>,
) {
  const { info } = useReady();
  const cobros = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, pago.entidad), 'factura', id],
    queryFn: () =>
      api.get<ListAnswer<CobroFila>>(`${pago.ruta}/list`, {
        params: { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify({ IdFactura: id }) },
        background: true,
        silent: true,
      }),
    enabled: !!doc && factura && doc.Numero !== null,
  });
  const pendiente = doc && cobros.data ? pendienteDe(doc.Total, cobros.data.Items) : null;
  return { cobros: cobros.data?.Items ?? null, pendiente, nivelCobros: levelIn(info, 'TesoMovsCajaBanco') };
}

/** The 'Cobros' card of an issued invoice: collected and pending, the due dates (when several) and each collection. */
export function CobrosFactura({
  doc,
  cobros,
  pendiente,
}: {
  doc: DocumentoVenta;
  cobros: CobroFila[];
  pendiente: string | null;
}) {
  const { pago } = useLado();
  return (
    <Card withBorder radius="md" padding="md" data-testid="cobros">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h5">
          {pago.titulo}
        </Title>
        <Text size="sm">
          {pago.pagado} {formatAmount(cobrado(doc.Total, pendiente))} · Pendiente{' '}
          <b data-testid="pendiente">{formatAmount(pendiente)}</b>
        </Text>
      </Group>
      {(doc.Vencimientos?.length ?? 0) > 1 && <VencimientosTabla vencimientos={doc.Vencimientos ?? []} />}
      {cobros.length === 0 ? (
        <Text size="sm" c="dimmed">
          {pago.ninguno}
        </Text>
      ) : (
        <CobrosTabla cobros={cobros} />
      )}
    </Card>
  );
}

const cobrado = (total: string, pendiente: string | null) =>
  pendiente === null ? '0' : toFixed(sub(dec(total), dec(pendiente)), 2);

function VencimientosTabla({ vencimientos }: { vencimientos: Vencimiento[] }) {
  return (
    <Table withTableBorder mb="sm" data-testid="vencimientos">
      <Cabecera columnas={['Vencimiento', derecha('Importe'), derecha('Pendiente'), 'Estado']} />
      <Table.Tbody>
        {vencimientos.map((v) => (
          <Table.Tr key={v.Plazo}>
            <Table.Td>{formatDate(v.Fecha)}</Table.Td>
            <Table.Td ta="right">{formatAmount(v.Importe)}</Table.Td>
            <Table.Td ta="right">{formatAmount(v.Pendiente)}</Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={COLOR_ESTADO[v.Estado] ?? 'gray'}>
                {v.Estado}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CobrosTabla({ cobros }: { cobros: CobroFila[] }) {
  const cuentas = useReferenceList('tesoreria');
  const nombre = new Map((cuentas.data ?? []).map((c) => [c.value, c.label]));
  return (
    <Table striped withTableBorder>
      <Cabecera columnas={['Fecha', 'Cuenta', 'Notas', derecha('Importe')]} />
      <Table.Tbody>
        {cobros.map((c) => (
          <Table.Tr key={c.Id}>
            <Table.Td>{formatDate(c.Fecha)}</Table.Td>
            <Table.Td>{nombre.get(String(c.IdTesoreria)) ?? `#${c.IdTesoreria}`}</Table.Td>
            <Table.Td>{c.Notas}</Table.Td>
            <Table.Td ta="right">{formatAmount(c.Importe)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
