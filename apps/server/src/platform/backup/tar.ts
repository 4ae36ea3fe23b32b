/**
 * The little of the tar format (POSIX ustar) that the embedded PostgreSQL's copies need: regular files and folders,
 * written to a stream and read back from a stream, one chunk at a time (a copy of any size is made and restored in
 * bounded memory). No dependency, no system `tar` (GNU tar stops with an error when a file changes while it is read,
 * which is normal for a live PostgreSQL folder; `tar-stream` rejects an entry shorter or longer than its header).
 */
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';

export interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  mode: number;
  size: number;
  /**
   * The entry's bytes, in chunks as they come (at most `size` bytes in all). Read them before asking for the next
   * entry; what is left unread is skipped.
   */
  data: AsyncIterable<Buffer>;
}

const BLOCK = 512;
/** A file's bytes are read in chunks of this size (and a shrunk file padded with zeros in chunks of it). */
export const TAR_CHUNK = 256 * 1024;

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, type: 'file' | 'dir', mode: number, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(base) > 100) {
    const cut = name.lastIndexOf('/', 154);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`Nombre demasiado largo: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  if (size > 0o77777777777) throw new Error(`Fichero demasiado grande para la copia: ${name}`);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(mode & 0o7777, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(type === 'dir' ? '5' : '0', 156, 1, 'ascii');
  h.write('ustar\u000000', 257, 8, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

/** Writes entries to a stream (usually a gzip stream), respecting back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('La copia se ha interrumpido');
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          this.out.off('drain', done);
          this.out.off('close', done);
          this.out.off('error', reject);
          resolve();
        };
        this.out.once('drain', done);
        this.out.once('close', done);
        this.out.once('error', reject);
      });
    }
  }

  async dir(name: string, mode = 0o700): Promise<void> {
    await this.write(header(name.endsWith('/') ? name : `${name}/`, 'dir', mode, 0, Date.now()));
  }

  /** A small entry held in memory (settings, backup_label). */
  async file(name: string, data: Buffer, mode = 0o600, mtime = Date.now()): Promise<void> {
    await this.write(header(name, 'file', mode, data.length, mtime));
    await this.write(data);
    await this.pad(data.length);
  }

  /**
   * A file on disk, read in chunks: exactly `size` bytes (its size when it was listed). A live PostgreSQL file may
   * change meanwhile, as in pg_basebackup: bytes written beyond `size` are left out and a file that shrank is padded
   * with zeros (the copy's WAL replay repairs both). Returns false when the file had vanished (nothing written).
   */
  async fileFromDisk(name: string, file: string, size: number, mode = 0o600, mtime = Date.now()): Promise<boolean> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch {
      return false; // removed between the listing and now (a dropped table): its WAL says so
    }
    // The next chunk is read while the current one is being written (the disk and the output overlap).
    const leer = (desde: number) => {
      const buffer = Buffer.allocUnsafe(Math.min(TAR_CHUNK, size - desde));
      return handle.read(buffer, 0, buffer.length, desde);
    };
    let siguiente: ReturnType<typeof leer> | null = null;
    try {
      await this.write(header(name, 'file', mode, size, mtime));
      let done = 0;
      siguiente = size > 0 ? leer(0) : null;
      while (siguiente) {
        const { bytesRead, buffer } = await siguiente;
        siguiente = null;
        if (bytesRead === 0) break;
        const hecho = done + bytesRead;
        if (hecho < size) siguiente = leer(hecho);
        await this.write(buffer.subarray(0, bytesRead));
        done = hecho;
      }
      while (done < size) {
        const zeros = Buffer.alloc(Math.min(TAR_CHUNK, size - done));
        await this.write(zeros);
        done += zeros.length;
      }
      await this.pad(size);
      return true;
    } finally {
      await siguiente?.catch(() => undefined);
      await handle.close();
    }
  }

  private async pad(size: number): Promise<void> {
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /** The two zero blocks that end an archive, then the end of the stream. */
  async end(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
  }
}

const TRUNCATED = 'La copia está cortada: el archivo tar termina antes de tiempo';

/** Pulls exact amounts from a stream of chunks, holding at most one chunk (plus a header) at a time. */
class Reader {
  private readonly it: AsyncIterator<Buffer>;
  private rest: Buffer = Buffer.alloc(0);
  private ended = false;
  /** Bytes of the current entry not yet handed out. */
  pending = 0;

  constructor(source: AsyncIterable<Buffer | Uint8Array | string>) {
    const it = source[Symbol.asyncIterator]();
    this.it = {
      next: async () => {
        const r = await it.next();
        return r.done ? r : { done: false, value: Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value) };
      },
    };
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const r = await this.it.next();
    if (r.done) {
      this.ended = true;
      return false;
    }
    this.rest = this.rest.length ? Buffer.concat([this.rest, r.value]) : r.value;
    return true;
  }

  /** Exactly n bytes (a header), or undefined at the end of the stream. */
  async exact(n: number): Promise<Buffer | undefined> {
    while (this.rest.length < n) if (!(await this.fill())) return this.rest.length ? truncated() : undefined;
    const out = this.rest.subarray(0, n);
    this.rest = this.rest.subarray(n);
    return out;
  }

  /** The next up-to-`pending` bytes of the current entry, as they come. */
  async *entryData(): AsyncGenerator<Buffer> {
    while (this.pending > 0) {
      if (!this.rest.length && !(await this.fill())) truncated();
      const out = this.rest.subarray(0, Math.min(this.pending, this.rest.length));
      this.rest = this.rest.subarray(out.length);
      this.pending -= out.length;
      yield out;
    }
  }

  async skip(n: number): Promise<void> {
    while (n > 0) {
      if (!this.rest.length && !(await this.fill())) truncated();
      const k = Math.min(n, this.rest.length);
      this.rest = this.rest.subarray(k);
      n -= k;
    }
  }

  /** Reads (and discards) whatever follows the archive's end, so that a checksum over the source sees it all. */
  async drain(): Promise<void> {
    this.rest = Buffer.alloc(0);
    while (await this.fill()) this.rest = Buffer.alloc(0);
  }
}

function truncated(): never {
  throw new Error(TRUNCATED);
}

/**
 * Reads the entries of an uncompressed tar stream (a gunzip stream, a file stream) in order. Each entry's `data`
 * must be read before the next entry is asked for (what is not read is skipped). Memory: one chunk of the source.
 */
export async function* readTarStream(source: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<TarEntry> {
  const reader = new Reader(source);
  for (;;) {
    const h = await reader.exact(BLOCK);
    if (!h || h.every((b) => b === 0)) break;
    const text = (start: number, length: number) =>
      h
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const stored = Number.parseInt(text(148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    if (sum !== stored) throw new Error('La copia no es un archivo tar válido');
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const mode = Number.parseInt(text(100, 8).trim() || '600', 8);
    const flag = text(156, 1);
    reader.pending = size;
    if (flag === '5') {
      yield { name: name.replace(/\/$/, ''), type: 'dir', mode, size: 0, data: empty() };
    } else if (flag === '0' || flag === '') {
      yield { name, type: 'file', mode, size, data: reader.entryData() };
    }
    await reader.skip(reader.pending + ((BLOCK - (size % BLOCK)) % BLOCK));
    reader.pending = 0;
  }
  await reader.drain();
}

async function* empty(): AsyncGenerator<Buffer> {}
