import { formatNumber, MSG } from '@faro/domain';
import { api } from '../../platform/api/client.ts';
import { notifyError } from '../../platform/ui/notify.ts';
import { save } from '../../ui/list/ExportMenu.tsx';

/** A stored file as the API lists it (never its storage key). */
export interface FicheroGd {
  Id: number;
  Nombre: string;
  Tipo: string;
  Tamano: number;
  Subido: string;
}

/** The spec's file rules as the browser checks them before uploading (the server checks the first bytes again). */
export const LIMITE_BYTES = 10 * 1024 * 1024;
export const TIPOS = ['image/jpeg', 'image/png', 'application/pdf'];
export const TIPOS_IMAGEN = ['image/jpeg', 'image/png'];

/** "12 KB", "1,5 MB". */
export const tamano = (n: number) =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${formatNumber(n / 1024 / 1024, 1)} MB`;

/** The Spanish message of a file the rules refuse (type, then size), or null when it may be uploaded. */
export function motivoRechazo(f: File, tipos = TIPOS): string | null {
  if (!tipos.includes(f.type)) return MSG.fileType;
  if (f.size > LIMITE_BYTES) return MSG.fileTooBig(10 * 1024);
  return null;
}

/** Downloads a stored file through the API (with the session) and saves it under its name. */
export async function descargarFichero(ruta: string, nombre: string) {
  try {
    save(await api.download(ruta), nombre);
  } catch {
    notifyError(MSG.fileMissing);
  }
}
