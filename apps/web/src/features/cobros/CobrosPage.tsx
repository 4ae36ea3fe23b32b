import { formatDate } from '@faro/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { CabeceraPantalla } from '../../ui/CabeceraPantalla.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroFecha, FiltroSelect } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { aFactura, money, nombreTercero, useCuentas } from './cobrosComun.tsx';
import type { Cobro, FacturaVencida } from './cobrosModel.ts';
import { LADO_COBROS, type LadoPagos } from './ladoPagos.ts';
import { NuevoCobro } from './NuevoCobro.tsx';

/** Collections (payments) list with filters and 'Nuevo cobro', and the 'Vencidas' tab (kept in the URL). */
export function CobrosPage({ title, lado = LADO_COBROS }: { title: string; lado?: LadoPagos }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('pestana') === 'vencidas' && lado.vencidas ? 'vencidas' : 'cobros';
  const [nuevo, setNuevo] = useState<{ open: boolean; factura: number | null }>({ open: false, factura: null });
  return (
    <Stack gap="md">
      <CabeceraPantalla titulo={title}>
        <BotonProtegido
          permiso="TesoMovsCajaBanco"
          accion="crear"
          onClick={() => setNuevo({ open: true, factura: null })}
        >
          Nuevo {lado.nombre}
        </BotonProtegido>
      </CabeceraPantalla>
      {/* Each tab is a paged list with its own filters and page: changing tab starts from a clean URL. */}
      <Pestanas
        value={tab}
        onChange={(t) => setParams(t === 'vencidas' ? new URLSearchParams({ pestana: t }) : new URLSearchParams())}
        keepMounted={false}
        pestanas={[
          { valor: 'cobros', etiqueta: lado.plural, contenido: <ListaCobros lado={lado} /> },
          lado.vencidas && {
            valor: 'vencidas',
            etiqueta: 'Vencidas',
            contenido: <ListaVencidas lado={lado} onCobrar={(id) => setNuevo({ open: true, factura: id })} />,
          },
        ]}
      />
      {nuevo.open && (
        <NuevoCobro factura={nuevo.factura} lado={lado} onClose={() => setNuevo({ open: false, factura: null })} />
      )}
    </Stack>
  );
}

