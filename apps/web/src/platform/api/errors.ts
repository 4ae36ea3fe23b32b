import { MSG } from '@faro/domain';

export interface FieldError {
  Campo: string;
  Mensaje: string;
}

/** A failed call. `message` is what the user was (or would have been) shown; null for the silent 401. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown when the session ends without a message (401, missing token, expiry or refresh token). */
export class SilentLogout extends Error {
  constructor() {
    super('logout');
    this.name = 'SilentLogout';
  }
}

const isBinary = (b: unknown): b is ArrayBuffer | ArrayBufferView => b instanceof ArrayBuffer || ArrayBuffer.isView(b);

/** Binary bodies are decoded as text and the surrounding quotes stripped. */
export function decodeBinary(body: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return stripQuotes(new TextDecoder().decode(bytes).trim());
}

const stripQuotes = (s: string) => s.replace(/^"(.*)"$/s, '$1');

/**
 * The error catalogue of spec section 8. Returns the text to show, or null for a 401 (silent logout).
 * 404, 403 and 504 have fixed texts; otherwise a string body is shown as is, a binary body decoded, a
 * `{ Mensaje }` body (4xx) its Mensaje, anything else the generic internal-error text.
 */
export function errorMessage(status: number, body: unknown): string | null {
  if (status === 401) return null;
  if (status === 404) return MSG.notFound;
  if (status === 403) return MSG.forbidden;
  if (status === 504) return MSG.noConnection;
  if (typeof body === 'string') {
    const text = body.trim();
    return text && !text.startsWith('<') ? stripQuotes(text) : MSG.internal;
  }
  if (isBinary(body)) return decodeBinary(body) || MSG.internal;
  if (status < 500 && body && typeof body === 'object' && 'Mensaje' in body) {
    const m = (body as { Mensaje: unknown }).Mensaje;
    if (typeof m === 'string' && m) return m;
  }
  // A server error recorded for the administrators carries its reference: the user can quote it.
  const ref = body && typeof body === 'object' ? (body as { Referencia?: unknown }).Referencia : undefined;
  if (status >= 500 && typeof ref === 'string' && /^[A-Z0-9]{4,16}$/.test(ref)) {
    return `${MSG.internal} (referencia ${ref})`;
  }
  return MSG.internal;
}

/** The server's 400 field errors, when the body carries them. */
export function fieldErrors(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object' || !('Errores' in body)) return [];
  const list = (body as { Errores: unknown }).Errores;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is FieldError =>
      !!e && typeof e === 'object' && typeof e.Campo === 'string' && typeof e.Mensaje === 'string',
  );
}

/** The message of a client-side failure: a timeout is the 'no connection' text, a network error its own message. */
export function networkErrorMessage(err: unknown, timedOut: boolean): string {
  if (timedOut) return MSG.noConnection;
  if (err instanceof Error && err.message) return err.message;
  return MSG.noConnection;
}
