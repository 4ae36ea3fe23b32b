import { Card, FileInput, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { call } from '../../platform/api/client.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import type { CanalFiscal, ConfigFiscal, EnvioFiscal, FilaFiscal } from './canal.ts';

/**
 * The company's certificate of a channel: which one is stored and since when, and (to whom may configure) the
 * upload of a .p12/.pfx with its password (`POST …/certificado`; the server keeps it encrypted and answers the
 * settings).
 */
export function CertificadoCanal<C extends ConfigFiscal>({
  canal: { ruta, permiso, fechaHora },
  titulo,
  actual,
  editable,
  onCargado,
}: {
  /** Where the channel's API hangs, who may configure it and how it writes an instant. */
  canal: Pick<CanalFiscal<FilaFiscal, EnvioFiscal, ConfigFiscal>, 'ruta' | 'permiso' | 'fechaHora'>;
  titulo: string;
  actual: ConfigFiscal['Certificado'];
  editable: boolean;
  onCargado: (nuevo: C) => Promise<void>;
}) {
  const [fichero, setFichero] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const subir = async () => {
    if (!fichero) return;
    const form = new FormData();
    form.append('Password', password);
    form.append('fichero', fichero, fichero.name);
    try {
      const nuevo = await call<C>('POST', `${ruta}/certificado`, { form });
      notifySuccess('Certificado cargado');
      setFichero(null);
      setPassword('');
      await onCargado(nuevo);
    } catch {
      // the toast shows the error
    }
  };
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {titulo}
        </Text>
        <Text size="sm" c="dimmed">
          {actual ? `Cargado: ${actual.Nombre ?? ''} (${fechaHora(actual.Subido)})` : 'Sin certificado'}. Se guarda
          cifrado; la contraseña nunca se muestra.
        </Text>
        {editable && (
          <Group align="flex-end" grow>
            <FileInput
              label="Fichero .p12 o .pfx"
              accept=".p12,.pfx,application/x-pkcs12"
              value={fichero}
              onChange={setFichero}
              clearable
            />
            <PasswordInput
              label="Contraseña del certificado"
              value={password}
              onChange={(ev) => setPassword(ev.currentTarget.value)}
            />
            <BotonProtegido permiso={permiso} accion="configurar" onClick={subir} disabled={!fichero} variant="light">
              Subir certificado
            </BotonProtegido>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
