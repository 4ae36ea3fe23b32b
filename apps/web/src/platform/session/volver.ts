/**
 * The page a tab was on when its session ended by force (or that a signed-out visitor asked for): the login returns
 * there. Kept per tab (sessionStorage), and only a path of this origin: never a scheme, a host or '//' (no open
 * redirect), never the public pages.
 */
const KEY = 'faro.volver';

/** The path itself when it is a page of this app to come back to; null otherwise. */
export function destinoSeguro(path: string | null | undefined): string | null {
  if (!path || path.length > 2000 || !path.startsWith('/') || path.startsWith('//')) return null;
  // Backslashes and control characters: browsers read '/\evil.example' as another host.
  if (path.includes('\\') || [...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(path, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === '/' || /^\/(registro|contratacion)(\/|$)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function recordarDestino(path: string): void {
  const safe = destinoSeguro(path);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
  } catch {
    // storage unavailable: the login lands on '/'
  }
}

/** The remembered page (checked again: storage is not trusted), forgotten once read. */
export function tomarDestino(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return destinoSeguro(path);
  } catch {
    return null;
  }
}
