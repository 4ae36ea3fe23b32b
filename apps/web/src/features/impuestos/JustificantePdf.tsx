import { Button } from '@mantine/core';
import { useState } from 'react';
import { streamDownload } from '../../platform/api/client.ts';
import { notifyError } from '../../platform/ui/notify.ts';
import { save } from '../../ui/list/ExportMenu.tsx';

/** The AEAT's receipt is a small PDF; the server refuses more than this too. */
export const JUSTIFICANTE_MAX_BYTES = 5 * 1024 * 1024;

/** The receipt PDF chosen in «Marcar como presentado»: a Spanish reason when it cannot be one, else null. */
export async function errorJustificante(f: File): Promise<string | null> {
  if (f.size > JUSTIFICANTE_MAX_BYTES) return 'El justificante no puede superar 5 MB';
  // The first bytes, as the server checks them: a renamed file is not a PDF.
  const inicio = new Uint8Array(await f.slice(0, 5).arrayBuffer());
  if (String.fromCharCode(...inicio) !== '%PDF-')
    return 'El justificante debe ser el PDF que entrega la AEAT al presentar (fichero .pdf)';
  return null;
}

/** Downloads a return's receipt PDF (`IdDeclaracion`: the return's id). */
export function DescargarJustificante({ id, etiqueta }: { id: number; etiqueta: string }) {
  const [ocupado, setOcupado] = useState(false);
  const bajar = async () => {
    setOcupado(true);
    try {
      const f = await streamDownload(`impuestos/modtributarios/justificante/${id}`, {}, () => undefined);
      save(f.blob, f.filename ?? `justificante-${id}.pdf`);
    } catch {
      notifyError('No se ha podido descargar el justificante');
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      loading={ocupado}
      aria-label={`Descargar PDF del justificante ${etiqueta}`}
      onClick={() => void bajar()}
    >
      Descargar PDF
    </Button>
  );
}
