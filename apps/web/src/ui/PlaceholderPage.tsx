import { Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { IconTool } from './icons.tsx';

/** Routes whose screens come with later issues: they exist and say so clearly. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Center mih="50vh">
      <Paper withBorder p="xl" radius="lg" maw={520} w="100%" data-testid="placeholder">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTool size={28} />
          </ThemeIcon>
          <Title order={1} fz="h2" ta="center">
            {title}
          </Title>
          <Text fw={600} c="orange">
            En preparación
          </Text>
          <Text ta="center" c="dimmed">
            Esta pantalla estará disponible en una próxima versión de Faro.
          </Text>
          <Anchor component={Link} to="/">
            Volver al inicio
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The screen a feature's table gives an action, or the placeholder page when the table has none. */
export function PantallaDeAccion(p: {
  pantallas: Readonly<Record<string, ComponentType>>;
  action: string;
  title: string;
}) {
  const Pantalla = Object.hasOwn(p.pantallas, p.action) ? p.pantallas[p.action] : undefined;
  return Pantalla ? <Pantalla /> : <PlaceholderPage title={p.title} />;
}
