import { formatAmount, LEVEL_FOR_ACTION, levelIn } from '@faro/domain';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EstadoBadge } from '../registrosFiscales/EstadoBadge.tsx';
import {
  ENTIDAD_LROE_R,
  ESTADOS_LROE_RECIBIDAS,
  fechaTexto,
  type RecibidaFila,
  RUTA_LROE_R,
} from './ticketbaiModel.ts';

// LROE received invoices (lroefactrecibidas/lista, Bizkaia): registered purchase invoices and their LROE state.
export function RecibidasLroe() {
  usePageTitle('LROE facturas recibidas');
  const { info, centro } = useReady();
  const level = levelIn(info, 'ImptoRecib', centro);
  const client = useQueryClient();
  const list = usePagedList<RecibidaFila>({
    entidad: ENTIDAD_LROE_R,
    path: `${RUTA_LROE_R}/list`,
    filters: ['estado'],
    filtros: (v) => (v.estado ? { Estado: v.estado } : {}),
  });
  const incluir = async (r: RecibidaFila) => {
    try {
      await api.post(`${RUTA_LROE_R}/marcar/${r.Id}`, {});
      notifySuccess(`Factura ${r.NumSerie ?? r.Id} incluida en el próximo envío del LROE`);
      await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, ENTIDAD_LROE_R) });
    } catch {
      // the toast shows the error
    }
  };
  const columns: DataTableColumn<RecibidaFila>[] = [
    { accessor: 'NumSerie', title: 'Registro', render: (r) => r.NumSerie ?? '—' },
    { accessor: 'NumFacturaProveedor', title: 'Nº del proveedor', render: (r) => r.NumFacturaProveedor ?? '—' },
    { accessor: 'Fecha', title: 'Fecha', width: 105, render: (r) => fechaTexto(r.Fecha) },
    { accessor: 'Proveedor', title: 'Proveedor' },
    { accessor: 'NIF', title: 'NIF', width: 110, render: (r) => r.NIF ?? '—' },
    { accessor: 'Total', title: 'Total', textAlign: 'right', width: 110, render: (r) => formatAmount(r.Total) },
    {
      accessor: 'Estado',
      title: 'LROE',
      width: 200,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <EstadoBadge estado={r.Estado} estados={ESTADOS_LROE_RECIBIDAS} />
          {r.Estado === 'pendiente' && level >= LEVEL_FOR_ACTION.update && (
            <Button size="compact-xs" variant="light" onClick={() => incluir(r)}>
              Incluir
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <PagedList<RecibidaFila>
      list={list}
      title="LROE facturas recibidas"
      intro={
        <Text size="sm" c="dimmed">
          Facturas recibidas y gastos registrados (capítulo 2 del LROE, modelo 240 o 140).
        </Text>
      }
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <FiltroSelect
          label="Estado"
          data={Object.entries(ESTADOS_LROE_RECIBIDAS).map(([value, { label }]) => ({ value, label }))}
          value={list.values.estado ?? ''}
          onChange={(v) => list.set({ estado: v })}
        />
      }
      columns={columns}
      compact={(r) => (
        <FilaCompacta titulo={`${r.NumSerie ?? r.Id} · ${fechaTexto(r.Fecha)}`} valor={formatAmount(r.Total)}>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {r.Proveedor}
            </Text>
            <EstadoBadge estado={r.Estado} estados={ESTADOS_LROE_RECIBIDAS} />
          </Group>
        </FilaCompacta>
      )}
      noRecordsText="No hay facturas recibidas registradas"
    />
  );
}
