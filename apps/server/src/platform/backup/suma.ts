/**
 * sha256 of a copy, taken as its bytes stream by (never the whole copy in memory). The `.sha256` beside a
 * copy is the sha256sum format, so `sha256sum -c` checks it too.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const TROZO = 1024 * 1024;

/** A pass-through step for a pipeline that hashes what flows through it; `hex()` once the pipeline has ended. */
export function sumaEnCurso(): { paso: Transform; hex(): string } {
  const hash = createHash('sha256');
  let hex: string | undefined;
  const paso = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    paso,
    hex: () => {
      hex ??= hash.digest('hex');
      return hex;
    },
  };
}

/** The sha256 of a file, read as a stream. */
export async function sumaDeFichero(fichero: string): Promise<string> {
  const suma = sumaEnCurso();
  await pipeline(
    createReadStream(fichero, { highWaterMark: TROZO }),
    suma.paso,
    async (fuente: AsyncIterable<Buffer>) => {
      for await (const _ of fuente);
    },
  );
  return suma.hex();
}

/** The same, synchronously (the CLI's check before a restore), 1 MiB at a time. */
export function sumaDeFicheroSync(fichero: string): string {
  const hash = createHash('sha256');
  const fd = openSync(fichero, 'r');
  try {
    const buffer = Buffer.allocUnsafe(TROZO);
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
