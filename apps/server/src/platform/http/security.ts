import { randomBytes } from 'node:crypto';
import { MSG } from '@faro/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, the cookie-to-header CSRF token of the spec and Fetch-Metadata/Origin checks on every
 * state-changing /api request.
 */
export function installSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    setHeaders(reply, request);
    if (!request.url.startsWith('/api/')) {
      ensureXsrfCookie(request, reply);
      return;
    }
    if (SAFE_METHODS.has(request.method)) {
      ensureXsrfCookie(request, reply);
      return;
    }
    checkFetchMetadata(request);
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie) throw forbidden();
  });
}

function checkFetchMetadata(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError(403, MSG.forbidden);
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden();
    }
    const expected = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (host !== expected) throw forbidden();
  } else if (origin === 'null') {
    throw forbidden();
  }
}

function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[XSRF_COOKIE]) return;
  rotateXsrfCookie(request, reply);
}

/** A fresh CSRF token (also at sign-in, so a token planted before login is not carried into the session). */
export function rotateXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    httpOnly: false,
    secure: request.protocol === 'https',
  });
}

function setHeaders(reply: FastifyReply, request: FastifyRequest): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  reply.header('X-Frame-Options', 'DENY');
  reply.header(
    'Content-Security-Policy',
    request.url.startsWith('/api/docs')
      ? "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
      : "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; frame-src 'self' blob:; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  );
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
