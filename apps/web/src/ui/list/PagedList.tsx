import 'mantine-datatable/styles.css';
import { Group, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { KeyboardEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FilterPanel } from './FilterPanel.tsx';
import { totalText } from './listState.ts';
import { pagedTableProps } from './pagedTable.ts';
import { usePhone } from './phone.ts';
import type { PagedListState } from './usePagedList.ts';

export interface PagedListProps<T extends { Id: number }> {
  /** The state and call of `usePagedList`. */
  list: PagedListState<T>;
  /** The page heading; without it only the count is shown (a list inside a tab). */
  title?: string;
  /** Header buttons (new, export…). */
  actions?: ReactNode;
  /** Between the header and the filters (status panels, alerts). */
  intro?: ReactNode;
  /** The filter inputs (`FiltroSelect`, `FiltroFecha`, `DebouncedText`…); none = no filter card. */
  filters?: ReactNode;
  filterCols?: Parameters<typeof FilterPanel>[0]['cols'];
  /** Between the filters and the table (a selection bar). */
  beforeTable?: ReactNode;
  /** Under the table (page totals). */
  after?: ReactNode;
  columns: DataTableColumn<T>[];
  /** The row on a phone (below 768 px): one cell, no header, no horizontal scroll. */
  compact?: (row: T) => ReactNode;
  /** Where a row leads: click, or Enter on the focused row. */
  rowHref?: (row: T) => string;
  noRecordsText: string;
  /** More DataTable props (selection, sort). */
  table?: Partial<DataTableProps<T>>;
  'data-testid'?: string;
}

/**
 * The paged list of a bespoke screen: heading with the count ("10.000+" when capped), filters kept in the URL
 * (folded behind 'Filtros' on a phone), a table with Spanish page controls and 'Cargando datos...', rows opened by
 * click or Enter, and a compact one-cell row on phones.
 */
export function PagedList<T extends { Id: number }>(p: PagedListProps<T>) {
  const navigate = useNavigate();
  const phone = usePhone();
  const { list } = p;
  const abrir = p.rowHref;
  const compact = phone && p.compact;
  const columns: DataTableColumn<T>[] = compact
    ? [{ accessor: 'Id', title: '', render: (r) => p.compact?.(r) }]
    : p.columns;
  const total = (
    <Text size="sm" c="dimmed" data-testid="list-total">
      {list.data ? totalText(list.data.Total, list.data.TotalLimitado) : '\u00a0'}
    </Text>
  );
  const props = {
    ...pagedTableProps({
      data: list.data,
      records: list.rows,
      fetching: list.query.isFetching,
      page: list.pagina,
      pageSize: list.pageSize,
      onPageChange: list.setPagina,
    }),
    ...(phone ? { paginationSize: 'xs' as const } : {}),
    columns,
    noHeader: !!compact,
    noRecordsText: p.noRecordsText,
    ...(abrir
      ? {
          onRowClick: ({ record }: { record: T }) => navigate(abrir(record)),
          rowStyle: () => ({ cursor: 'pointer' }),
          // Rows are reachable with Tab and open with Enter, like their link.
          customRowAttributes: (record: T) => ({
            tabIndex: 0,
            onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) navigate(abrir(record));
            },
          }),
        }
      : {}),
    ...p.table,
  } as DataTableProps<T>;
  return (
    <Stack gap="md" data-testid={p['data-testid']}>
      {(p.title || p.actions) && (
        <Group justify="space-between" align="flex-end">
          <div>
            {p.title && (
              <Title order={1} fz="h2">
                {p.title}
              </Title>
            )}
            {total}
          </div>
          {p.actions && <Group gap="xs">{p.actions}</Group>}
        </Group>
      )}
      {!p.title && !p.actions && total}
      {p.intro}
      {p.filters && (
        <FilterPanel activos={list.activos} onClear={list.clear} cols={p.filterCols}>
          {p.filters}
        </FilterPanel>
      )}
      {p.beforeTable}
      <DataTable<T> {...props} />
      {p.after}
    </Stack>
  );
}