function ListaCobros({ lado }: { lado: LadoPagos }) {
  const cuentas = useCuentas();
  const nombreCuenta = new Map((cuentas.data?.Items ?? []).map((c) => [c.Id, c.Nombre]));
  const list = usePagedList<Cobro>({
    entidad: lado.entidad,
    path: `${lado.ruta}/list`,
    filters: ['desde', 'hasta', 'cuenta'],
    filtros: (v) => ({
      ...(v.desde ? { FechaDesde: v.desde } : {}),
      ...(v.hasta ? { FechaHasta: v.hasta } : {}),
      ...(v.cuenta ? { IdTesoreria: Number(v.cuenta) } : {}),
    }),
    orden: () => ({ Descendente: true }),
  });
  const v = list.values;
  const cuenta = (c: Cobro) => nombreCuenta.get(c.IdTesoreria) ?? c.IdTesoreria;
  // 'Exportar': the same rows from the treasury movements of this kind (same filters: dates and account).
  const exportar = {
    Filtros: JSON.stringify({
      ...JSON.parse(String(list.params.Filtros)),
      Tipo: lado.entidad === 'movstesoreriap' ? 'pago' : 'cobro',
    }),
  };
  const columns: DataTableColumn<Cobro>[] = [
    { accessor: 'Fecha', title: 'Fecha', width: 110, render: (c) => formatDate(c.Fecha) },
    {
      accessor: 'NumSerie',
      title: 'Factura',
      render: (c) => (
        <Anchor component={Link} to={aFactura(c.IdFactura, lado)} size="sm" onClick={(e) => e.stopPropagation()}>
          {c.NumSerie ?? `#${c.IdFactura}`}
        </Anchor>
      ),
    },
    { accessor: 'ClienteNombre', title: lado.tercero, render: (c) => nombreTercero(c, lado) },
    { accessor: 'IdTesoreria', title: 'Cuenta', render: cuenta },
    { accessor: 'Importe', title: 'Importe', textAlign: 'right', render: (c) => money(c.Importe) },
  ];
  return (
    <PagedList<Cobro>
      data-testid="lista-cobros"
      list={list}
      actions={<ExportMenu path="tesoreria/movstesoreria/export" params={exportar} fileBase={lado.entidad} />}
      filterCols={{ base: 1, sm: 3 }}
      filters={
        <>
          <FiltroFecha label="Desde" value={v.desde ?? ''} onChange={(x) => list.set({ desde: x })} />
          <FiltroFecha label="Hasta" value={v.hasta ?? ''} onChange={(x) => list.set({ hasta: x })} />
          <FiltroSelect
            label="Cuenta"
            placeholder="Todas"
            data={(cuentas.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }))}
            value={v.cuenta ?? ''}
            onChange={(x) => list.set({ cuenta: x })}
          />
        </>
      }
      columns={columns}
      compact={(c) => (
        <FilaCompacta titulo={`${c.NumSerie ?? `#${c.IdFactura}`} · ${formatDate(c.Fecha)}`} valor={money(c.Importe)}>
          <Text size="sm" lineClamp={1}>
            {nombreTercero(c, lado)} · {cuenta(c)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(c) => aFactura(c.IdFactura, lado)}
      noRecordsText={
        list.activos
          ? `No hay ${lado.plural.toLowerCase()} con estos filtros`
          : lado === LADO_COBROS
            ? 'Todavía no hay cobros: regístralos con «Nuevo cobro» o desde una factura emitida'
            : `Todavía no hay ${lado.plural.toLowerCase()}: regístralos con «Nuevo ${lado.nombre}» o desde una factura registrada`
      }
    />
  );
}

function ListaVencidas({ onCobrar, lado }: { onCobrar: (id: number) => void; lado: LadoPagos }) {
  const list = usePagedList<FacturaVencida>({
    entidad: lado.vencidas?.entidad ?? '',
    path: lado.vencidas?.ruta ?? '',
    // The due dates of the overdue instalments (the dashboard's ageing buckets link here with them).
    filters: ['vencdesde', 'venchasta'],
    filtros: (v) => ({
      ...(v.vencdesde ? { VencimientoDesde: v.vencdesde } : {}),
      ...(v.venchasta ? { VencimientoHasta: v.venchasta } : {}),
    }),
  });
  const v = list.values;
  const cobrar = (r: FacturaVencida) => (
    <Button
      size="xs"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        onCobrar(r.Id);
      }}
    >
      {lado === LADO_COBROS ? 'Cobrar' : 'Pagar'}
    </Button>
  );
  const columns: DataTableColumn<FacturaVencida>[] = [
    { accessor: 'NumSerie', title: 'Factura' },
    { accessor: 'Fecha', title: 'Fecha', render: (r) => formatDate(r.Fecha) },
    { accessor: 'ClienteNombre', title: lado.tercero, render: (r) => nombreTercero(r, lado) },
    { accessor: 'PrimerVencimiento', title: 'Vencimiento', render: (r) => formatDate(r.PrimerVencimiento) },
    { accessor: 'DiasVencida', title: 'Días vencida', textAlign: 'right' },
    { accessor: 'ImporteVencido', title: 'Vencido', textAlign: 'right', render: (r) => money(r.ImporteVencido) },
    { accessor: 'Pendiente', title: 'Pendiente', textAlign: 'right', render: (r) => money(r.Pendiente) },
    { accessor: 'Id', title: '', render: cobrar },
  ];
  return (
    <PagedList<FacturaVencida>
      data-testid="lista-vencidas"
      list={list}
      filterCols={{ base: 1, sm: 2 }}
      filters={
        <>
          <FiltroFecha
            label="Vencimiento desde"
            value={v.vencdesde ?? ''}
            onChange={(x) => list.set({ vencdesde: x })}
          />
          <FiltroFecha
            label="Vencimiento hasta"
            value={v.venchasta ?? ''}
            onChange={(x) => list.set({ venchasta: x })}
          />
        </>
      }
      columns={columns}
      compact={(r) => (
        <FilaCompacta titulo={`${r.NumSerie} · ${nombreTercero(r, lado)}`} accion={cobrar(r)}>
          <Text size="sm">
            Vencida el {formatDate(r.PrimerVencimiento)} ({r.DiasVencida} días) · Pendiente {money(r.Pendiente)}
          </Text>
        </FilaCompacta>
      )}
      rowHref={(r) => aFactura(r.Id, lado)}
      noRecordsText={`No hay facturas vencidas pendientes de ${lado.nombre}`}
    />
  );
}
