import { Button, Card, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card holding a scrollable table: its headings and rows (the people screens' tables). */
export function TablaTarjeta({
  minWidth,
  head,
  caption,
  testId,
  striped = true,
  children,
}: {
  minWidth: number;
  head: string[];
  caption?: string;
  testId?: string;
  striped?: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="0">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped={striped} verticalSpacing="xs" horizontalSpacing="sm" data-testid={testId}>
          {caption && <Table.Caption>{caption}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Approve / refuse a pending correction when it is this side's turn, else who it waits for. */
export function AccionesCorreccion({
  turno,
  espera,
  onResolver,
}: {
  turno: boolean;
  espera: string;
  onResolver: (accion: 'aprobar' | 'rechazar') => void;
}) {
  if (!turno) return <Text size="xs">{espera}</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => onResolver('aprobar')}>
        Aprobar
      </Button>
      <Button size="xs" variant="light" color="red" onClick={() => onResolver('rechazar')}>
        Rechazar
      </Button>
    </Group>
  );
}
