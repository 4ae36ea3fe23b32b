/**
 * Whether a database error means "the server cannot be reached right now" (the embedded postmaster restarting after
 * a crash, ADR 0003; a PostgreSQL restarting under DATABASE_URL): the request gets a Spanish 503 with Retry-After,
 * not a 500 (http/errors.ts). The pool drops the broken connections itself (pg-pool discards a client that is no
 * longer queryable when it is released), so the next request after the restart connects afresh.
 */

export const BASE_NO_DISPONIBLE =
  'La base de datos no está disponible en este momento (se está recuperando). Vuelve a intentarlo en unos segundos';

// ENOENT: the unix socket's file is gone (the postmaster stopped; the app connects over the socket).
const CODIGOS_RED = new Set(['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, in recovery, shutting down). */
const ESTADOS = new Set(['57P01', '57P02', '57P03']);
const MENSAJES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|the database system is (starting up|in recovery mode|shutting down)/i;

export function esConexionPerdida(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CODIGOS_RED.has(code) || ESTADOS.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MENSAJES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
