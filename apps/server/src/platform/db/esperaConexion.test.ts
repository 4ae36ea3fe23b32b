import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esConexionPerdida } from './conexionPerdida.ts';
import { openDatabase } from './database.ts';

/**
 * A PostgreSQL that hangs without dying (a stopped postmaster still accepts connections into the kernel's
 * backlog and never answers): a server that accepts and stays silent stands in for it. The pool gives up after
 * FARO_PG_ESPERA_MS and the error is the "database unavailable" kind, which the API answers with its Spanish 503.
 */
let server: Server;
let port = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.push(socket); // accepted, never answered
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('a PostgreSQL that never answers', () => {
  it('fails the wait after FARO_PG_ESPERA_MS with an error the API answers as 503', async () => {
    const antes = process.env.FARO_PG_ESPERA_MS;
    process.env.FARO_PG_ESPERA_MS = '400';
    const database = await openDatabase({ databaseUrl: `postgres://faro@127.0.0.1:${port}/faro` });
    try {
      const t0 = performance.now();
      const error = await database.query('select 1').then(
        () => null,
        (e: unknown) => e,
      );
      const ms = performance.now() - t0;
      expect(error).toBeInstanceOf(Error);
      expect(esConexionPerdida(error)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(350);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      if (antes === undefined) delete process.env.FARO_PG_ESPERA_MS;
      else process.env.FARO_PG_ESPERA_MS = antes;
      await database.close().catch(() => {});
    }
  });
});
