import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AllowedFileType } from '@faro/domain';

/**
 * The text of a ticket's photo or PDF, read by the system's tools (Debian's `poppler-utils` and `tesseract-ocr` +
 * `tesseract-ocr-spa`, installed by `.ci/run`): `pdftotext -layout` for a PDF with text, `tesseract … -l spa` for
 * an image or a scanned PDF (its first page rasterised by `pdftoppm`). Each tool runs without a shell, on a copy in
 * a private temporary folder removed afterwards, within a time and output limit, a few at a time per process.
 */

/** How long one tool may run before it is killed (an unreadable or hostile file is given up, not waited for). */
export const LECTURA_MS = 20_000;
/** The most text a tool may print (a ticket is a few KB; more means it is not a ticket). */
const SALIDA_MAX = 512 * 1024;
/** The largest image read: a phone's photo is 12–50 Mpx; a decompression bomb is refused before any tool runs. */
export const MAX_PIXELES = 60_000_000;
/** OCR is CPU work: this many readings at once per process, the rest wait their turn. */
const A_LA_VEZ = 2;

export type ResultadoLectura =
  | { ok: true; texto: string; origen: 'pdf' | 'ocr' }
  | { ok: false; motivo: 'sinTexto' | 'lento' | 'grande' };

class FueraDeTiempo extends Error {}

function ejecutar(programa: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      programa,
      args,
      {
        timeout: LECTURA_MS,
        killSignal: 'SIGKILL',
        maxBuffer: SALIDA_MAX,
        encoding: 'utf8',
        windowsHide: true,
        // One thread per tesseract (the cores are shared), and nothing of the server's environment.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', OMP_THREAD_LIMIT: '1', LC_ALL: 'C.UTF-8' },
      },
      (error, stdout) => {
        if (error && (error as { killed?: boolean }).killed) reject(new FueraDeTiempo());
        else if (error) reject(error);
        else resolve(stdout);
      },
    );
  });
}

let enCurso = 0;
const esperando: (() => void)[] = [];

async function enTurno<T>(trabajo: () => Promise<T>): Promise<T> {
  if (enCurso >= A_LA_VEZ) await new Promise<void>((r) => esperando.push(r));
  enCurso++;
  try {
    return await trabajo();
  } finally {
    enCurso--;
    esperando.shift()?.();
  }
}

/** Width × height of a PNG (IHDR) or a JPEG (its first SOF marker); null when the header does not say. */
export function dimensiones(bytes: Buffer, tipo: AllowedFileType): { ancho: number; alto: number } | null {
  if (tipo === 'png')
    return bytes.length >= 24 ? { ancho: bytes.readUInt32BE(16), alto: bytes.readUInt32BE(20) } : null;
  if (tipo !== 'jpg') return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marca = bytes[i + 1]!;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
    if (marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc)
      return { alto: bytes.readUInt16BE(i + 5), ancho: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

const ocr = (imagen: string) => ejecutar('tesseract', [imagen, '-', '-l', 'spa', '--psm', '4']);

/** Reads the text of a ticket's file (already checked by its first bytes). */
export async function leerTextoTicket(bytes: Buffer, tipo: AllowedFileType): Promise<ResultadoLectura> {
  if (tipo !== 'pdf') {
    const d = dimensiones(bytes, tipo);
    if (!d || d.ancho * d.alto > MAX_PIXELES) return { ok: false, motivo: 'grande' };
  }
  return enTurno(async () => {
    const carpeta = await mkdtemp(join(tmpdir(), 'faro-ticket-'));
    try {
      const fichero = join(carpeta, `ticket.${tipo}`);
      await writeFile(fichero, bytes, { mode: 0o600 });
      if (tipo === 'pdf') {
        const texto = await ejecutar('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', '2', fichero, '-']);
        if (texto.replace(/\s/g, '').length >= 10) return { ok: true, texto, origen: 'pdf' };
        // A scanned PDF: its first page as an image, then OCR.
        const pagina = join(carpeta, 'pagina');
        await ejecutar('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-singlefile', '-png', fichero, pagina]);
        const escaneado = await ocr(`${pagina}.png`);
        return escaneado.trim() ? { ok: true, texto: escaneado, origen: 'ocr' } : { ok: false, motivo: 'sinTexto' };
      }
      const texto = await ocr(fichero);
      return texto.trim() ? { ok: true, texto, origen: 'ocr' } : { ok: false, motivo: 'sinTexto' };
    } catch (error) {
      // A tool that fails on a file (or is missing) leaves the person to type the ticket: never a 500.
      return { ok: false, motivo: error instanceof FueraDeTiempo ? 'lento' : 'sinTexto' };
    } finally {
      await rm(carpeta, { recursive: true, force: true });
    }
  });
}
