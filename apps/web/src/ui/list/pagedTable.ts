import { LOADING_TEXT } from '../../platform/ui/LoadingOverlay.tsx';

/** The `{ Items, Total, TotalLimitado }` answer of every list route. */
interface ListPage<T> {
  Items: T[];
  Total: number;
  TotalLimitado?: boolean;
}

const PAGINATION_LABELS = {
  first: 'Primera página',
  last: 'Última página',
  previous: 'Página anterior',
  next: 'Página siguiente',
} as const;

/**
 * The props every paginated list table shares (mantine-datatable): the project's look, 'Cargando datos...', counts
 * capped at 10.000 ("10.000+" when the server says the total is capped) and Spanish labels on the page controls.
 */
export function pagedTableProps<T>(o: {
  data: ListPage<T> | undefined;
  records?: T[];
  fetching: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const records = o.records ?? o.data?.Items ?? [];
  return {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: records.length ? undefined : 180,
    idAccessor: 'Id',
    records,
    fetching: o.fetching,
    loadingText: LOADING_TEXT,
    totalRecords: o.data ? Math.min(o.data.Total, 10_000) : 0,
    recordsPerPage: o.pageSize,
    page: o.page,
    onPageChange: o.onPageChange,
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      `${from}-${to} de ${o.data?.TotalLimitado ? '10.000+' : totalRecords}`,
    getPaginationControlProps: (c: keyof typeof PAGINATION_LABELS) => ({ 'aria-label': PAGINATION_LABELS[c] }),
  } as const;
}
