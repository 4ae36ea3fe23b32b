import { Card, type MantineSpacing, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a screen: a bordered card that is a `section` named by its h2 (`id` ties them together). */
export function SeccionTarjeta(p: { id: string; titulo: ReactNode; mb?: MantineSpacing; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={p.id}>
      <Title order={2} size="h4" id={p.id} mb={p.mb ?? 'sm'}>
        {p.titulo}
      </Title>
      {p.children}
    </Card>
  );
}
