import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the document manager keeps the bytes (never in the database row). `almacenLocal` writes under a folder;
 * an S3-compatible store implements the same three calls (PutObject, GetObject, DeleteObject under the same key).
 */
export interface Almacen {
  guardar(clave: string, datos: Buffer): Promise<void>;
  leer(clave: string): Promise<Buffer | null>;
  borrar(clave: string): Promise<void>;
}

const CLAVE = /^\d+\/[0-9a-f-]{36}$/;

export function almacenLocal(carpeta: string): Almacen {
  const ruta = (clave: string) => {
    if (!CLAVE.test(clave)) throw new Error('Clave de almacén no válida');
    return path.join(carpeta, clave);
  };
  return {
    async guardar(clave, datos) {
      const f = ruta(clave);
      await mkdir(path.dirname(f), { recursive: true });
      await writeFile(f, datos, { flag: 'wx' });
    },
    async leer(clave) {
      try {
        return await readFile(ruta(clave));
      } catch {
        return null;
      }
    },
    async borrar(clave) {
      await rm(ruta(clave), { force: true });
    },
  };
}
