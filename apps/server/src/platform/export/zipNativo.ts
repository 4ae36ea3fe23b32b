import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import type { AsyncFlateStreamHandler, FlateError, ZipInputFile } from 'fflate';

/**
 * A zip entry deflated by Node's zlib for fflate's streaming `Zip` (which still writes the headers, the data
 * descriptor and the directory). fflate's own `ZipDeflate` deflates in JavaScript on the event loop: ~10× slower
 * for a year's XDiario (~300 MB of text); zlib runs on the thread pool, beside the code producing the next lines.
 * `push` waits while zlib holds too much (back-pressure); `end` resolves once the entry's last byte is out.
 */
export class ZipDeflateNativo implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;
  private readonly z: DeflateRaw;
  private readonly fin: Promise<void>;

  constructor(
    readonly filename: string,
    level = 6,
  ) {
    this.z = createDeflateRaw({ level });
    this.z.on('data', (chunk: Buffer) => this.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, false));
    this.fin = new Promise((resolve, reject) => {
      this.z.once('end', () => {
        this.ondata?.(null, new Uint8Array(new ArrayBuffer(0)), true);
        resolve();
      });
      this.z.once('error', (e) => {
        this.ondata?.(Object.assign(e, { code: 0 }) as FlateError, null as unknown as Uint8Array<ArrayBuffer>, true);
        reject(e);
      });
    });
  }

  async push(chunk: Uint8Array): Promise<void> {
    if (!chunk.length) return;
    this.size += chunk.length;
    this.crc = crc32(chunk, this.crc);
    this.z.write(chunk);
    // zlib may hold a few batches (so it deflates while the next one is produced), not the year.
    if (this.z.writableLength > 16 * 1024 * 1024) await once(this.z, 'drain');
  }

  end(): Promise<void> {
    this.z.end();
    return this.fin;
  }
}
