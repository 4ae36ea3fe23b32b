import { requiredString } from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../crud/crudRoutes.ts';
import { personas } from '../db/schema.ts';
import type { AreaModule } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { rotateXsrfCookie } from '../http/security.ts';
import { accesoCorrecto, recordarEmpresa } from '../identity/personas.ts';
import { access } from './access.ts';
import { deviceOf, setDeviceCookie } from './dispositivo.ts';
import { TOO_MANY } from './intentos.ts';
import { sendLockNotices } from './lockNotice.ts';
import { type AccountAttempts, accountRefusal, LoginLimits, recordAccountFailure } from './loginLimits.ts';
import { dummyVerify, verifyPassword } from './passwords.ts';
import {
  defaultCentre,
  issuePair,
  landingCompany,
  revokeSessionOf,
  rotateRefresh,
  type SessionDeps,
} from './sessions.ts';
import { Throttle } from './throttle.ts';

export const LOGIN_FAILED = 'Usuario o contraseña incorrectos';
/** While locked, every attempt (right or wrong password) gets this, with Retry-After. */
export const ACCOUNT_LOCKED =
  'La cuenta está bloqueada temporalmente por demasiados intentos fallidos. Vuelve a intentarlo más tarde o contacta con el administrador';
export { LOCK_AFTER_FAILURES } from './loginLimits.ts';
export { TOO_MANY };

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
  const db = deps.database.db;
  const now = deps.config.now ?? Date.now;
  const sessionDeps: SessionDeps = { db, config: deps.config, secret: deps.secret, now };
  const byIp = new Throttle(db, 'sesion', 30, 60_000, now);
  const limits = new LoginLimits(db, now);
  const lockMs = deps.config.loginLockMinutes * 60_000;

  app.get('/api/usuarios/registro/csrf', { config: { access: access.public } }, async () => ({ ok: true }));

  app.post(
    '/api/usuarios/registro/login',
    { config: { access: access.public }, schema: { tags: ['usuarios'], summary: 'Iniciar sesión', body: loginBody } },
    async (request, reply) => {
      const body = parseBody(loginBody, request.body) as z.infer<typeof loginBody>;
      const account = body.Usuario.toLowerCase();
      if (!(await byIp.hit(`ip:${request.ip}`))) throw tooMany(reply, TOO_MANY, 60);
      const [persona] = await db
        .select()
        .from(personas)
        .where(eq(sql`lower(${personas.userName})`, account))
        .limit(1);
      // A browser that signed in to this account before (a valid device cookie) has its own allowance: failures
      // elsewhere cannot lock it out, nor slow its address down.
      const device = persona ? deviceOf(request, persona.id, deps.secret) : null;
      if (device === null) {
        const sourceWait = await limits.sourceWait(request.ip);
        if (sourceWait > 0) throw tooMany(reply, TOO_MANY, sourceWait);
      }
      // Known and unknown names go through the same steps and answers (an unknown one's state is in limites_acceso).
      const state: AccountAttempts = !persona
        ? await limits.unknownAccount(account)
        : device !== null
          ? await limits.deviceState(device)
          : {
              fallos: persona.fallosLogin,
              ultimoFallo: persona.ultimoFallo?.getTime() ?? null,
              bloqueadoHasta: persona.bloqueadoHasta?.getTime() ?? null,
            };
      const refusal = accountRefusal(state, now());
      // Locked: the same answer whatever the password (it is not even checked).
      if (refusal) throw tooMany(reply, refusal.locked ? ACCOUNT_LOCKED : TOO_MANY, refusal.retryAfter);
      const ok = persona ? await verifyPassword(persona.passwordHash, body.Password) : await dummyVerify(body.Password);
      // A blocked person, or one without an active membership, cannot sign in: told exactly like a wrong password
      // (same answer, same counting, after the same hash), so a right password is not confirmed to anyone.
      const empresaId =
        !ok || !persona || persona.bloqueado || persona.esAdmin
          ? null
          : await landingCompany(db, persona.id, body.CodigoEmpresa ?? undefined);
      if (!persona || !ok || persona.bloqueado || (!persona.esAdmin && empresaId === null)) {
        await limits.sourceFailed(request.ip);
        if (!persona) {
          // Counted in the database in one statement: attempts on other processes or alongside are not lost.
          await limits.unknownFailed(account, lockMs);
          throw new AppError(400, LOGIN_FAILED);
        }
        if (device !== null) {
          await limits.deviceFailed(device, lockMs);
          request.log.warn({ userName: persona.userName }, 'inicio de sesión fallido desde un dispositivo conocido');
          throw new AppError(400, LOGIN_FAILED);
        }
        const next = await recordAccountFailure(db, persona.id, now(), lockMs);
        request.log.warn(
          { userName: persona.userName, fallos: next.fallos, bloqueo: next.locked },
          'inicio de sesión fallido',
        );
        if (next.locked) {
          // Not awaited: the answer takes as long as any other failure, and a slow SMTP server delays nothing.
          void sendLockNotices(db, deps.mailer, persona, {
            minutes: deps.config.loginLockMinutes,
            publicUrl: deps.config.publicUrl,
          }).catch((error: unknown) => request.log.error({ err: error }, 'no se pudo avisar del bloqueo'));
        }
        throw new AppError(400, LOGIN_FAILED);
      }
      if (!persona.emailConfirmado) {
        throw new AppError(400, 'Confirma tu correo electrónico con el enlace que te hemos enviado antes de entrar');
      }
      // A known device's success ends its own series only: the lock of unknown clients runs its course.
      if (device === null) await accesoCorrecto(db, persona.id, empresaId ?? persona.ultimaEmpresaId);
      else {
        await limits.deviceSucceeded(device);
        if (empresaId !== null) await recordarEmpresa(db, persona.id, empresaId);
      }
      setDeviceCookie(request, reply, persona.id, deps.secret, device);
      const centro = empresaId === null ? null : await defaultCentre(db, empresaId);
      rotateXsrfCookie(request, reply, deps.secret);
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
      if (!(await byIp.hit(`ip:${request.ip}`))) throw tooMany(reply, TOO_MANY, 60);
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
    {
      config: { access: access.beforeTerms(access.authenticated) },
      schema: { tags: ['usuarios'], summary: 'Cerrar sesión' },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await revokeSessionOf(db, request.ctx!.sesionId);
      return reply.status(204).send();
    },
  );
};

/** A 429 in Spanish with Retry-After (seconds), or the lock's message while an account is locked. */
function tooMany(reply: FastifyReply, message: string, retryAfter: number): AppError {
  if (retryAfter > 0) reply.header('Retry-After', String(retryAfter));
  return new AppError(429, message);
}

function sendPair(reply: FastifyReply, pair: object) {
  return reply.header('Cache-Control', 'no-store').send(pair);
}
