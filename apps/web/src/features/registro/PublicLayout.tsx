import { Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FaroLogo } from '../../ui/icons.tsx';

/** The logged-out page: a centred card with the product mark (or the company's logo on registro/{código}). */
export function PublicLayout({
  title,
  subtitle,
  logo,
  children,
}: {
  title: string;
  subtitle?: string;
  logo?: { src: string | null; name: string } | null;
  children: ReactNode;
}) {
  return (
    <Center
      mih="100vh"
      p="md"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-faro-0), var(--mantine-color-gray-0) 60%)' }}
    >
      <Box w="100%" maw={420}>
        <Stack align="center" gap={6} mb="lg">
          {logo?.src ? (
            <Image src={logo.src} alt={`Logo de ${logo.name}`} mah={72} w="auto" fit="contain" />
          ) : (
            <Group gap={10}>
              <FaroLogo size={40} />
              <Text fw={800} fz={28} c="faro.8">
                Faro
              </Text>
            </Group>
          )}
          {logo && (
            <Text fw={600} data-testid="registro-empresa">
              {logo.name}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" radius="lg" p="xl" component="main">
          <Title order={1} fz="h3" mb={subtitle ? 4 : 'md'}>
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed" mb="md">
              {subtitle}
            </Text>
          )}
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
