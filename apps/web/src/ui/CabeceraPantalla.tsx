import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading (its one h1) with the screen's actions on the right (new, export…); they wrap on a phone. */
export function CabeceraPantalla({ titulo, children }: { titulo: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      {children}
    </Group>
  );
}
