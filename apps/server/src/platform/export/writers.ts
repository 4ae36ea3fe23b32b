import type { Writable } from 'node:stream';
import type { Cell, Column } from './cells.ts';

/** One export format: a header, batches of rows, an end. Writers stream into `out` and never hold all rows. */
export interface SheetWriter {
  readonly contentType: string;
  readonly extension: string;
  begin(out: Writable, title: string, columns: Column[], total: number): Promise<void> | void;
  rows(cells: Cell[][]): Promise<void> | void;
  end(): Promise<void>;
}

/** Waits until `out` wants more (bounded memory when the client reads slowly). */
export function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onDrain);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onDrain);
  });
}

export const xmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
