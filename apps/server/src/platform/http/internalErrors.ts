import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { erroresServidor } from '../db/schema.ts';

/** A short reference the user can read out to support (8 characters, no look-alike letters). */
export function errorReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Writes an unexpected error (never its stack) to errores_servidor, for the platform administrators. */
export function internalErrorRecorder(db: Db) {
  return async (request: FastifyRequest, error: unknown, referencia: string): Promise<void> => {
    const ctx = (request as { ctx?: { personaId: number; userName: string; empresa: { id: number } | null } | null })
      .ctx;
    const e = error instanceof Error ? error : new Error(String(error));
    await db.insert(erroresServidor).values({
      referencia,
      metodo: request.method,
      ruta: request.routeOptions?.url ?? '(sin ruta)',
      url: request.url.split('?')[0]!.slice(0, 500),
      empresa: ctx?.empresa?.id ?? null,
      persona: ctx?.personaId ?? null,
      userName: ctx?.userName ?? null,
      nombre: (e.name || 'Error').slice(0, 200),
      mensaje: (e.message || '').slice(0, 2000),
    });
  };
}

export type InternalErrorRecorder = ReturnType<typeof internalErrorRecorder>;
