import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, type ListAnswer, type Params } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';

/** URL values of a list: its filters and other kept parameters, as text ('' = unset). */
export type ListValues = Record<string, string>;

export interface PagedListOptions {
  /** Query-key name (the entity: a mutation that invalidates it refreshes the list). */
  entidad: string;
  /** `GET` path of the list route (`ventas/fventa/list`). */
  path: string;
  /** URL keys that are filters: counted as active filters, cleared by 'Quitar filtros'. */
  filters: readonly string[];
  /** Other URL keys the list keeps (the order, a tab…): not counted, not cleared. */
  keep?: readonly string[];
  /** The `Filtros` object sent to the server from the URL values. */
  filtros: (v: ListValues) => Record<string, unknown>;
  /** Orden / Descendente of the call (fixed or from the URL). */
  orden?: (v: ListValues) => { Orden?: string; Descendente?: boolean };
  pageSize?: number;
  enabled?: boolean;
}

export interface PagedListState<T> {
  values: ListValues;
  pagina: number;
  pageSize: number;
  /** Changes URL values (page back to 1); '' removes a key. */
  set: (patch: ListValues) => void;
  setPagina: (p: number) => void;
  /** Removes every filter (kept keys stay). */
  clear: () => void;
  /** How many filters hold a value. */
  activos: number;
  /** The parameters of the list call (Pagina, TotalPagina, Filtros, Orden, Descendente). */
  params: Params;
  query: UseQueryResult<ListAnswer<T>>;
  data: ListAnswer<T> | undefined;
  rows: T[];
}

export const TAM_PAGINA_LISTA = 50;

/** The URL values of a list: the known keys with a value, in the order given. */
export function leerValores(params: URLSearchParams, keys: readonly string[]): ListValues {
  const out: ListValues = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The URL after a change: known keys written or removed, page back to 1 unless given, other keys kept. */
export function escribirValores(params: URLSearchParams, patch: ListValues, pagina = 1): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === '') next.delete(k);
    else next.set(k, v);
  }
  if (pagina > 1) next.set('pagina', String(pagina));
  else next.delete('pagina');
  return next;
}

/**
 * The state of a paged list kept in the URL (filters, page, order) and its list call (previous page kept on screen
 * while the next one loads). `PagedList` draws it.
 */
export function usePagedList<T>(o: PagedListOptions): PagedListState<T> {
  const { info } = useReady();
  const [url, setUrl] = useSearchParams();
  const keys = [...o.filters, ...(o.keep ?? [])];
  const values = leerValores(url, keys);
  const pagina = Math.max(1, Math.floor(Number(url.get('pagina'))) || 1);
  const pageSize = o.pageSize ?? TAM_PAGINA_LISTA;
  const params: Params = {
    Pagina: pagina,
    TotalPagina: pageSize,
    Filtros: JSON.stringify(o.filtros(values)),
    ...(o.orden?.(values) ?? {}),
  };
  const query = useQuery({
    queryKey: qk.list(info.IdEmpresa, o.entidad, params),
    queryFn: () => api.get<ListAnswer<T>>(o.path, { params }),
    placeholderData: keepPreviousData,
    enabled: o.enabled ?? true,
  });
  return {
    values,
    pagina,
    pageSize,
    set: (patch) => setUrl(escribirValores(url, patch)),
    setPagina: (p) => setUrl(escribirValores(url, {}, p)),
    clear: () => setUrl(escribirValores(url, Object.fromEntries(o.filters.map((k) => [k, ''])))),
    activos: o.filters.filter((k) => values[k]).length,
    params,
    query,
    data: query.data,
    rows: query.data?.Items ?? [],
  };
}
