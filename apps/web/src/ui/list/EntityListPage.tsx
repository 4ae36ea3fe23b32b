import 'mantine-datatable/styles.css';
import { type EntityDef, hasBaja, LEVEL_FOR_ACTION, levelIn, listColumns } from '@faro/domain';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { Link, useSearchParams } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { apiBase, editPath, newPath, newTitle } from '../entityPaths.ts';
import { CREATE_ACTIONS } from '../extensions.ts';
import { Forbidden } from '../Forbidden.tsx';
import { ALIGN_RIGHT, CELLS } from '../fields/cells.tsx';
import { DebouncedText, FILTERS } from '../fields/filters.tsx';
import { IconPlus } from '../icons.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import {
  type BajaFilter,
  filterFields,
  filterKeys,
  filtrosOf,
  type ListState,
  listParams,
  PAGE_SIZE,
  readListState,
  searchable,
  totalText,
  writeListState,
} from './listState.ts';
import { pagedTableProps } from './pagedTable.ts';

type Row = Record<string, unknown> & { Id: number };

/** The generic list screen: search, filters, order and pagination kept in the URL; the Baja filter. */
export function EntityListPage({ entity, extraActions }: { entity: EntityDef; extraActions?: React.ReactNode }) {
  usePageTitle(entity.labelPlural);
  const { info, centro } = useReady();
  const level = levelIn(info, entity.permission, centro);
  const [params, setParams] = useSearchParams();
  const state = readListState(params, entity);
  const update = (patch: Partial<ListState>) =>
    setParams(writeListState({ ...state, pagina: 1, ...patch }, entity, params), { replace: false });
  const query = listParams(state, entity);
  const list = useQuery({
    queryKey: qk.list(info.IdEmpresa, entity.name, query),
    queryFn: () => api.get<ListAnswer<Row>>(`${apiBase(entity)}/list`, { params: query }),
    placeholderData: keepPreviousData,
    enabled: level >= LEVEL_FOR_ACTION.list,
  });
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;

  const columnNames = listColumns(entity);
  const linkColumn = columnNames.includes(entity.titleField) ? entity.titleField : columnNames[0];
  const columns: DataTableColumn<Row>[] = columnNames.map((name) => {
    const def = entity.fields[name]!;
    return {
      accessor: name,
      title: def.label,
      sortable: !!def.sortable,
      textAlign: ALIGN_RIGHT.has(def.kind) ? 'right' : 'left',
      // The Activo/Anulado badge is never cut ("A…") when the other columns take the width.
      ...(def.kind === 'inactive' ? { noWrap: true, width: 100 } : {}),
      render: (row) => {
        const cell = CELLS[def.kind](row[name], def);
        return name === linkColumn ? (
          <Anchor component={Link} to={editPath(entity, row.Id)} size="sm" fw={500}>
            {cell || `#${row.Id}`}
          </Anchor>
        ) : (
          cell
        );
      },
    };
  });

  const filters = filterFields(entity);
  const data = list.data;
  const canCreate = !entity.readOnly && level >= LEVEL_FOR_ACTION.create;
  const CreateAction = CREATE_ACTIONS[entity.name];
  // Active filters (the phone's 'Filtros' button shows how many): the search, each filter value, a Baja other than Activos.
  const activos =
    (state.buscar ? 1 : 0) +
    Object.values(state.filtros).filter((v) => v !== '').length +
    (state.baja !== 'false' ? 1 : 0);
  const hasFilters = activos > 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {entity.labelPlural}
          </Title>
          <Text size="sm" c="dimmed" data-testid="list-total">
            {data ? totalText(data.Total, data.TotalLimitado) : '\u00a0'}
          </Text>
        </div>
        <Group>
          <ExportMenu
            path={`${apiBase(entity)}/export`}
            params={{ Filtros: JSON.stringify(filtrosOf(state, entity)), Orden: state.orden, Descendente: state.desc }}
            fileBase={entity.name}
          />
          {canCreate && CreateAction && <CreateAction entity={entity} />}
          {extraActions}
          {canCreate && (
            <Button component={Link} to={newPath(entity)} leftSection={<IconPlus size={16} />}>
              {newTitle(entity)}
            </Button>
          )}
        </Group>
      </Group>
      <FilterPanel
        activos={activos}
        onClear={() => setParams(writeListState(readListState(new URLSearchParams(), entity), entity, params))}
        footer={
          hasBaja(entity) && (
            <SegmentedControl
              size="xs"
              aria-label="Estado"
              value={state.baja}
              onChange={(v) => update({ baja: v as BajaFilter })}
              data={[
                { value: 'false', label: 'Activos' },
                { value: 'true', label: 'Anulados' },
                { value: 'todos', label: 'Todos' },
              ]}
            />
          )
        }
      >
        {searchable(entity) && (
          <DebouncedText
            label="Buscar"
            placeholder="Texto a buscar"
            value={state.buscar}
            onChange={(v) => update({ buscar: v })}
          />
        )}
        {filters.map(([name, def]) => {
          const Filter = FILTERS[def.kind];
          return Filter ? (
            <Filter
              key={name}
              name={name}
              def={def}
              keys={filterKeys(name, def)}
              values={state.filtros}
              onChange={(key, value) => update({ filtros: { ...state.filtros, [key]: value } })}
            />
          ) : null;
        })}
      </FilterPanel>
      <DataTable<Row>
        {...pagedTableProps({
          data,
          fetching: list.isFetching,
          page: state.pagina,
          pageSize: PAGE_SIZE,
          onPageChange: (p) => update({ pagina: p }),
        })}
        columns={columns}
        noRecordsText={hasFilters ? 'No hay registros con estos filtros' : 'Todavía no hay registros'}
        sortStatus={{ columnAccessor: state.orden, direction: state.desc ? 'desc' : 'asc' }}
        onSortStatusChange={(s) => update({ orden: String(s.columnAccessor), desc: s.direction === 'desc' })}
      />
    </Stack>
  );
}
