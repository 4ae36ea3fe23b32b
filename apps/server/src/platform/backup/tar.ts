/**
 * The little of the tar format (POSIX ustar) that the embedded PostgreSQL's copies need: regular files and folders,
 * written to a stream and read back from a buffer. No dependency, no system `tar` (GNU tar stops with an error when
 * a file changes while it is read, which is normal for a live PostgreSQL folder).
 */
import type { Writable } from 'node:stream';

export interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  mode: number;
  data: Buffer;
}

const BLOCK = 512;

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
    if (!this.out.write(chunk)) await new Promise<void>((r) => this.out.once('drain', () => r()));
  }

  async dir(name: string, mode = 0o700): Promise<void> {
    await this.write(header(name.endsWith('/') ? name : `${name}/`, 'dir', mode, 0, Date.now()));
  }

  async file(name: string, data: Buffer, mode = 0o600, mtime = Date.now()): Promise<void> {
    await this.write(header(name, 'file', mode, data.length, mtime));
    await this.write(data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
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

/** Reads every entry of an uncompressed tar held in memory. */
export function* readTar(tar: Buffer): Generator<TarEntry> {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const h = tar.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) return;
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
    offset += BLOCK;
    const data = tar.subarray(offset, offset + size);
    offset += Math.ceil(size / BLOCK) * BLOCK;
    if (flag === '5') yield { name: name.replace(/\/$/, ''), type: 'dir', mode, data: Buffer.alloc(0) };
    else if (flag === '0' || flag === '') yield { name, type: 'file', mode, data: Buffer.from(data) };
  }
}
