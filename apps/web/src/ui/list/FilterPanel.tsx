import { Badge, Button, Card, Group, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { usePhone } from './phone.ts';

export interface FilterPanelProps {
  /** How many filters hold a value (the phone's 'Filtros' button shows it). */
  activos: number;
  /** 'Quitar filtros' (shown while a filter is active). */
  onClear?: () => void;
  /** The filter inputs. */
  children: ReactNode;
  /** Under the inputs, on the left (e.g. the Activos / Anulados control). */
  footer?: ReactNode;
  cols?: SimpleGridProps['cols'];
}

/**
 * The filters of a list in a card. Below 768 px they fold behind one 'Filtros' button with the count of active
 * filters, so the first rows are on screen instead of seven stacked inputs.
 */
export function FilterPanel({ activos, onClear, children, footer, cols }: FilterPanelProps) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const quitar = activos > 0 && onClear && (
    <Button variant="subtle" size="xs" onClick={onClear}>
      Quitar filtros
    </Button>
  );
  const card = (
    <Card withBorder radius="md" padding="md" data-testid="filtros">
      <SimpleGrid cols={cols ?? { base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
      {(footer || quitar) && (
        <Group justify="space-between" mt="sm">
          {footer || <span />}
          {quitar}
        </Group>
      )}
    </Card>
  );
  if (!phone) return card;
  return (
    <>
      <Group justify="space-between">
        <Button
          variant={open ? 'light' : 'default'}
          size="sm"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          rightSection={
            activos > 0 ? (
              <Badge size="sm" circle data-testid="filtros-activos">
                {activos}
              </Badge>
            ) : undefined
          }
        >
          Filtros
        </Button>
        {!open && quitar}
      </Group>
      {open && card}
    </>
  );
}
