import { Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api, type ListAnswer, type Params } from '../../platform/api/client.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

/** Shared bits of the platform screens (admin, advisory, contracting): page frame, simple table, formats, PDFs. */

export function Pagina({ titulo, acciones, children }: { titulo: string; acciones?: ReactNode; children: ReactNode }) {
  usePageTitle(titulo);
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        {acciones && <Group gap="xs">{acciones}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

export interface Columna<T> {
  titulo: string;
  celda: (fila: T) => ReactNode;
  numerica?: boolean;
}

/** A plain table (scrolls sideways on a phone inside its focusable container), rows opened by click or Enter. */
export function Tabla<T>({
  filas,
  columnas,
  clave,
  abrir,
  vacio = 'No hay datos',
  etiqueta,
}: {
  filas: T[] | undefined;
  columnas: Columna<T>[];
  clave: (fila: T) => string | number;
  abrir?: (fila: T) => void;
  vacio?: string;
  etiqueta: string;
}) {
  if (!filas) return <Text c="dimmed">Cargando datos...</Text>;
  if (!filas.length) return <Text c="dimmed">{vacio}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover={!!abrir} aria-label={etiqueta}>
        <Table.Thead>
          <Table.Tr>
            {columnas.map((c) => (
              <Table.Th key={c.titulo} ta={c.numerica ? 'right' : undefined}>
                {c.titulo}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((f) => (
            <Table.Tr
              key={clave(f)}
              style={abrir ? { cursor: 'pointer' } : undefined}
              tabIndex={abrir ? 0 : undefined}
              onClick={abrir ? () => abrir(f) : undefined}
              onKeyDown={abrir ? (e) => e.key === 'Enter' && e.target === e.currentTarget && abrir(f) : undefined}
            >
              {columnas.map((c) => (
                <Table.Td key={c.titulo} ta={c.numerica ? 'right' : undefined}>
                  {c.celda(f)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function Paginas({
  total,
  pagina,
  tam,
  onChange,
}: {
  total: number;
  pagina: number;
  tam: number;
  onChange: (p: number) => void;
}) {
  const n = Math.ceil(total / tam);
  if (n <= 1) return null;
  return (
    <Pagination
      total={n}
      value={pagina}
      onChange={onChange}
      getControlProps={(c) => ({
        'aria-label': c === 'next' ? 'Página siguiente' : c === 'previous' ? 'Página anterior' : c,
      })}
    />
  );
}

/** A list call of the platform screens, keyed under 'plataforma' (the admin has no company). */
export function useLista<T, Extra = object>(path: string, params: Params = {}, enabled = true) {
  return useQuery({
    queryKey: ['plataforma', path, params],
    queryFn: () => api.get<ListAnswer<T> & Extra>(path, { params }),
    enabled,
  });
}

export const fecha = (v: string | Date | null | undefined) =>
  v ? new Date(v).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' }) : '—';
export const fechaHora = (v: string | Date | null | undefined) =>
  v ? new Date(v).toLocaleString('es-ES', { timeZone: 'Europe/Madrid' }) : '—';
export const bytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

export function SiNo({
  si,
  textoSi,
  textoNo,
  color = 'green',
}: {
  si: boolean;
  textoSi: string;
  textoNo: string;
  color?: string;
}) {
  return (
    <Badge variant="light" color={si ? color : 'gray'}>
      {si ? textoSi : textoNo}
    </Badge>
  );
}

/** Opens a PDF of the API in a new tab (errors of downloads are not shown, spec §8). */
export async function abrirPdf(path: string) {
  const blob = await api.download(path);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function BotonPdf({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Button variant="light" size="xs" onClick={() => abrirPdf(path).catch(() => {})}>
      {children}
    </Button>
  );
}
