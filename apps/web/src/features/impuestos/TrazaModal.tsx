import { formatAmount, formatDate } from '@faro/domain';
import { Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { SIN_CORTE, TdImporte } from '../../ui/fields/Importe.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { conClave, FILAS_TRAZA, type RespuestaTraza } from './modelosModel.ts';

/** The invoices and lines behind one box of the return, a page at a time. */
export function TrazaModal({ ruta, casilla, onClose }: { ruta: string; casilla: string; onClose: () => void }) {
  const { info } = useReady();
  const [pagina, setPagina] = useState(1);
  const t = useQuery({
    queryKey: qk.list(info.IdEmpresa, 'modtributarios', { traza: `${ruta}/${casilla}`, pagina }),
    queryFn: () =>
      api.get<RespuestaTraza>(
        `impuestos/modtributarios/traza/${ruta}/${casilla}?Pagina=${pagina}&TotalPagina=${FILAS_TRAZA}`,
      ),
  });
  return (
    <Modal opened onClose={onClose} title={`Casilla ${casilla}`} size="xl">
      {t.data && (
        <Stack gap="sm">
          {t.data.Formula && <Text size="sm">Casilla calculada: {t.data.Formula}</Text>}
          {!t.data.Formula && t.data.Lineas.length === 0 && <Text size="sm">Ninguna factura forma esta casilla.</Text>}
          {t.data.Lineas.length > 0 && (
            <TablaSimple
              minWidth={600}
              th={{ scope: 'col' }}
              striped
              aria-label={`Facturas de la casilla ${casilla}`}
              columnas={['Fecha', 'Factura', 'Tercero', derecha('Base'), derecha('Cuota'), derecha('En la casilla')]}
            >
              {conClave(t.data.Lineas, (l) => `${l.Libro}-${l.Id}`).map((l) => (
                <Table.Tr key={l.clave}>
                  <Table.Td style={SIN_CORTE}>{formatDate(l.Fecha)}</Table.Td>
                  <Table.Td>
                    <a href={`/${l.Libro === 'emitidas' ? 'fventa' : 'fcompra'}/editar/${l.Id}`}>{l.NumSerie}</a>
                  </Table.Td>
                  <Table.Td>
                    {l.Tercero}
                    {l.NIF ? ` (${l.NIF})` : ''}
                  </Table.Td>
                  <TdImporte value={l.Base} />
                  <TdImporte value={l.Cuota} />
                  <TdImporte value={l.Importe} />
                </Table.Tr>
              ))}
            </TablaSimple>
          )}
          {t.data.Total > FILAS_TRAZA && (
            <Pagination
              total={Math.ceil(t.data.Total / FILAS_TRAZA)}
              value={pagina}
              onChange={setPagina}
              aria-label={`Páginas de las facturas de la casilla ${casilla}`}
            />
          )}
          <Text size="sm" fw={600}>
            Total de la casilla: <span style={SIN_CORTE}>{formatAmount(t.data.Importe)}</span>
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
