import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One notice of a list (the user's notifications, Faro's notices): priority badge and date line, title in bold
 * while unread, its text, and while unread a button that marks it read (named after the notice's title).
 */
export function TarjetaAviso({
  leido,
  fondo,
  testId,
  prioridad,
  fecha,
  titulo,
  nombre,
  marcar,
  onLeer,
  children,
}: {
  leido: boolean;
  /** The background of an unread one. */
  fondo: string;
  testId: string;
  prioridad: { color: string; label: string };
  fecha: ReactNode;
  titulo: ReactNode;
  /** The notice's title as text, for the button's name. */
  nombre: string;
  /** The button's text ('Marcar como leída'). */
  marcar: string;
  onLeer: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" bg={leido ? undefined : fondo} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge size="sm" color={prioridad.color} variant="light">
              {prioridad.label}
            </Badge>
            <Text size="xs" c="dimmed">
              {fecha}
            </Text>
          </Group>
          <Text fw={leido ? 400 : 700}>{titulo}</Text>
          {children}
        </Stack>
        {!leido && (
          <Button size="xs" variant="default" onClick={onLeer} aria-label={`${marcar}: ${nombre}`}>
            {marcar}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
