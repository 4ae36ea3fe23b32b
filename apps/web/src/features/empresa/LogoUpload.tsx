import { MSG } from '@faro/domain';
import { Alert, Button, Card, FileInput, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';

/** The server's logo route and its size cap (1 MB). */
export const LOGO_PATH = 'configuracion/empresa/logo';
export const LOGO_LIMIT_KB = 1024;
export const LOGO_SAVED = 'El logotipo se ha guardado correctamente';

const ALLOWED = /\.(jpe?g|png|pdf)$/i;
const ALLOWED_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * Spec section 5, attached files: only images (jpg, png) and pdf, within the size cap (given in KB), and a file
 * must be chosen. Null when the file may be sent.
 */
export function logoProblem(file: File | null, limitKb = LOGO_LIMIT_KB): string | null {
  if (!file || file.size === 0) return MSG.fileMissing;
  if (!ALLOWED.test(file.name) || (file.type && !ALLOWED_TYPES.has(file.type))) return MSG.fileType;
  if (file.size > limitKb * 1024) return MSG.fileTooBig(limitKb);
  return null;
}

/** The current logo (fetched with the session's token) and the upload of a new one. */
export function LogoUpload({ readOnly }: { readOnly: boolean }) {
  const { info } = useReady();
  const queryClient = useQueryClient();
  const key = ['empresa', info.IdEmpresa, 'logo'];
  const current = useQuery({
    queryKey: key,
    queryFn: () => api.download(LOGO_PATH).catch(() => null),
  });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    const blob = current.data;
    if (!blob?.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const href = URL.createObjectURL(blob);
    setPreview(href);
    return () => URL.revokeObjectURL(href);
  }, [current.data]);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    const problem = logoProblem(file);
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    try {
      await api.upload(LOGO_PATH, file, { silent: true });
      notifySuccess(LOGO_SAVED);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MSG.fileMissing);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="logo-upload">
      <Title order={2} fz="h4" mb="md">
        Logotipo
      </Title>
      <Stack>
        {preview ? (
          <Image src={preview} alt="Logotipo de la empresa" h={80} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {current.data ? 'Logotipo en pdf' : 'Sin logotipo'}
          </Text>
        )}
        {!readOnly && (
          <Group align="flex-end">
            <FileInput
              label="Nuevo logotipo"
              description="Imagen jpg o png, o pdf; hasta 1MB"
              placeholder="Elige un fichero"
              accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
              value={file}
              onChange={(f) => {
                setFile(f);
                setError(f ? logoProblem(f) : null);
              }}
              clearable
              style={{ flex: 1 }}
            />
            <Button onClick={() => void upload()} loading={busy}>
              Subir logotipo
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="logo-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
