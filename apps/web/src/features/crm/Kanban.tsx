import { formatAmount, formatDate, PROBABILIDADES } from '@faro/domain';
import { Badge, Box, Button, Card, Group, Menu, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import type { Columna, Kanban as KanbanData, Oportunidad } from './crmApi.ts';

/** A move asked by drag and drop or by the 'Mover a…' menu: a phase, or a closing status (1 Ganada, 2 Perdida, 3 Anulada). */
export type Destino = { linea: number; estado?: 1 | 2 | 3 };

const CIERRES = [
  { estado: 1 as const, label: 'Ganada', color: 'green' },
  { estado: 2 as const, label: 'Perdida', color: 'red' },
] as const;

/**
 * The kanban of a funnel: a column per phase with its total and weighted forecast; cards move by drag and drop or
 * with the keyboard through 'Mover a…'. Dropping on Ganada / Perdida closes the opportunity.
 */
export function KanbanTablero({
  data,
  puedeMover,
  onMover,
  onAbrir,
}: {
  data: KanbanData;
  puedeMover: boolean;
  onMover: (op: Oportunidad, destino: Destino) => void;
  onAbrir: (op: Oportunidad) => void;
}) {
  const [arrastrando, setArrastrando] = useState<Oportunidad | null>(null);
  const [sobre, setSobre] = useState<string | null>(null);
  const soltar = (destino: Destino, clave: string) => ({
    onDragOver: (e: DragEvent) => {
      if (!arrastrando) return;
      e.preventDefault();
      setSobre(clave);
    },
    onDragLeave: () => setSobre((s) => (s === clave ? null : s)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setSobre(null);
      const op = arrastrando;
      setArrastrando(null);
      if (op && (destino.estado || destino.linea !== op.LinFaseEmbudo)) onMover(op, destino);
    },
    'data-over': sobre === clave || undefined,
  });
  const tarjeta = (op: Oportunidad, col: Columna) => (
    <Card
      key={op.Id}
      withBorder
      padding="xs"
      draggable={puedeMover}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(op.Id));
        e.dataTransfer.effectAllowed = 'move';
        setArrastrando(op);
      }}
      onDragEnd={() => setArrastrando(null)}
      data-testid={`oportunidad-${op.Id}`}
      style={{ cursor: puedeMover ? 'grab' : undefined }}
    >
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        onClick={() => onAbrir(op)}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {op.Titulo}
      </Button>
      <Text size="xs" c="dimmed" truncate>
        {op.Contacto}
      </Text>
      <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {formatAmount(op.Importe)}
        </Text>
        <Badge
          size="xs"
          variant="light"
          color={op.Probabilidad === 2 ? 'green' : op.Probabilidad === 0 ? 'gray' : 'blue'}
        >
          {PROBABILIDADES[op.Probabilidad]?.label}
        </Badge>
      </Group>
      {op.FechaCierre && (
        <Text size="xs" c="dimmed">
          Cierre: {formatDate(op.FechaCierre)}
        </Text>
      )}
      {puedeMover && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" variant="light" mt={4} aria-label={`Mover a… ${op.Titulo}`}>
              Mover a…
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {data.Columnas.filter((c) => c.Linea !== col.Linea).map((c) => (
              <Menu.Item key={c.Linea} onClick={() => onMover(op, { linea: c.Linea })}>
                {c.Nombre}
              </Menu.Item>
            ))}
            <Menu.Divider />
            {CIERRES.map((c) => (
              <Menu.Item
                key={c.estado}
                color={c.color}
                onClick={() => onMover(op, { linea: op.LinFaseEmbudo, estado: c.estado })}
              >
                {c.label}
              </Menu.Item>
            ))}
            <Menu.Item onClick={() => onMover(op, { linea: op.LinFaseEmbudo, estado: 3 })}>Anulada</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Card>
  );
  return (
    <Stack gap="sm">
      <Group gap="lg">
        <Text>
          Total: <b>{formatAmount(data.Total)}</b>
        </Text>
        <Text>
          Previsión ponderada: <b data-testid="kanban-ponderado">{formatAmount(data.Ponderado)}</b>
        </Text>
      </Group>
      <ScrollArea type="auto" offsetScrollbars tabIndex={0} aria-label="Fases del embudo">
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
          {data.Columnas.map((col) => (
            <Paper
              key={col.Linea}
              withBorder
              p="xs"
              w={260}
              miw={240}
              bg="gray.0"
              component="section"
              aria-label={col.Nombre}
              data-testid={`fase-${col.Linea}`}
              {...soltar({ linea: col.Linea }, `f${col.Linea}`)}
              style={{ outline: sobre === `f${col.Linea}` ? '2px dashed var(--mantine-color-blue-6)' : undefined }}
            >
              <Title order={2} size="h5">
                {col.Nombre}{' '}
                <Text span size="xs" c="dimmed">
                  ({col.Probabilidad} %)
                </Text>
              </Title>
              <Text size="xs" c="dimmed" mb="xs">
                {col.Items.length} · {formatAmount(col.Total)} · ponderado {formatAmount(col.Ponderado)}
              </Text>
              <Stack gap="xs" mih={60}>
                {col.Items.map((op) => tarjeta(op, col))}
              </Stack>
            </Paper>
          ))}
          {puedeMover && (
            <Stack gap="sm" w={160} miw={140}>
              {CIERRES.map((c) => (
                <Box
                  key={c.estado}
                  p="md"
                  bd={`2px dashed var(--mantine-color-${c.color}-6)`}
                  style={{
                    borderRadius: 8,
                    textAlign: 'center',
                    background: sobre === `e${c.estado}` ? `var(--mantine-color-${c.color}-light)` : undefined,
                  }}
                  data-testid={`cierre-${c.label}`}
                  {...soltar({ linea: 0, estado: c.estado }, `e${c.estado}`)}
                >
                  <Text fw={600}>{c.label}</Text>
                  <Text size="xs" c="dimmed">
                    Suelta aquí
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
