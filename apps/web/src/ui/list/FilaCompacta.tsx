import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row of a list on a phone (`PagedList`'s `compact`): what it is on the left (number · date), its amount or an
 * action on the right, and the lines below (customer, badges…).
 */
export function FilaCompacta({
  titulo,
  valor,
  accion,
  children,
  'data-testid': testId,
}: {
  titulo: ReactNode;
  valor?: ReactNode;
  accion?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} lineClamp={1}>
          {titulo}
        </Text>
        {valor !== undefined && valor !== null && (
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {valor}
          </Text>
        )}
        {accion}
      </Group>
      {children}
    </Stack>
  );
}
