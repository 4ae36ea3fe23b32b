import { formatAmount } from '@faro/domain';
import { Table } from '@mantine/core';

/** Amount headers and cells of the accounting tables: right-aligned, never wrapped. */
export const derecha = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** A ledger amount: blank when it is zero. */
export const importe = (v: string) => (Number(v) ? formatAmount(v) : '');

/** The headers of amount columns, in order. */
export const columnasImporte = (...titulos: string[]) => titulos.map((titulo) => ({ titulo, style: derecha }));

/** A row's amount cells, one per field named, in order (blank when zero). */
export function CeldasImporte<K extends string>({ fila, campos }: { fila: Record<K, string>; campos: readonly K[] }) {
  return campos.map((k) => (
    <Table.Td key={k} style={derecha}>
      {importe(fila[k])}
    </Table.Td>
  ));
}
