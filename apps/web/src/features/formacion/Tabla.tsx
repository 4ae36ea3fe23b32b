import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Columna<T> {
  titulo: string;
  valor: (fila: T) => ReactNode;
  /** Amounts: right-aligned. */
  derecha?: boolean;
}

/** A small striped table of the academy's screens (scrolls sideways inside its container on a phone). */
export function Tabla<T>(p: {
  filas: T[];
  columnas: Columna<T>[];
  clave: (fila: T) => string | number;
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={p.minWidth ?? 480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {p.columnas.map((c) => (
              <Table.Th key={c.titulo} ta={c.derecha ? 'right' : undefined}>
                {c.titulo}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.filas.map((f) => (
            <Table.Tr key={p.clave(f)}>
              {p.columnas.map((c) => (
                <Table.Td key={c.titulo} ta={c.derecha ? 'right' : undefined}>
                  {c.valor(f)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
