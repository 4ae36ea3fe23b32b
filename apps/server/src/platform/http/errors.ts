import { installSpanishErrors, MSG } from '@faro/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BASE_NO_DISPONIBLE, esConexionPerdida } from '../db/conexionPerdida.ts';
import { errorReference, type InternalErrorRecorder } from './internalErrors.ts';

export interface FieldError {
  Campo: string;
  Mensaje: string;
}

/** A failure the user can act on: a 4xx with a Spanish message (and field errors for 400). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errores: FieldError[] = [],
  ) {
    super(message);
  }
}

/** A 429 with Retry-After (seconds): too many attempts; the handler sets the header. */
export class TooManyError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, message);
  }
}

export const notFound = () => new AppError(404, MSG.notFound);
export const forbidden = () => new AppError(403, MSG.forbidden);
export const unauthorized = () => new AppError(401, 'La sesión ha caducado. Vuelve a iniciar sesión');
export const badRequest = (message: string, errores: FieldError[] = []) => new AppError(400, message, errores);
export const fieldError = (Campo: string, Mensaje: string) => new AppError(400, MSG.formInvalid, [{ Campo, Mensaje }]);

export class ValidationError extends AppError {
  constructor(issues: z.core.$ZodIssue[]) {
    super(
      400,
      MSG.formInvalid,
      issues.map((i) => ({ Campo: i.path.map(String).join('.'), Mensaje: i.message })),
    );
  }
}

/** SQLSTATE of a database error, wherever the driver or Drizzle put it. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Never a stack trace or a 500 for bad input: every error becomes a Spanish message and the right status. */
export function installErrorHandler(app: FastifyInstance, recordInternal?: InternalErrorRecorder): void {
  // zod's own defaults are English: every schema of the server answers with the domain's Spanish texts.
  installSpanishErrors();
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyError && error.retryAfter > 0) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(error.errores.length ? body(error) : { Mensaje: error.message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ Mensaje: 'La petición es demasiado grande' });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send({ Mensaje: 'Tipo de contenido no admitido: envía JSON' });
    }
    if (status >= 400 && status < 500) {
      const message =
        code?.startsWith('FST_ERR_CTP') ||
        (error as { validation?: unknown }).validation ||
        error instanceof SyntaxError
          ? 'La petición no tiene un formato válido'
          : status === 404
            ? MSG.notFound
            : status === 429
              ? 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo'
              : 'La petición no es válida';
      return reply.status(status).send({ Mensaje: message });
    }
    const state = sqlState(error);
    // Bad text or numbers the database refused (22021/22P05: a NUL byte or invalid UTF-8 the input guard cannot
    // see, e.g. a multipart part a route reads itself): the client's input, never an internal error.
    if (['22P02', '22003', '22007', '22008', '22021', '22P05'].includes(state ?? '')) {
      return reply.status(400).send({ Mensaje: MSG.format });
    }
    // The database restarting (the embedded postmaster after a crash): try again shortly, not an internal error.
    if (esConexionPerdida(error))
      return reply.status(503).header('retry-after', '2').send({ Mensaje: BASE_NO_DISPONIBLE });
    // Recorded for the administrators with a reference the user sees (never the stack in the answer).
    const referencia = errorReference();
    request.log.error({ err: error, referencia }, 'error interno');
    await recordInternal?.(request, error, referencia).catch((e: unknown) =>
      request.log.error({ err: e, referencia }, 'no se pudo registrar el error interno'),
    );
    return reply.status(500).send({ Mensaje: `${MSG.internal} (referencia ${referencia})`, Referencia: referencia });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ Mensaje: MSG.notFound }));
}

function body(error: AppError) {
  return { Mensaje: error.message, Errores: error.errores };
}
