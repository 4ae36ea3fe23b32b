import { formatDate } from '@faro/domain';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { BotonRepresentar, Representar, SIN_TITULO } from './DetalleRemesa.tsx';
import { SubirFichero } from './SubirFichero.tsx';
import { dinero, type LineaRemesa, useRefrescar } from './tesoreriaModel.ts';

/** Returned receipts (re-present each with a new due date) and the import of the bank's pain.002 report. */
export function Devoluciones() {
  const { info } = useReady();
  const refrescar = useRefrescar();
  const [representar, setRepresentar] = useState<LineaRemesa | null>(null);
  const params = { Pagina: 1, TotalPagina: 100 };
  const lista = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'remesas', { devueltos: 1 }),
    queryFn: () => api.get<ListAnswer<LineaRemesa>>('tesoreria/remesas/devueltos', { params }),
  });
  const importar = async (fichero: File) => {
    const r = await api.post<{ Devueltos: unknown[]; Ignorados: unknown[] }>(
      'tesoreria/remesas/pain002',
      { Xml: await fichero.text() },
      { silent: true },
    );
    await refrescar();
    return `${r.Devueltos.length} recibos devueltos; ${r.Ignorados.length} ignorados`;
  };
  return (
    <Stack gap="md">
      <SubirFichero
        titulo="Importar rechazos del banco (pain.002)"
        placeholder="Elige el fichero XML"
        accept=".xml,text/xml"
        importar={importar}
        permiso="TesoRemesa"
      />
      <TablaSimple
        minWidth={620}
        striped
        data-testid="lista-devueltos"
        columnas={['Recibo', 'Cliente', derecha('Importe'), 'Devuelto', 'Motivo', SIN_TITULO]}
      >
        {(lista.data?.Items ?? []).map((l) => (
          <Table.Tr key={l.Id}>
            <Table.Td>
              {l.NumSerie}/{l.Plazo}
            </Table.Td>
            <Table.Td>{l.TerceroNombre}</Table.Td>
            <Table.Td ta="right">{dinero(l.Importe)}</Table.Td>
            <Table.Td>{l.FechaDevolucion ? formatDate(l.FechaDevolucion) : ''}</Table.Td>
            <Table.Td>{l.MotivoTexto}</Table.Td>
            <Table.Td>
              {l.Representar ? (
                <Text size="sm">Representado: vence el {formatDate(l.Representar)}</Text>
              ) : (
                <BotonRepresentar onClick={() => setRepresentar(l)} />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </TablaSimple>
      {lista.data && !lista.data.Items.length && <Text c="dimmed">No hay recibos devueltos</Text>}
      {representar && <Representar linea={representar} onClose={() => setRepresentar(null)} />}
    </Stack>
  );
}
