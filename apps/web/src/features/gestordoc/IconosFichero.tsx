import { ActionIcon } from '@mantine/core';
import { IconDownload, IconTrash } from '../../ui/icons.tsx';

/** A stored file's download icon, named after the file. */
export function DescargarFichero({ nombre, onClick }: { nombre: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={`Descargar ${nombre}`} onClick={onClick}>
      <IconDownload size={16} />
    </ActionIcon>
  );
}

/** A stored file's delete icon (red), named after the file. */
export function EliminarFichero({ nombre, onClick }: { nombre: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${nombre}`} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}
