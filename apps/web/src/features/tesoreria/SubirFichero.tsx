import type { PermissionCode } from '@faro/domain';
import { Alert, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';

/**
 * A card that uploads one file: its title, optional fields before the file (`children`), 'Importar', and the
 * answer in place (the success text `importar` returns, or the server's Spanish message). 'Importar' asks level 2 of
 * `permiso` (disabled with the reason below it).
 */
export function SubirFichero(p: {
  titulo: string;
  accept: string;
  placeholder: string;
  importar: (f: File) => Promise<string>;
  permiso: PermissionCode;
  children?: ReactNode;
}) {
  const [fichero, setFichero] = useState<File | null>(null);
  const [resultado, setResultado] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importar = async () => {
    if (!fichero) return;
    setError(null);
    setResultado(null);
    try {
      setResultado(await p.importar(fichero));
      setFichero(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se ha podido importar el fichero');
    }
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={600}>{p.titulo}</Text>
        <Group align="flex-end" wrap="wrap">
          {p.children}
          <FileInput
            label="Fichero"
            placeholder={p.placeholder}
            accept={p.accept}
            value={fichero}
            onChange={setFichero}
            w={{ base: '100%', sm: 300 }}
          />
          <BotonProtegido permiso={p.permiso} accion="crear" onClick={importar} disabled={!fichero}>
            Importar
          </BotonProtegido>
        </Group>
        {resultado && (
          <Alert color="green" variant="light">
            {resultado}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
