import { Anchor, Box } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FiltroBuscar, RegistroCompacto } from '../registrosFiscales/ColaRegistros.tsx';
import { EstadoBadge } from '../registrosFiscales/EstadoBadge.tsx';
import { CANAL_VF } from './canalVerifactu.tsx';
import { CLASES_VF, ENTIDAD_VF, fechaAeatTexto, type RegistroFila, RUTA_VF, TITULO_VISOR } from './verifactuModel.ts';

/**
 * `fventavisorvf/lista`: the newest VeriFactu records, searched by invoice number, with their count and page
 * controls; a row opens the record in the viewer.
 */
export function BuscadorVisor() {
  usePageTitle(TITULO_VISOR);
  const list = usePagedList<RegistroFila>({
    entidad: ENTIDAD_VF,
    path: `${RUTA_VF}/list`,
    filters: ['buscar'],
    filtros: (v) => (v.buscar?.trim() ? { Buscar: v.buscar.trim() } : {}),
    orden: () => ({ Descendente: true }),
    pageSize: 20,
  });
  const buscar = (list.values.buscar ?? '').trim();
  const columns: DataTableColumn<RegistroFila>[] = [
    {
      accessor: 'NumSerieFactura',
      title: 'Factura',
      render: (r) => (
        <Anchor component={Link} to={CANAL_VF.rutaRegistro(r.Id)} onClick={(ev) => ev.stopPropagation()}>
          {r.NumSerieFactura}
        </Anchor>
      ),
    },
    { accessor: 'FechaExpedicionFactura', title: 'Fecha', render: (r) => fechaAeatTexto(r.FechaExpedicionFactura) },
    { accessor: 'Clase', title: 'Registro', render: (r) => CLASES_VF[r.Clase] },
    { accessor: 'Estado', title: 'Estado', render: (r) => <EstadoBadge estado={r.Estado} /> },
  ];
  return (
    <Box maw={900}>
      <PagedList<RegistroFila>
        data-testid="visor-lista"
        list={list}
        title={TITULO_VISOR}
        filterCols={{ base: 1, sm: 2 }}
        filters={<FiltroBuscar list={list} label="Factura" placeholder="Número de factura" />}
        columns={columns}
        compact={(r) => <RegistroCompacto canal={CANAL_VF} registro={r} />}
        rowHref={(r) => CANAL_VF.rutaRegistro(r.Id)}
        noRecordsText={
          buscar ? `No hay registros VeriFactu de facturas con «${buscar}»` : 'Todavía no hay registros VeriFactu'
        }
      />
    </Box>
  );
}
