import 'mantine-datatable/styles.css';
import {
  add,
  dec,
  formatAmount,
  formatDate,
  LEVEL_FOR_ACTION,
  levelIn,
  type RecursoVenta,
  TIPOS_DOCUMENTO_VENTA,
  toFixed,
  ZERO,
} from '@faro/domain';
import { Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { DebouncedText } from '../../ui/fields/filters.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { totalText } from '../../ui/list/listState.ts';
import { pagedTableProps } from '../../ui/list/pagedTable.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BuscadorSelect } from './BuscadorSelect.tsx';
import { EstadoBadges } from './EstadoBadges.tsx';
import { type ClienteFila, invalidarVentas, rutaVentas } from './ventasApi.ts';
import {
  type DocumentoVenta,
  ESTADOS_RECURSO,
  escribirLista,
  filtrosLista,
  type ListaEstado,
  leerLista,
  RECURSOS,
  TAM_PAGINA,
} from './ventasModel.ts';

const COBROS = ['Pendiente', 'Cobrado parcialmente', 'Cobrado'];

/** `{accion}/lista`: the documents of a kind, newest first, with their filters and page kept in the URL. */
export function DocumentosLista({ recurso }: { recurso: RecursoVenta }) {
  const def = RECURSOS[recurso];
  usePageTitle(def.plural);
  const { info, centro } = useReady();
  const navigate = useNavigate();
  const level = levelIn(info, TIPOS_DOCUMENTO_VENTA[recurso].permission, centro);
  const [params, setParams] = useSearchParams();
  const state = leerLista(params);
  const update = (patch: Partial<ListaEstado>) => setParams(escribirLista({ ...state, pagina: 1, ...patch }));
  const query = {
    Pagina: state.pagina,
    TotalPagina: TAM_PAGINA,
    Filtros: JSON.stringify(filtrosLista(state)),
    Orden: 'Fecha',
    Descendente: !state.asc,
  };
  const [seleccion, setSeleccion] = useState<DocumentoVenta[]>([]);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, recurso, query),
    queryFn: () => api.get<ListAnswer<DocumentoVenta>>(`${rutaVentas(recurso)}/list`, { params: query }),
    placeholderData: keepPreviousData,
    enabled: level >= LEVEL_FOR_ACTION.list,
  });
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;

  const factura = recurso === 'fventa';
  const data = list.data;
  const rows = data?.Items ?? [];
  const vivos = rows.filter((d) => d.Estado !== 'Anulada');
  const suma = (k: 'BaseImponible' | 'Total') =>
    toFixed(
      vivos.reduce((s, d) => add(s, dec(d[k])), ZERO),
      2,
    );
  const clienteEtiqueta =
    (state.cliente && data?.Items.find((d) => String(d.Cliente) === state.cliente)?.ClienteNombre) ||
    (state.cliente ? `Cliente ${state.cliente}` : '');
  const hayFiltros = Object.values({ ...state, pagina: undefined, asc: undefined }).some((v) => v);

  const columns: DataTableColumn<DocumentoVenta>[] = [
    {
      accessor: 'NumSerie',
      title: 'Número',
      width: 150,
      render: (d) => (
        <Anchor
          component={Link}
          to={`/${recurso}/editar/${d.Id}`}
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
      title: 'Cliente',
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
    { accessor: 'Estado', title: 'Estado', width: 230, render: (d) => <EstadoBadges doc={d} /> },
  ];

  // Delivery notes of one customer are invoiced together (convertir with Ids).
  const agrupable = recurso === 'aventa' && level >= LEVEL_FOR_ACTION.create;
  const clientes = new Set(seleccion.map((d) => d.Cliente));
  const facturarJuntos = async () => {
    const [primero, ...resto] = seleccion;
    if (!primero) return;
    try {
      const nueva = await api.post<DocumentoVenta>(`${rutaVentas(recurso)}/convertir/${primero.Id}`, {
        Destino: 'fventa',
        Ids: resto.map((d) => d.Id),
      });
      notifySuccess(`Se ha creado la factura de ${seleccion.length} albaranes`);
      setSeleccion([]);
      await invalidarVentas(client, info.IdEmpresa);
      navigate(`/fventa/editar/${nueva.Id}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {def.plural}
          </Title>
          <Text size="sm" c="dimmed" data-testid="list-total">
            {data ? totalText(data.Total, data.TotalLimitado) : '\u00a0'}
          </Text>
        </div>
        {level >= LEVEL_FOR_ACTION.create && (
          <Button component={Link} to={`/${recurso}/nuevo`} leftSection={<IconPlus size={16} />}>
            {def.nuevo}
          </Button>
        )}
      </Group>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <DebouncedText
            label="Buscar"
            placeholder="Número, cliente o NIF"
            value={state.buscar}
            onChange={(v) => update({ buscar: v })}
          />
          <BuscadorSelect<ClienteFila>
            path="ventas/clientes/list"
            entidad="clientes"
            label="Cliente"
            placeholder="Todos"
            value={state.cliente ? Number(state.cliente) : null}
            etiqueta={clienteEtiqueta}
            opcion={(c) => `${c.Codigo ? `${c.Codigo} · ` : ''}${c.Nombre}`}
            onPick={(c) => update({ cliente: c ? String(c.Id) : '' })}
          />
          <DateInput
            label="Desde"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            clearable
            value={state.desde || null}
            onChange={(v) => update({ desde: v ? String(v).slice(0, 10) : '' })}
          />
          <DateInput
            label="Hasta"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            clearable
            value={state.hasta || null}
            onChange={(v) => update({ hasta: v ? String(v).slice(0, 10) : '' })}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            clearable
            data={[...ESTADOS_RECURSO(recurso)]}
            value={state.estado || null}
            onChange={(v) => update({ estado: v ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
          {factura ? (
            <Select
              label="Cobro"
              placeholder="Todos"
              clearable
              data={COBROS}
              value={state.cobro || null}
              onChange={(v) => update({ cobro: v ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Select
              label="Facturado"
              placeholder="Todos"
              clearable
              data={[
                { value: 'si', label: 'Facturado' },
                { value: 'no', label: 'Sin facturar' },
              ]}
              value={state.facturado || null}
              onChange={(v) => update({ facturado: v ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {factura && (
            <Switch
              mt={{ md: 30 }}
              label="Solo borradores"
              checked={state.borrador}
              onChange={(e) => update({ borrador: e.currentTarget.checked })}
            />
          )}
        </SimpleGrid>
        {hayFiltros && (
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" size="xs" onClick={() => setParams(new URLSearchParams())}>
              Quitar filtros
            </Button>
          </Group>
        )}
      </Card>
      {agrupable && seleccion.length > 0 && (
        <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-blue-0)" data-testid="seleccion">
          <Group justify="space-between">
            <Text size="sm">
              {seleccion.length} {seleccion.length === 1 ? 'albarán seleccionado' : 'albaranes seleccionados'}
              {clientes.size > 1 && ' · sólo se pueden facturar juntos albaranes de un mismo cliente'}
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
      )}
      <DataTable<DocumentoVenta>
        {...(agrupable
          ? {
              selectedRecords: seleccion,
              onSelectedRecordsChange: setSeleccion,
              isRecordSelectable: (d: DocumentoVenta) => !d.Facturado && d.Estado !== 'Anulada',
              getRecordSelectionCheckboxProps: (d: DocumentoVenta) => ({
                'aria-label': `Seleccionar ${d.NumSerie ?? 'borrador'}`,
              }),
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Seleccionar todos' },
            }
          : {})}
        {...pagedTableProps({
          data,
          records: rows,
          fetching: list.isFetching,
          page: state.pagina,
          pageSize: TAM_PAGINA,
          onPageChange: (p) => update({ pagina: p }),
        })}
        columns={columns}
        noRecordsText={`No hay ${def.plural.toLowerCase()}`}
        sortStatus={{ columnAccessor: 'Fecha', direction: state.asc ? 'asc' : 'desc' }}
        onSortStatusChange={(st) => update({ asc: st.direction === 'asc' })}
        onRowClick={({ record }) => navigate(`/${recurso}/editar/${record.Id}`)}
        rowStyle={() => ({ cursor: 'pointer' })}
      />
      {rows.length > 0 && (
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
      )}
    </Stack>
  );
}
