import { connect, type Socket } from 'node:net';
import type { Transporter } from 'nodemailer';
import { comprobarDestino, comprobarSmtp, ErrorSalida, type OpcionesComprobar } from './destino.ts';
import { lookupFijo } from './http.ts';

/**
 * The server's SMTP connections: nodemailer speaks SMTP, but every socket it uses is opened here (its `getSocket`
 * hook) to an address checked at that moment. A company's server must be a public host on a submission port
 * (25, 465, 587, 2525) unless the allow-list names it; the platform's SMTP_URL is trusted as its operator set it.
 * Any failure to connect is the uniform ErrorSalida; so is any SMTP error that nodemailer reports as a connection,
 * socket, DNS, TLS or timeout problem (`errorDeCorreo`).
 */

const CONEXION_MS = 15_000;

/** A TCP connection to a checked address (the socket's lookup answers with it), within `timeoutMs`. */
export function conectarTcp(host: string, puerto: number, o: OpcionesComprobar & { smtp?: boolean } = {}) {
  return (o.smtp ? comprobarSmtp(host, puerto, o) : comprobarDestino(host, puerto, o)).then(
    (destino) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: destino.nombre, port: puerto, lookup: lookupFijo(destino.direcciones) });
        const reloj = setTimeout(() => falla('timeout'), CONEXION_MS);
        function falla(causa: 'red' | 'timeout') {
          clearTimeout(reloj);
          socket.destroy();
          reject(new ErrorSalida(causa));
        }
        socket.once('error', () => falla('red'));
        socket.once('connect', () => {
          clearTimeout(reloj);
          socket.removeAllListeners('error');
          resolve(socket);
        });
      }),
  );
}

export interface OpcionesSmtp extends OpcionesComprobar {
  /** An SMTP URL (`smtp://user:pass@host:587`, `smtps://…`): the platform's SMTP_URL. */
  url?: string;
  host?: string;
  puerto?: number;
  seguro?: boolean;
  usuario?: string;
  clave?: string;
  /** Plain SMTP without STARTTLS (a local sink). */
  sinTls?: boolean;
  pool?: boolean;
  maxConexiones?: number;
}

type OpcionesSocket = { host?: string; port?: number | string; secure?: boolean };
type RespuestaSocket = (error: Error | null, r?: { connection: Socket }) => void;

/** A nodemailer transport whose sockets all come from `conectarTcp`. nodemailer loads with the first one. */
export async function transporteSmtp(o: OpcionesSmtp): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  const getSocket = (opts: OpcionesSocket, cb: RespuestaSocket) => {
    const puerto = Number(opts.port) || (opts.secure ? 465 : 587);
    conectarTcp(String(opts.host ?? ''), puerto, { dePlataforma: o.dePlataforma, smtp: true }).then(
      (connection) => cb(null, { connection }),
      (e: Error) => cb(e),
    );
  };
  const comun = {
    getSocket,
    connectionTimeout: CONEXION_MS,
    greetingTimeout: CONEXION_MS,
    socketTimeout: 60_000,
    ...(o.pool ? { pool: true, maxConnections: o.maxConexiones ?? 2 } : {}),
  };
  if (o.url) return nodemailer.createTransport({ url: o.url, ...comun } as never);
  return nodemailer.createTransport({
    host: o.host,
    port: o.puerto ?? 587,
    secure: Boolean(o.seguro),
    ignoreTLS: Boolean(o.sinTls),
    auth: o.usuario ? { user: o.usuario, pass: o.clave ?? '' } : undefined,
    ...comun,
  } as never);
}

const CODIGOS_RED = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);

/**
 * What to say about a failed send: the uniform message for anything below SMTP (and for a refusal), a Spanish
 * sentence with the server's reply code for an SMTP answer (authentication, a rejected recipient or message).
 */
export function errorDeCorreo(error: unknown): Error {
  const e = error as Error & { code?: string; responseCode?: number };
  if (e instanceof ErrorSalida) return e;
  if (e?.code === 'EAUTH') return new Error('El servidor de correo no acepta el usuario o la contraseña');
  if (e?.responseCode && !CODIGOS_RED.has(e.code ?? '')) {
    return new Error(`El servidor de correo rechazó el envío (código ${e.responseCode})`);
  }
  return new ErrorSalida('red');
}
