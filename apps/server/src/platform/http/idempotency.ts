import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { idempotencia } from '../db/schema.ts';
import { AppError } from './errors.ts';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
    idempotencyHash?: string;
  }
}

/**
 * Mutating POSTs sent with an Idempotency-Key: a replay with the same body answers the stored response; the same
 * key with another body is refused (422). Keys are per person and kept 24 h.
 */
export function installIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.ctx) return;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'La cabecera Idempotency-Key no es válida');
    const hash = createHash('sha256')
      .update(`${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const [stored] = await db
      .select()
      .from(idempotencia)
      .where(and(eq(idempotencia.personaId, request.ctx.personaId), eq(idempotencia.clave, key)))
      .limit(1);
    if (stored) {
      if (stored.huellaCuerpo !== hash || stored.ruta !== request.routeOptions.url) {
        throw new AppError(422, 'Esta clave de idempotencia ya se usó con otra petición');
      }
      reply.header('Idempotent-Replayed', 'true');
      return reply.status(stored.estado).send(stored.respuesta);
    }
    request.idempotencyKey = key;
    request.idempotencyHash = hash;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.idempotencyKey || !request.ctx || reply.statusCode >= 300) return payload;
    let respuesta: unknown = null;
    try {
      respuesta = typeof payload === 'string' && payload ? JSON.parse(payload) : null;
    } catch {
      respuesta = payload;
    }
    await db
      .insert(idempotencia)
      .values({
        personaId: request.ctx.personaId,
        clave: request.idempotencyKey,
        ruta: request.routeOptions.url ?? '',
        huellaCuerpo: request.idempotencyHash ?? '',
        estado: reply.statusCode,
        respuesta,
      })
      .onConflictDoNothing();
    return payload;
  });
}

export async function pruneIdempotency(db: Db): Promise<void> {
  await db.delete(idempotencia).where(lt(idempotencia.creado, new Date(Date.now() - 86_400_000)));
}
