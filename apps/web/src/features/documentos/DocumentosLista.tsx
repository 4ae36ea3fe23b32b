import {
  add,
  dec,
  estadosFiltro,
  formatAmount,
  formatDate,
  LEVEL_FOR_ACTION,
  levelIn,
  toFixed,
  ZERO,
} from '@faro/domain';
import { Anchor, Badge, Button, Card, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { ExportMenu } from '../../ui/list/ExportMenu.tsx';
import { FilaCompacta } from '../../ui/list/FilaCompacta.tsx';
import { FiltroFecha, FiltroSelect, FiltroSwitch } from '../../ui/list/listFilters.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BuscadorSelect } from './BuscadorSelect.tsx';
import { type ClienteFila, invalidarDocumentos } from './documentosApi.ts';
import { type DocumentoVenta, FILTROS_LISTA, filtrosLista } from './documentosModel.ts';
import { EstadoBadges } from './EstadoBadges.tsx';
import { desdeApi, haciaApi, rutaDe, useLado } from './lado.ts';

const FACTURADO = [
  { value: 'si', label: 'Facturado' },
  { value: 'no', label: 'Sin facturar' },
];

/**
 * `{accion}/lista`: the documents of a kind of the side being drawn, newest first, with their filters and page kept
 * in the URL (status, collection/payment status, party, dates; search by number, party or NIF; capped count).
 */
export function DocumentosLista({ recurso }: { recurso: string }) {
  const lado = useLado();
  const def = lado.recursos[recurso]!;
  usePageTitle(def.plural);
  const { info, centro } = useReady();
  const navigate = useNavigate();
  const level = levelIn(info, def.permission, centro);
  const crudo = usePagedList<DocumentoVenta>({
    entidad: recurso,
    path: `${rutaDe(lado, recurso)}/list`,
    filters: FILTROS_LISTA,
    keep: ['asc'],
    filtros: (v) => haciaApi(lado, filtrosLista(v)),
    orden: (v) => ({ Orden: 'Fecha', Descendente: v.asc !== '1' }),
    enabled: level >= LEVEL_FOR_ACTION.list,
  });
  // The side's JSON names (Proveedor, ProveedorNombre…) in the editor's names.
  const list = useMemo(() => {
    const rows = crudo.rows.map((d) => desdeApi(lado, d));
    return { ...crudo, rows, data: crudo.data && { ...crudo.data, Items: rows } };
  }, [crudo, lado]);
  const insignias = (lado.useInsigniasLista ?? sinInsignias)(list.rows);
  const state = list.values;
  const update = list.set;
  const [seleccion, setSeleccion] = useState<DocumentoVenta[]>([]);
  // 'Exportar': the list's filters and order, every page (not just the one on screen).
  const { Pagina: _p, TotalPagina: _t, ...paramsExportar } = crudo.params;
  const client = useQueryClient();
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;

  const factura = def.tipo === 'factura';
  const tercero = lado.tercero.etiqueta;
  const data = list.data;
  const rows = list.rows;
  const vivos = rows.filter((d) => d.Estado !== 'Anulada');
  const suma = (k: 'BaseImponible' | 'Total') =>
    toFixed(
      vivos.reduce((s, d) => add(s, dec(d[k])), ZERO),
      2,
    );
  const clienteEtiqueta =
    (state.cliente && data?.Items.find((d) => String(d.Cliente) === state.cliente)?.ClienteNombre) ||
    (state.cliente ? `${tercero} ${state.cliente}` : '');

  const columns: DataTableColumn<DocumentoVenta>[] = [
    {
      accessor: 'NumSerie',
      title: 'Número',
      width: 150,
      render: (d) => (
        <Anchor
          component={Link}
          to={`/${lado.recursoDeTipo[d.Tipo] ?? recurso}/editar/${d.Id}`}
          size="sm"
          fw={600}
          onClick={(e) => e.stopPropagation()}
        >
          {d.NumSerie ?? (
            <Badge size="sm" variant="outline" color="gray">
              Borrador
            </Badge>
          )}
        </Anchor>
      ),
    },
    { accessor: 'Fecha', title: 'Fecha', width: 110, sortable: true, render: (d) => formatDate(d.Fecha) },
    {
      accessor: 'ClienteNombre',
      title: tercero,
      render: (d) => (
        <div>
          <Text size="sm" lineClamp={1}>
            {d.ClienteNombre}
          </Text>
          {d.ClienteNIF && (
            <Text size="xs" c="dimmed">
              {d.ClienteNIF}
            </Text>
          )}
        </div>
      ),
    },
    {
      accessor: 'BaseImponible',
      title: 'Base imponible',
      textAlign: 'right',
      width: 140,
      render: (d) => formatAmount(d.BaseImponible),
    },
    {
      accessor: 'Total',
      title: 'Total',
      textAlign: 'right',
      width: 140,
      render: (d) => <b>{formatAmount(d.Total)}</b>,
    },
    {
      accessor: 'Estado',
      title: 'Estado',
      width: 230,
      render: (d) => (
        <>
          <EstadoBadges doc={d} />
          {insignias(d)}
        </>
      ),
    },
  ];

  // Delivery notes of one customer (supplier) are invoiced together (convertir with Ids).
  const agrupable = def.tipo === 'albaran' && level >= LEVEL_FOR_ACTION.create;
  const destinoFactura = lado.recursoDeTipo.factura ?? '';
  const clientes = new Set(seleccion.map((d) => d.Cliente));
  const facturarJuntos = async () => {
    const [primero, ...resto] = seleccion;
    if (!primero) return;
    try {
      const nueva = await api.post<DocumentoVenta>(`${rutaDe(lado, recurso)}/convertir/${primero.Id}`, {
        Destino: destinoFactura,
        Ids: resto.map((d) => d.Id),
      });
      notifySuccess(`Se ha creado la factura de ${seleccion.length} albaranes`);
      setSeleccion([]);
      await invalidarDocumentos(client, info.IdEmpresa, lado.invalidar);
      navigate(`/${destinoFactura}/editar/${nueva.Id}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <PagedList<DocumentoVenta>
      list={list}
      title={def.plural}
      actions={
        <>
          <ExportMenu path={`${rutaDe(lado, recurso)}/export`} params={paramsExportar} fileBase={recurso} />
          {level >= LEVEL_FOR_ACTION.create && (
            <>
              {lado.AccionesLista && <lado.AccionesLista recurso={recurso} />}
              <Button component={Link} to={`/${recurso}/nuevo`} leftSection={<IconPlus size={16} />}>
                {def.nuevo}
              </Button>
            </>
          )}
        </>
      }
      filters={
        <>
          <DebouncedText
            label="Buscar"
            placeholder={
              lado.lado === 'compra'
                ? 'Número, nº del proveedor, proveedor o NIF'
                : `Número, ${tercero.toLowerCase()} o NIF`
            }
            value={state.buscar ?? ''}
            onChange={(v) => update({ buscar: v })}
          />
          <BuscadorSelect<ClienteFila>
            path={lado.tercero.path}
            entidad={lado.tercero.entidad}
            label={tercero}
            placeholder="Todos"
            value={state.cliente ? Number(state.cliente) : null}
            etiqueta={clienteEtiqueta}
            opcion={(c) => `${c.Codigo ? `${c.Codigo} · ` : ''}${c.Nombre}`}
            onPick={(c) => update({ cliente: c ? String(c.Id) : '' })}
          />
          <FiltroFecha label="Desde" value={state.desde ?? ''} onChange={(v) => update({ desde: v })} />
          <FiltroFecha label="Hasta" value={state.hasta ?? ''} onChange={(v) => update({ hasta: v })} />
          <FiltroSelect
            label="Estado"
            data={[...estadosFiltro(lado.estados[def.tipo] ?? [], def.tipo)]}
            value={state.estado ?? ''}
            onChange={(v) => update({ estado: v })}
          />
          {factura ? (
            <FiltroSelect
              label={lado.pago.filtro}
              data={[...lado.pago.estados]}
              value={state.cobro ?? ''}
              onChange={(v) => update({ cobro: v })}
            />
          ) : (
            <FiltroSelect
              label="Facturado"
              data={FACTURADO}
              value={state.facturado ?? ''}
              onChange={(v) => update({ facturado: v })}
            />
          )}
          {factura && (
            <FiltroSwitch
              label="Solo borradores"
              value={state.borrador ?? ''}
              onChange={(v) => update({ borrador: v })}
            />
          )}
        </>
      }
      beforeTable={
        agrupable &&
        seleccion.length > 0 && (
          <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-blue-0)" data-testid="seleccion">
            <Group justify="space-between">
              <Text size="sm">
                {seleccion.length} {seleccion.length === 1 ? 'albarán seleccionado' : 'albaranes seleccionados'}
                {clientes.size > 1 &&
                  ` · sólo se pueden facturar juntos albaranes de un mismo ${tercero.toLowerCase()}`}
              </Text>
              <Group gap="xs">
                <Button variant="subtle" size="xs" onClick={() => setSeleccion([])}>
                  Quitar selección
                </Button>
                <Button size="xs" disabled={clientes.size > 1} onClick={() => void facturarJuntos()}>
                  Facturar juntos
                </Button>
              </Group>
            </Group>
          </Card>
        )
      }
      columns={columns}
      compact={(d) => <DocumentoCompacto doc={d} extra={insignias(d)} />}
      rowHref={(d) => `/${lado.recursoDeTipo[d.Tipo] ?? recurso}/editar/${d.Id}`}
      noRecordsText={`No hay ${def.plural.toLowerCase()}`}
      table={{
        ...(agrupable
          ? {
              selectedRecords: seleccion,
              onSelectedRecordsChange: setSeleccion,
              isRecordSelectable: (d: DocumentoVenta) => !d.Facturado && d.Estado !== 'Anulada',
              getRecordSelectionCheckboxProps: (d: DocumentoVenta) => ({
                'aria-label': `Seleccionar ${d.NumSerie ?? 'borrador'}`,
              }),
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Seleccionar todos' },
            }
          : {}),
        sortStatus: { columnAccessor: 'Fecha', direction: state.asc === '1' ? 'asc' : 'desc' },
        onSortStatusChange: (st) => update({ asc: st.direction === 'asc' ? '1' : '' }),
      }}
      after={
        rows.length > 0 && (
          <Card withBorder radius="md" padding="sm" data-testid="totales-pagina">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Totales de esta página ({vivos.length} {vivos.length === 1 ? 'documento' : 'documentos'}, sin anulados)
              </Text>
              <Group gap="xl">
                <Text size="sm">
                  Base imponible <b data-testid="pagina-base">{formatAmount(suma('BaseImponible'))}</b>
                </Text>
                <Text size="sm">
                  Total <b data-testid="pagina-total">{formatAmount(suma('Total'))}</b>
                </Text>
              </Group>
            </Group>
          </Card>
        )
      }
    />
  );
}

/** No extra badges (a side without any). */
const sinInsignias = () => () => null;

/** A document on a phone: number and date, customer, total and status badges, in one cell. */
function DocumentoCompacto({ doc: d, extra }: { doc: DocumentoVenta; extra?: ReactNode }) {
  return (
    <FilaCompacta
      data-testid="documento-compacto"
      titulo={`${d.NumSerie ?? 'Borrador'} · ${formatDate(d.Fecha)}`}
      valor={formatAmount(d.Total)}
    >
      <Text size="sm" lineClamp={1}>
        {d.ClienteNombre}
      </Text>
      <EstadoBadges doc={d} />
      {extra}
    </FilaCompacta>
  );
}
