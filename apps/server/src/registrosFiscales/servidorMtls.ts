import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * The listener of the channels' local simulators (the AEAT, the Diputaciones): HTTPS on 127.0.0.1 at a free port
 * with mutual TLS — only clients holding a certificate of the test CA get through the handshake — each request's
 * body read whole before the channel's handler answers it.
 */

export interface ServidorMtls {
  /** `https://127.0.0.1:<port>` */
  base: string;
  /** Closes every connection and the listener. */
  cerrar(): Promise<void>;
}

export async function escucharMtls(
  certificados: { ca: string; servidor: { key: string; cert: string } },
  atender: (req: IncomingMessage, cuerpo: Buffer, res: ServerResponse) => Promise<void> | void,
): Promise<ServidorMtls> {
  const servidor = createServer(
    {
      key: certificados.servidor.key,
      cert: certificados.servidor.cert,
      ca: certificados.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (b: Buffer) => partes.push(b));
      req.on('end', () => void atender(req, Buffer.concat(partes), res));
    },
  );
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    cerrar: () =>
      new Promise<void>((ok) => {
        servidor.closeAllConnections();
        servidor.close(() => ok());
      }),
  };
}
