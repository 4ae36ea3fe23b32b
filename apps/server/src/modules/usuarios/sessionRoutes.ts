import { requiredString } from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { dummyVerify, verifyPassword } from '../../platform/auth/passwords.ts';
import {
  defaultCentre,
  issuePair,
  landingCompany,
  revokeSessionOf,
  rotateRefresh,
  type SessionDeps,
} from '../../platform/auth/sessions.ts';
import { Throttle } from '../../platform/auth/throttle.ts';
import { parseBody } from '../../platform/crud/crudRoutes.ts';
import { personas } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { rotateXsrfCookie } from '../../platform/http/security.ts';
import type { AreaModule } from '../index.ts';

export const LOGIN_FAILED = 'Usuario o contraseña incorrectos';
export const ACCOUNT_LOCKED =
  'La cuenta está bloqueada por demasiados intentos fallidos. Contacta con el administrador';
export const TOO_MANY = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo';
/** Failed sign-ins in a row that lock an account until an administrator unlocks it. */
export const LOCK_AFTER_FAILURES = 5;

const idCliente = z
  .string({ error: 'IdCliente es obligatorio' })
  .trim()
  .min(8, { error: 'IdCliente es obligatorio' })
  .max(100);
const loginBody = z.object({
  Usuario: requiredString('Usuario', 50),
  Password: requiredString('Contraseña', 50),
  IdCliente: idCliente,
  CodigoEmpresa: z.string().trim().max(20).optional().nullable(),
});
const refreshBody = z.object({ TokenRefresco: requiredString('TokenRefresco', 300), IdCliente: idCliente });

export const sessionRoutes: AreaModule = (app, deps) => {
  const sessionDeps: SessionDeps = { db: deps.database.db, config: deps.config, secret: deps.secret };
  const db = deps.database.db;
  const byIp = new Throttle(30, 60_000);
  const byAccount = new Throttle(10, 15 * 60_000);

  app.get('/api/usuarios/registro/csrf', { config: { access: access.public } }, async () => ({ ok: true }));

  app.post(
    '/api/usuarios/registro/login',
    { config: { access: access.public }, schema: { tags: ['usuarios'], summary: 'Iniciar sesión', body: loginBody } },
    async (request, reply) => {
      const body = parseBody(loginBody, request.body) as z.infer<typeof loginBody>;
      const account = body.Usuario.toLowerCase();
      if (!byIp.hit(`ip:${request.ip}`) || !byAccount.hit(`u:${account}`)) throw new AppError(429, TOO_MANY);
      const [persona] = await db
        .select()
        .from(personas)
        .where(eq(sql`lower(${personas.userName})`, account))
        .limit(1);
      if (!persona) {
        await dummyVerify(body.Password);
        throw new AppError(400, LOGIN_FAILED);
      }
      const ok = await verifyPassword(persona.passwordHash, body.Password);
      if (!ok) {
        const fallos = persona.fallosLogin + 1;
        await db
          .update(personas)
          .set({ fallosLogin: fallos, bloqueado: persona.bloqueado || fallos >= LOCK_AFTER_FAILURES })
          .where(eq(personas.id, persona.id));
        request.log.warn({ userName: persona.userName, fallos }, 'inicio de sesión fallido');
        throw new AppError(400, LOGIN_FAILED);
      }
      if (persona.bloqueado) throw new AppError(400, ACCOUNT_LOCKED);
      if (!persona.emailConfirmado) {
        throw new AppError(400, 'Confirma tu correo electrónico con el enlace que te hemos enviado antes de entrar');
      }
      const empresaId = persona.esAdmin ? null : await landingCompany(db, persona.id, body.CodigoEmpresa ?? undefined);
      if (!persona.esAdmin && empresaId === null)
        throw new AppError(400, 'Tu usuario no tiene acceso a ninguna empresa');
      await db
        .update(personas)
        .set({ fallosLogin: 0, ultimaEmpresaId: empresaId ?? persona.ultimaEmpresaId })
        .where(eq(personas.id, persona.id));
      byAccount.reset(`u:${account}`);
      const centro = empresaId === null ? null : await defaultCentre(db, empresaId);
      rotateXsrfCookie(request, reply);
      return sendPair(
        reply,
        await issuePair(sessionDeps, { personaId: persona.id, empresaId, centro }, body.IdCliente),
      );
    },
  );

  app.post(
    '/api/usuarios/token/refresh',
    {
      config: { access: access.public },
      schema: { tags: ['usuarios'], summary: 'Renovar el token', body: refreshBody },
    },
    async (request, reply) => {
      const body = parseBody(refreshBody, request.body) as z.infer<typeof refreshBody>;
      if (!byIp.hit(`ip:${request.ip}`)) throw new AppError(429, TOO_MANY);
      const result = await rotateRefresh(sessionDeps, body.TokenRefresco, body.IdCliente);
      if (!result.ok) {
        if (result.reuse) request.log.warn('reutilización de un token de refresco: familia revocada');
        throw new AppError(401, 'La sesión ha caducado. Vuelve a iniciar sesión');
      }
      return sendPair(reply, result.pair);
    },
  );

  app.post(
    '/api/usuarios/usuario/logout',
    { config: { access: access.authenticated }, schema: { tags: ['usuarios'], summary: 'Cerrar sesión' } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await revokeSessionOf(db, request.ctx!.sesionId);
      return reply.status(204).send();
    },
  );
};

function sendPair(reply: FastifyReply, pair: object) {
  return reply.header('Cache-Control', 'no-store').send(pair);
}
