import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MSG } from '@faro/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions, esHttps, forzarSecure } from './cookies.ts';
import { AppError, forbidden } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The browser's CSRF binding id: httpOnly, so page scripts (and a planted XSRF-TOKEN alone) cannot match it. */
export const BROWSER_COOKIE = 'FARO-NAVEGADOR';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  /** Server secret: the CSRF token is HMAC(secret, browser id). */
  secret: string;
  /**
   * The configured public URL: its origin is accepted besides the request's own host; when it is https, every
   * answer carries HSTS and every cookie `Secure`, whatever the proxy in front says.
   */
  publicUrl: string;
}

/** The CSRF token that belongs to a browser id (what XSRF-TOKEN must hold and X-XSRF-TOKEN must repeat). */
export function xsrfTokenFor(secret: string, browserId: string): string {
  return createHmac('sha256', secret).update(`xsrf:${browserId}`).digest('base64url');
}

/**
 * Security headers, the cookie-to-header CSRF token of the spec bound to the browser's id (HMAC with the server
 * secret, so an equal cookie/header pair chosen by someone else does not pass) and Fetch-Metadata/Origin checks on
 * every state-changing /api request. Every authenticated /api answer is `Cache-Control: no-store`.
 */
export function installSecurity(app: FastifyInstance, options: SecurityOptions): void {
  const publicHost = hostOf(options.publicUrl);
  const httpsPublico = esHttps(options.publicUrl);
  app.decorateRequest('conTls', false);
  app.addHook('onRequest', async (request, reply) => {
    request.conTls = httpsPublico || request.protocol === 'https';
    setHeaders(reply, request);
    const api = request.url.startsWith('/api/');
    if (api) reply.header('Cache-Control', 'no-store');
    if (!api || SAFE_METHODS.has(request.method)) {
      // Hashed build files are kept a year by any cache on the way: never a cookie on them (the shell sets it).
      if (!request.url.startsWith('/assets/')) ensureXsrfCookie(request, reply, options.secret);
      return;
    }
    checkFetchMetadata(request, publicHost);
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const browserId = request.cookies[BROWSER_COOKIE];
    if (!cookie || typeof header !== 'string' || header !== cookie || !browserId) throw forbidden();
    if (!sameText(header, xsrfTokenFor(options.secret, browserId))) throw forbidden();
  });
  // Data answers (lists, records, PDFs, exports) must never stay in a shared or browser cache.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && (request as { ctx?: unknown }).ctx)
      reply.header('Cache-Control', 'no-store');
    if (request.conTls) forzarSecure(reply);
    return payload;
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site requests and foreign origins are refused. The origin must be the configured public URL's or the
 * request's own host: `request.host` is the Host header, and X-Forwarded-Host only when proxies are trusted
 * (FARO_PROXIES), so a client cannot make a foreign Origin pass by sending its own X-Forwarded-Host.
 */
function checkFetchMetadata(request: FastifyRequest, publicHost: string | undefined): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError(403, MSG.forbidden);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === 'null') throw forbidden();
  const host = hostOf(origin);
  if (!host || (host !== request.host && host !== publicHost)) throw forbidden();
}

function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, secret: string): void {
  const browserId = request.cookies[BROWSER_COOKIE];
  const token = request.cookies[XSRF_COOKIE];
  if (browserId && token && sameText(token, xsrfTokenFor(secret, browserId))) return;
  rotateXsrfCookie(request, reply, secret);
}

/**
 * A fresh browser id and CSRF token (also at sign-in, so a pair planted before login is not carried into the
 * session).
 */
export function rotateXsrfCookie(request: FastifyRequest, reply: FastifyReply, secret: string): void {
  const browserId = randomBytes(24).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, browserId, cookieOptions(request, { httpOnly: true }));
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(secret, browserId), cookieOptions(request, { httpOnly: false }));
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
  if (request.conTls) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
