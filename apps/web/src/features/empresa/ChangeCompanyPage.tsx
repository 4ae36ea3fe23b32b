import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';

/** empresa/lista: the companies of the user; choosing one calls cambiarempre, clears local data and reloads. */
export function ChangeCompanyPage() {
  const { info } = useReady();
  const { changeCompany } = useSession();
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        Cambiar de empresa
      </Title>
      {info.Empresas.length === 0 && <Text c="dimmed">No perteneces a otras empresas.</Text>}
      {info.Empresas.map((e) => {
        const current = e.Id === info.IdEmpresa;
        return (
          <Card key={e.Id} withBorder radius="md" padding="md">
            <Group justify="space-between">
              <div>
                <Text fw={600}>{e.Nombre}</Text>
                <Text size="sm" c="dimmed">
                  {e.Codigo}
                </Text>
              </div>
              {current ? (
                <Badge variant="light">Empresa actual</Badge>
              ) : (
                <Button
                  variant="light"
                  loading={busy === e.Id}
                  onClick={() => {
                    setBusy(e.Id);
                    changeCompany(e.Id).catch(() => setBusy(null));
                  }}
                >
                  Entrar en {e.Nombre}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
