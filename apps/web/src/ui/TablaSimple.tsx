import { Table, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A header cell: its text, or its text with the cell's own props (alignment, width). */
export type ColumnaTabla = string | ({ titulo: ReactNode; clave?: string } & Omit<TableThProps, 'children'>);

/**
 * The plain table of the bespoke screens: a focusable scroll container (wide tables scroll inside it on phones),
 * one header row of column names and the rows the screen draws. `th` goes to every header cell (`scope`); extra
 * props go to Mantine's `Table`.
 */
export function TablaSimple({
  columnas,
  minWidth = 360,
  th,
  children,
  ...tabla
}: {
  columnas: readonly ColumnaTabla[];
  minWidth?: number;
  th?: Omit<TableThProps, 'children'>;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tabla}>
        <Cabecera columnas={columnas} th={th} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A header cell aligned right, over a column of amounts. */
export const derecha = (titulo: string): ColumnaTabla => ({ titulo, ta: 'right' });

/** The header row alone, for a table drawn without the scroll container (a short totals table in a card). */
export function Cabecera({ columnas, th }: { columnas: readonly ColumnaTabla[]; th?: Omit<TableThProps, 'children'> }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columnas.map((c, i) => {
          if (typeof c === 'string')
            return (
              <Table.Th key={c} {...th}>
                {c}
              </Table.Th>
            );
          const { titulo, clave, ...propias } = c;
          return (
            <Table.Th key={clave ?? (typeof titulo === 'string' ? titulo : i)} {...th} {...propias}>
              {titulo}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
