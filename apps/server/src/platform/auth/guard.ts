import { MSG, mustAcceptTerms } from '@faro/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import type { Access } from './access.ts';
import { loadContextAt, type RequestContext } from './context.ts';
import { claveDe, comprobar, contextoGuardado, guardarContexto, hayContexto } from './contextCache.ts';
import { verifyAccessToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
    /**
     * The caller's company's documents version read with the context check (contextCache.ts): lists keep their
     * capped counts at it. Null when unknown (no company).
     */
    versionDocumentos: number | null;
  }
}

/** Resolves the caller from the bearer token and enforces the route's declared access. */
export function installGuard(app: FastifyInstance, db: Db, secret: string): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('versionDocumentos', null);
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const ctx = await authenticate(request, db, secret);
    request.ctx = ctx;
    if (!access.beforeTerms) requireSignedTerms(ctx);
    authorize(ctx, access);
  });
}

async function authenticate(request: FastifyRequest, db: Db, secret: string): Promise<RequestContext> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const claims = token ? verifyAccessToken(token, secret) : null;
  if (!claims) throw unauthorized();
  // A kept context costs one primary-key query (the session's state and the versions) instead of the context query.
  const clave = claveDe(claims);
  if (hayContexto(db, clave)) {
    const check = await comprobar(db, claims);
    if (!check.valida) throw unauthorized();
    const kept = contextoGuardado<RequestContext>(db, clave, check.versiones);
    if (kept) {
      if (kept.empresa) request.versionDocumentos = check.versiones.documentos;
      return { ...kept };
    }
  }
  const loaded = await loadContextAt(db, claims);
  if (!loaded) throw unauthorized();
  guardarContexto(db, clave, loaded.ctx, loaded.versiones);
  if (loaded.ctx.empresa) request.versionDocumentos = loaded.versiones.documentos;
  return { ...loaded.ctx };
}

/**
 * Until the company signs its contract, its office and advisory members reach only the routes marked
 * `beforeTerms` (the browser shows them the 'Aviso Legal' modal; the same domain rule decides here, so a client that
 * skips the modal meets the same wall).
 */
export function requireSignedTerms(ctx: RequestContext): void {
  const empresa = ctx.empresa;
  if (empresa && mustAcceptTerms({ Roles: ctx.roles, CondicionesAceptadas: empresa.condicionesAceptadas })) {
    throw new AppError(403, MSG.termsPending);
  }
}

export function authorize(ctx: RequestContext, access: Access): void {
  switch (access.kind) {
    case 'public':
    case 'authenticated':
      return;
    case 'admin':
      if (!ctx.esAdmin) throw forbidden();
      return;
    case 'company':
      if (!ctx.empresa) throw forbidden();
      return;
    case 'timeclock':
      if (!ctx.empresa || !ctx.miembro?.fichajeActivo) throw forbidden();
      return;
    case 'lookup':
      if (!ctx.empresa || !access.codes.some((code) => ctx.permisos[code] >= 1)) throw forbidden();
      return;
    case 'permission':
      if (!ctx.empresa) throw forbidden();
      if (access.module && !ctx.modulos[access.module]) {
        throw new AppError(403, 'El módulo no está activado para esta empresa');
      }
      if (ctx.permisos[access.code] < access.level) throw forbidden();
      return;
    default: {
      const never: never = access;
      throw new Error(`Acceso desconocido ${JSON.stringify(never)}`);
    }
  }
}

/** The context of a route that declared a company-level access (the guard already checked it). */
export function companyCtx(
  request: FastifyRequest,
): RequestContext & { empresa: NonNullable<RequestContext['empresa']> } {
  const ctx = request.ctx;
  if (!ctx?.empresa) throw new AppError(403, MSG.forbidden);
  return ctx as RequestContext & { empresa: NonNullable<RequestContext['empresa']> };
}
