import { createHash } from 'node:crypto';
import { MSG } from '@faro/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { idempotencia } from '../db/schema.ts';
import { AppError } from './errors.ts';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const KEEP_MS = 86_400_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request reserved (its response is stored on success, the reservation dropped on failure). */
    idempotency?: { empresaId: number; clave: string };
  }
}

/** JSON with the keys of every object sorted: the same body written in another order has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null) ?? 'null';
}

/** What a stored key is matched against: method + concrete path (with its query), and the body's SHA-256. */
function fingerprint(request: FastifyRequest): { ruta: string; huella: string } {
  const body =
    request.body === undefined
      ? `sin cuerpo ${request.headers['content-type'] ?? ''} ${request.headers['content-length'] ?? ''}`
      : canonical(request.body);
  return {
    ruta: `${request.method} ${request.url}`,
    huella: createHash('sha256').update(body).digest('hex'),
  };
}

/**
 * Mutating POSTs sent with an Idempotency-Key, per company (as Stripe does per account): the first request
 * reserves the key; a repetition of the same request (method, concrete path, body) answers the stored response
 * (`Idempotent-Replayed: true`) and does nothing again; the same key with any other request, or from another
 * company's session, is refused with 422; while the first is still under way, 409. Only successful answers are kept
 * (24 h); a failed request frees its key so it can be retried.
 */
export function installIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    const clave = request.headers[HEADER];
    if (request.method !== 'POST' || typeof clave !== 'string' || !request.ctx) return;
    if (!KEY_PATTERN.test(clave)) throw new AppError(400, 'La cabecera Idempotency-Key no es válida');
    const empresaId = request.ctx.empresa?.id ?? 0;
    const { ruta, huella } = fingerprint(request);
    const where = and(eq(idempotencia.empresaId, empresaId), eq(idempotencia.clave, clave));
    for (let attempt = 0; attempt < 2; attempt++) {
      const reserved = await db
        .insert(idempotencia)
        .values({ empresaId, personaId: request.ctx.personaId, clave, ruta, huellaCuerpo: huella, estado: 0 })
        .onConflictDoNothing()
        .returning({ clave: idempotencia.clave });
      if (reserved.length) {
        request.idempotency = { empresaId, clave };
        return;
      }
      const [stored] = await db.select().from(idempotencia).where(where).limit(1);
      if (!stored) continue; // freed in between: reserve again
      if (stored.creado.getTime() < Date.now() - KEEP_MS) {
        await db.delete(idempotencia).where(and(where, lt(idempotencia.creado, new Date(Date.now() - KEEP_MS))));
        continue;
      }
      if (stored.ruta !== ruta || stored.huellaCuerpo !== huella) throw new AppError(422, MSG.idempotencyMismatch);
      if (stored.estado === 0) {
        throw new AppError(409, 'Hay una petición con esta clave de idempotencia en curso. Vuelve a intentarlo');
      }
      reply.header('Idempotent-Replayed', 'true');
      const cuerpo = (stored.respuesta as { cuerpo?: unknown } | null)?.cuerpo;
      if (typeof cuerpo !== 'string') return reply.status(stored.estado).send();
      return reply.status(stored.estado).type('application/json; charset=utf-8').send(cuerpo);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    const where = and(eq(idempotencia.empresaId, held.empresaId), eq(idempotencia.clave, held.clave));
    if (reply.statusCode >= 300) {
      await db.delete(idempotencia).where(and(where, eq(idempotencia.estado, 0)));
      return payload;
    }
    // The answer exactly as sent, as text (a jsonb object would reorder its keys).
    const respuesta = { cuerpo: typeof payload === 'string' ? payload : null };
    await db.update(idempotencia).set({ estado: reply.statusCode, respuesta }).where(where);
    return payload;
  });
}

export async function pruneIdempotency(db: Db): Promise<void> {
  await db.delete(idempotencia).where(lt(idempotencia.creado, new Date(Date.now() - KEEP_MS)));
}
