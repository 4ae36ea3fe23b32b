import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';

export const SUSPENDIDA = 'La empresa está suspendida. Ponte en contacto con el servicio técnico';
export const SIN_FIRMAR =
  'Debes firmar el contrato que te hemos enviado por correo electrónico para usar la aplicación';

/**
 * After the guard: a suspended company's calls are refused (403), and so are a contracted, unsigned company's calls outside
 * the users area (sign-in, context, company switch, contract PDFs stay reachable so the 'Aviso Legal' modal and the
 * signing work). The suspension is part of the request's context, which a process keeps in memory only while the
 * company's context version is unchanged (platform/auth/contextCache.ts, migration 0037): suspending bumps that
 * version at commit, so the next request of every server process reads the suspension and is refused.
 */
export function suspensionGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const empresa = request.ctx?.empresa;
    if (!empresa) return;
    if (request.ctx?.suspendida) throw new AppError(403, SUSPENDIDA);
    // A trial company (test environment, made by sign-up) works before any contract; a contracted one must sign.
    const sinFirmar = !empresa.entidadPruebas && !empresa.condicionesAceptadas;
    if (sinFirmar && !request.url.startsWith('/api/usuarios/')) throw new AppError(403, SIN_FIRMAR);
  });
}
