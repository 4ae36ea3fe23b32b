import { formatDate } from '@faro/domain';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { CabeceraPantalla } from '../../ui/CabeceraPantalla.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { AsistenteRemesa } from './AsistenteRemesa.tsx';
import { DetalleRemesa } from './DetalleRemesa.tsx';
import { Devoluciones } from './Devoluciones.tsx';
import { MandatosPanel } from './MandatosPanel.tsx';
import { dinero, type Remesa } from './tesoreriaModel.ts';

/** remesas: batches list, the batch wizard, returns, transfers to suppliers and SEPA mandates. */
export function RemesasScreen({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') ?? 'remesas';
  return (
    <Stack gap="md">
      <CabeceraPantalla titulo={title}>
        {/* Spec §9 report: every batch of the company, exportable. */}
        <ExportMenu path="tesoreria/informes/remesas" params={{}} fileBase="remesas" />
      </CabeceraPantalla>
      <Pestanas
        value={tab}
        onChange={(t) => setParams(t && t !== 'remesas' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())}
        keepMounted={false}
        pestanas={[
          { valor: 'remesas', etiqueta: 'Remesas', contenido: <ListaRemesas /> },
          { valor: 'nueva', etiqueta: 'Nueva remesa', contenido: <AsistenteRemesa tipo="cobro" /> },
          { valor: 'devoluciones', etiqueta: 'Devoluciones', contenido: <Devoluciones /> },
          { valor: 'transferencias', etiqueta: 'Transferencias', contenido: <AsistenteRemesa tipo="pago" /> },
          { valor: 'mandatos', etiqueta: 'Mandatos', contenido: <MandatosPanel /> },
        ]}
      />
    </Stack>
  );
}

function ListaRemesas() {
  const { info } = useReady();
  const [abierta, setAbierta] = useState<number | null>(null);
  const params = { Pagina: 1, TotalPagina: 100 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'remesas', params),
    queryFn: () => api.get<ListAnswer<Remesa>>('tesoreria/remesas/list', { params }),
  });
  return (
    <Stack gap="sm">
      <TablaSimple
        minWidth={640}
        striped
        highlightOnHover
        data-testid="lista-remesas"
        columnas={['Fecha', 'Remesa', 'Cuenta', derecha('Recibos'), derecha('Total'), 'Estado']}
      >
        {(lista.data?.Items ?? []).map((r) => (
          <Table.Tr key={r.Id}>
            <Table.Td>{formatDate(r.Fecha)}</Table.Td>
            <Table.Td>
              <Button variant="subtle" size="compact-sm" onClick={() => setAbierta(r.Id)}>
                {r.Descripcion}
              </Button>
            </Table.Td>
            <Table.Td>{r.Cuenta}</Table.Td>
            <Table.Td ta="right">{r.NumRecibos}</Table.Td>
            <Table.Td ta="right">{dinero(r.Total)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Badge variant="light" color={r.Estado === 'enviada' ? 'green' : 'blue'}>
                  {r.Estado === 'enviada' ? 'Enviada' : 'Preparada'}
                </Badge>
                {!!r.Devueltos && (
                  <Badge variant="light" color="red">
                    {r.Devueltos} devueltos
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">Todavía no hay remesas</Text>}
      {abierta && <DetalleRemesa id={abierta} onClose={() => setAbierta(null)} />}
    </Stack>
  );
}
