/** Local storage of the session (spec section 9): tokens, client id, default centre, company code, enrolment. */
const KEYS = {
  token: 'faro.token',
  tokenRefresh: 'faro.tokenRefresh',
  expiracion: 'faro.expiracion',
  idCliente: 'faro.idCliente',
  centro: 'faro.centro',
  codigoEmpresa: 'faro.codigoEmpresa',
  matricula: 'faro.matricula',
  alumno: 'faro.alumno',
} as const;

export interface TokenPair {
  Token: string;
  TokenRefresh: string;
  /** ISO-8601 UTC instant. */
  Expiracion: string;
}

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lives only in memory of this page
  }
}

/** The stored token pair, or null when any of the three parts is missing. */
export function readTokens(): TokenPair | null {
  const Token = get(KEYS.token);
  const TokenRefresh = get(KEYS.tokenRefresh);
  const Expiracion = get(KEYS.expiracion);
  return Token && TokenRefresh && Expiracion ? { Token, TokenRefresh, Expiracion } : null;
}

export function hasTokens(): boolean {
  return readTokens() !== null;
}

export function writeTokens(t: TokenPair): void {
  set(KEYS.token, t.Token);
  set(KEYS.tokenRefresh, t.TokenRefresh);
  set(KEYS.expiracion, t.Expiracion);
}

export function clearTokens(): void {
  set(KEYS.token, null);
  set(KEYS.tokenRefresh, null);
  set(KEYS.expiracion, null);
}

/** True when the stored expiry has passed (or cannot be read). */
export function isExpired(t: TokenPair, now = Date.now()): boolean {
  const at = Date.parse(t.Expiracion);
  return Number.isNaN(at) || at <= now;
}

/** The browser's client id: random, generated once and kept. */
export function clientId(): string {
  let id = get(KEYS.idCliente);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    set(KEYS.idCliente, id);
  }
  return id;
}

export const storedCentro = () => get(KEYS.centro);
export const storeCentro = (v: string | null) => set(KEYS.centro, v);
export const storedCompanyCode = () => get(KEYS.codigoEmpresa);
export const storeCompanyCode = (v: string | null) => set(KEYS.codigoEmpresa, v);
export const storedMatricula = () => get(KEYS.matricula);
export const storeMatricula = (v: string | null) => set(KEYS.matricula, v);
export const storedAlumno = () => get(KEYS.alumno);
export const storeAlumno = (v: string | null) => set(KEYS.alumno, v);

/** After a company switch: local data cleared except the client id and the company code. */
export function clearLocalData(): void {
  const keep = [KEYS.idCliente, KEYS.codigoEmpresa].map((k) => [k, get(k)] as const);
  try {
    localStorage.clear();
  } catch {
    // ignore
  }
  for (const [k, v] of keep) set(k, v);
}

/** The login path: registro/{stored company code} when one is remembered. */
export function loginPath(): string {
  const code = storedCompanyCode();
  return code ? `/registro/${encodeURIComponent(code)}` : '/registro';
}
