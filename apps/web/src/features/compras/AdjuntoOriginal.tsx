import { formatNumber } from '@faro/domain';
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { IconDownload, IconTrash } from '../../ui/icons.tsx';
import type { DocumentoVenta } from '../documentos/documentosModel.ts';
import { logoProblem } from '../empresa/LogoUpload.tsx';

/** The original's size cap on the server (5 MB), in KB as the spec's message takes it. */
export const ADJUNTO_LIMITE_KB = 5 * 1024;
export const ADJUNTO_TIPOS = 'image/jpeg,image/png,application/pdf';

/** Spec file rules (jpg, png or pdf, ≤ 5 MB, a file chosen): the Spanish message, or null when it may be sent. */
export const problemaAdjunto = (file: File | null) => logoProblem(file, ADJUNTO_LIMITE_KB);

const tamano = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, 1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * The attached original of a received invoice or expense (`compras/{recurso}/adjunto/{id}`): see it, replace it or
 * remove it (drafts). The file is checked here with the spec's messages before it is sent; the server checks again.
 */
export function AdjuntoOriginal({
  doc,
  recurso,
  readOnly,
}: {
  doc: DocumentoVenta;
  recurso: string;
  readOnly: boolean;
}) {
  const { info } = useReady();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const ruta = `compras/${recurso}/adjunto/${doc.Id}`;
  const adjunto = doc.Adjunto ?? null;
  // The attachment may be added after registering (the paper arrives later): only removing needs a draft.
  const borrador = doc.Numero === null;

  const recargar = () => client.invalidateQueries({ queryKey: qk.row(info.IdEmpresa, recurso, doc.Id) });
  const subir = async (file: File | null) => {
    const problema = problemaAdjunto(file);
    setError(problema);
    if (problema || !file) return;
    setOcupado(true);
    try {
      await api.upload(ruta, file, { silent: true });
      notifySuccess('El original se ha adjuntado correctamente');
      await recargar();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se ha podido adjuntar el fichero');
    } finally {
      setOcupado(false);
    }
  };
  const ver = async () => {
    const tab = window.open('', '_blank');
    try {
      const blob = await api.download(ruta);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setError('No existe el fichero');
    }
  };
  const quitar = async () => {
    setOcupado(true);
    try {
      await api.del(ruta, { silent: true });
      await recargar();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se ha podido quitar el fichero');
    } finally {
      setOcupado(false);
    }
  };

  return (
    <Stack gap={6} mt="md" data-testid="adjunto">
      <Text size="sm" fw={600}>
        Original (foto o PDF)
      </Text>
      <Group gap="xs">
        {adjunto ? (
          <>
            <Text size="sm" data-testid="adjunto-nombre">
              {adjunto.Nombre} · {tamano(adjunto.Tamano)}
            </Text>
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => void ver()}>
              Ver
            </Button>
            {borrador && !readOnly && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                loading={ocupado}
                onClick={() => void quitar()}
              >
                Quitar
              </Button>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Sin original adjunto.
          </Text>
        )}
        <FileButton onChange={(f) => void subir(f)} accept={ADJUNTO_TIPOS}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={ocupado}>
              {adjunto ? 'Cambiar el original' : 'Adjuntar el original'}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="adjunto-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
