import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { forwardRef, type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { buscar } from './documentosApi.ts';

export interface BuscadorProps<T extends { Id: number }> {
  /** API list path of the catalogue (`ventas/clientes/list`). */
  path: string;
  /** Query key name (the entity: invalidated with it). */
  entidad: string;
  value: number | null;
  /** The label of the current value (it may not be among the search results). */
  etiqueta: string;
  opcion: (row: T) => string;
  onPick: (row: T | null) => void;
  label?: string;
  placeholder?: string;
  error?: ReactNode;
  readOnly?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  size?: SelectProps['size'];
  'aria-label'?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  variant?: SelectProps['variant'];
  'data-testid'?: string;
}

const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A selector of a big catalogue searched on the server as the user types (code, name or NIF; 200 ms debounce,
 * 20 results). The rows found are handed back whole, so the caller can copy their data (customer, product).
 */
function BuscadorInner<T extends { Id: number }>(
  {
    path,
    entidad,
    value,
    etiqueta,
    opcion,
    onPick,
    label,
    placeholder,
    error,
    readOnly,
    required,
    autoFocus,
    size,
    onKeyDown,
    onBlur,
    variant,
    ...rest
  }: BuscadorProps<T>,
  ref: React.ForwardedRef<HTMLInputElement>,
) {
  const { info } = useReady();
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  const [debounced] = useDebouncedValue(texto, 200);
  const current = value !== null ? String(value) : null;
  // Typing the label of the value already chosen is not a search.
  const consulta = debounced === etiqueta ? '' : debounced;
  const found = useQuery({
    queryKey: ['empresa', info.IdEmpresa, entidad, 'buscar', consulta],
    queryFn: () => buscar<T>(path, consulta),
    enabled: abierto && !readOnly,
    staleTime: 30_000,
  });
  const rows = useRef(new Map<string, T>());
  const data = useMemo(() => {
    const list = (found.data ?? []).map((r) => {
      rows.current.set(String(r.Id), r);
      return { value: String(r.Id), label: opcion(r) };
    });
    if (current && !list.some((o) => o.value === current)) list.unshift({ value: current, label: etiqueta });
    return list;
  }, [found.data, current, etiqueta, opcion]);

  // Until the server answers for what was just typed, the previous answer is narrowed on screen to what matches it:
  // a fast typist's Enter (or click) never picks a stale first row (typing "SER-001" picked ELE-001 before).
  const pendiente = texto !== etiqueta && texto !== debounced;
  const filtrar: OptionsFilter = ({ options, search }) => {
    if (!pendiente || !search.trim()) return options;
    const palabras = normal(search).split(/\s+/).filter(Boolean);
    return (options as ComboboxItem[]).filter((o) => palabras.every((p) => normal(o.label).includes(p)));
  };

  return (
    <Select
      ref={ref}
      label={label}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      withAsterisk={required && !readOnly}
      size={size}
      variant={variant}
      data={data}
      value={current}
      searchable
      selectFirstOptionOnChange
      clearable={!readOnly && !required}
      readOnly={readOnly}
      autoFocus={autoFocus}
      // Focus (autoFocus on arrival, Tab) does not open the list: it would cover the fields below. Typing, a click
      // or the arrow keys open it.
      openOnFocus={false}
      error={error}
      searchValue={texto}
      onSearchChange={setTexto}
      onDropdownOpen={() => setAbierto(true)}
      onDropdownClose={() => setAbierto(false)}
      filter={filtrar}
      nothingFoundMessage={pendiente || found.isFetching ? 'Buscando…' : 'Sin resultados'}
      onChange={(v) => onPick(v ? (rows.current.get(v) ?? null) : null)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={320}
    />
  );
}

export const BuscadorSelect = forwardRef(BuscadorInner) as <T extends { Id: number }>(
  p: BuscadorProps<T> & { ref?: React.Ref<HTMLInputElement> },
) => ReturnType<typeof BuscadorInner>;
