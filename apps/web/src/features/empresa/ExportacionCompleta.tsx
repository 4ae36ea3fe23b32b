import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { streamDownload } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { save } from '../../ui/list/ExportMenu.tsx';

export const EXPORTACION_COMPLETA_PATH = 'configuracion/empresa/exportacioncompleta';

/** "Tus datos": the owner downloads every table of the company (JSON and CSV in a zip), to keep or to leave. */
export function ExportacionCompleta() {
  const { info } = useReady();
  const [kb, setKb] = useState<number | null>(null);
  if (!info.Propietario) return null;
  const descargar = async () => {
    setKb(0);
    try {
      const f = await streamDownload(EXPORTACION_COMPLETA_PATH, {}, (p) => setKb(Math.round(p.bytes / 1024)));
      save(f.blob, f.filename ?? 'faro-datos.zip');
      notifySuccess('Exportación completa descargada');
    } finally {
      setKb(null);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Tus datos
        </Title>
        <Text size="sm">
          Descarga todos los datos de la empresa (cada tabla en JSON y en CSV, en un fichero zip). No incluye
          contraseñas ni certificados.
        </Text>
        <Button onClick={descargar} loading={kb !== null} w="fit-content">
          Descargar todos los datos
        </Button>
        {kb !== null && kb > 0 && <Text size="sm" aria-live="polite">{`${kb} KB recibidos…`}</Text>}
      </Stack>
    </Card>
  );
}
