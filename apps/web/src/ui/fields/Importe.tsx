import { type AmountOptions, formatAmount } from '@faro/domain';
import { Table } from '@mantine/core';

/** Amounts never wrap: "27.059,64 €" broken after the digits reads as two figures. */
export const SIN_CORTE = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A table cell with an amount: right-aligned, on one line, in the one Spanish format. */
export function TdImporte({ value, ...options }: { value: number | string | null | undefined } & AmountOptions) {
  return (
    <Table.Td ta="right" style={SIN_CORTE}>
      {formatAmount(value, options)}
    </Table.Td>
  );
}
