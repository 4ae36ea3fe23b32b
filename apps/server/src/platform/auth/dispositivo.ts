/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that has signed in to an
 * account gets a cookie bound to that person and a random nonce, signed with the server secret. At sign-in a valid
 * one for the account makes the attempt count against that device's own allowance (`dispositivo:<nonce>` in
 * `limites_acceso`) instead of the account's lockout for unknown clients (`personas`): whoever guesses from
 * elsewhere locks out only unknown clients, never the owner's browser, and a stolen cookie's guesses lock out only
 * that cookie. The cookie goes only to the sign-in route (Path), never to another site's request (SameSite=Strict),
 * never to scripts (httpOnly).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions } from '../http/cookies.ts';

export const DEVICE_COOKIE = 'FARO-DISPOSITIVO';
const PATH = '/api/usuarios/registro/login';
const MAX_AGE_S = 365 * 24 * 3600;
/** Accounts remembered per browser (a shared computer): the newest ones. */
const MAX_ENTRIES = 5;

const mac = (secret: string, personaId: number, nonce: string) =>
  createHmac('sha256', secret).update(`dispositivo|${personaId}|${nonce}`).digest('base64url');

function entries(request: FastifyRequest): string[] {
  const raw = request.cookies?.[DEVICE_COOKIE] ?? '';
  return raw.length > 2000 ? [] : raw.split('~').filter(Boolean);
}

/** The nonce of this browser's valid device entry for the person, or null (no cookie, another person's, forged). */
export function deviceOf(request: FastifyRequest, personaId: number, secret: string): string | null {
  for (const entry of entries(request)) {
    const [id, nonce, sig] = entry.split('.');
    if (Number(id) !== personaId || !nonce || !sig) continue;
    const expected = Buffer.from(mac(secret, personaId, nonce));
    const given = Buffer.from(sig);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

/** After a successful sign-in: the person's entry (the same nonce when the browser had one) first, others kept. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  personaId: number,
  secret: string,
  nonce: string | null,
): void {
  const n = nonce ?? randomBytes(16).toString('base64url');
  const others = entries(request).filter((e) => Number(e.split('.')[0]) !== personaId);
  const value = [`${personaId}.${n}.${mac(secret, personaId, n)}`, ...others].slice(0, MAX_ENTRIES).join('~');
  reply.setCookie(DEVICE_COOKIE, value, cookieOptions(request, { httpOnly: true, path: PATH, maxAge: MAX_AGE_S }));
}
