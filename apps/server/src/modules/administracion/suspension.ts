import { MSG } from '@faro/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';

export const SUSPENDIDA = 'La empresa está suspendida. Ponte en contacto con el servicio técnico';
/** What a member of a company that has not signed its contract is told (the guard refuses them: auth/guard.ts). */
export const SIN_FIRMAR = MSG.termsPending;

/**
 * After the guard: a suspended company's calls are refused (403). The suspension is part of the request's context,
 * which a process keeps in memory only while the company's context version is unchanged
 * (platform/auth/contextCache.ts, migration 0037): suspending bumps that version at commit, so the next request of
 * every server process reads the suspension and is refused.
 */
export function suspensionGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.ctx?.empresa && request.ctx.suspendida) throw new AppError(403, SUSPENDIDA);
  });
}
