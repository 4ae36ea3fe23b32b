import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Claims of an access token: who, which company and centre, which session row, until when (seconds). */
export interface AccessClaims {
  sub: number;
  emp: number | null;
  cen: string | null;
  sid: number;
  exp: number;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** A compact HMAC-SHA256 token (JWT-shaped, HS256). */
export function signAccessToken(claims: AccessClaims, secret: string): string {
  const header = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${sig}`;
}

export function verifyAccessToken(token: string, secret: string, nowMs = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
    if (typeof claims.sub !== 'number' || typeof claims.sid !== 'number') return null;
    return claims;
  } catch {
    return null;
  }
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only hashes of refresh tokens and e-mailed links are stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
