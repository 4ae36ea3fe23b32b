import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The browser reaches Faro over https: FARO_PUBLIC_URL is https (a proxy may end TLS without saying so) or a
     * trusted proxy / the socket says so. Set by installSecurity on every request.
     */
    conTls: boolean;
  }
}

/** `FARO_PUBLIC_URL` names an https address. */
export function esHttps(url: string | undefined): boolean {
  return /^https:\/\//i.test(url?.trim() ?? '');
}

/**
 * The options of every cookie Faro sets: whole site, same-site strict, `Secure` whenever the browser speaks https
 * to us. Call it for any new cookie: `reply.setCookie(name, value, cookieOptions(request, { httpOnly: true }))`.
 */
export function cookieOptions(
  request: FastifyRequest,
  extra: { httpOnly: boolean; maxAge?: number; path?: string },
): { path: string; sameSite: 'strict'; secure: boolean; httpOnly: boolean; maxAge?: number } {
  return { path: '/', sameSite: 'strict', ...extra, secure: request.conTls };
}

/**
 * The last word on the Set-Cookie headers of an https answer: one that came without `Secure` (a cookie set without
 * cookieOptions) gets it, so no cookie of ours ever travels in clear text.
 */
export function forzarSecure(reply: FastifyReply): void {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return;
  const lista = (Array.isArray(header) ? header : [String(header)]).map((c) =>
    /;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`,
  );
  // reply.header appends to Set-Cookie: the old list goes first.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', lista);
}

/** The start-up warning of a production server whose public address is not https (null when it is). */
export function avisoUrlPublica(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const url = env.FARO_PUBLIC_URL || env.PUBLIC_URL;
  if (esHttps(url)) return null;
  return url
    ? `FARO_PUBLIC_URL (${url}) no es https: las cookies saldrán sin Secure y sin HSTS salvo que un proxy de confianza indique https. Pon la dirección https pública de Faro`
    : 'FARO_PUBLIC_URL no está definida: las cookies saldrán sin Secure y sin HSTS salvo que un proxy de confianza indique https, y los enlaces de los correos apuntarán a localhost. Pon la dirección https pública de Faro';
}
