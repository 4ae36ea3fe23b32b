import { Tabs, type TabsProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Pestana {
  valor: string;
  etiqueta: ReactNode;
  contenido: ReactNode;
}

/**
 * A screen's tabs from a table: the tab list, then each tab's panel below it. `false` or `undefined` leaves a tab out (one the
 * company or the user does not have). Every other prop goes to Mantine's `Tabs` (`value`/`onChange` or
 * `defaultValue`, `keepMounted`).
 */
export function Pestanas({
  pestanas,
  ...tabs
}: { pestanas: (Pestana | false | undefined)[] } & Omit<TabsProps, 'children'>) {
  const visibles = pestanas.filter((p): p is Pestana => !!p);
  return (
    <Tabs {...tabs}>
      <Tabs.List>
        {visibles.map((p) => (
          <Tabs.Tab key={p.valor} value={p.valor}>
            {p.etiqueta}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {visibles.map((p) => (
        <Tabs.Panel key={p.valor} value={p.valor} pt="md">
          {p.contenido}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
