import { clearTokens, clientId, isExpired, readTokens, type TokenPair, writeTokens } from '../storage.ts';
import { startLoading } from '../ui/loading.ts';
import { notifyError } from '../ui/notify.ts';
import { ApiError, errorMessage, fieldErrors, networkErrorMessage, SilentLogout } from './errors.ts';

/** Every call times out after 60 s, token refresh included (spec section 9). */
export const TIMEOUT_MS = 60_000;
const BASE = '/api/';

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  params?: Params;
  body?: unknown;
  /** Send the bearer token (default true). Unauthenticated calls: registro/*. */
  auth?: boolean;
  /** Do not show the error toast (downloads: their errors are not shown). */
  silent?: boolean;
  /** Do not count the call for the 'Cargando datos...' overlay. */
  background?: boolean;
  /** Read the answer as binary (downloads). */
  binary?: boolean;
  /** A multipart body (uploads); the browser sets its content type. */
  form?: FormData;
}

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();

/** The session layer listens to silent logouts (401, missing or unusable tokens). */
export function onSilentLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

function silentLogout(): never {
  clearTokens();
  for (const l of logoutListeners) l();
  throw new SilentLogout();
}

function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function url(path: string, params?: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const q = qs.toString();
  return `${BASE}${path.replace(/^\/+/, '')}${q ? `?${q}` : ''}`;
}

interface RawResult {
  response: Response;
  body: unknown;
}

async function readBody(response: Response, binary: boolean): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (binary && response.ok) return response.blob();
  if (type.includes('json')) {
    const text = await response.text();
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return text;
    }
  }
  if (type.startsWith('text/') || type === '') return response.text();
  return response.arrayBuffer();
}

/** fetch with the 60 s timeout; network failures and timeouts become ApiError(0) with the catalogue's text. */
async function send(method: string, target: string, init: RequestInit, binary: boolean): Promise<RawResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  try {
    const response = await fetch(target, { ...init, method, signal: controller.signal, credentials: 'same-origin' });
    const body = await readBody(response, binary);
    return { response, body };
  } catch (err) {
    throw new ApiError(0, networkErrorMessage(err, timedOut));
  } finally {
    clearTimeout(timer);
  }
}

let csrfPromise: Promise<void> | null = null;

/** The XSRF-TOKEN cookie, fetched from registro/csrf when missing. */
async function csrfToken(): Promise<string> {
  let token = readCookie('XSRF-TOKEN');
  if (token) return token;
  csrfPromise ??= send('GET', url('usuarios/registro/csrf'), {}, false)
    .then(() => undefined)
    .finally(() => {
      csrfPromise = null;
    });
  await csrfPromise;
  token = readCookie('XSRF-TOKEN');
  return token ?? '';
}

let refreshPromise: Promise<TokenPair> | null = null;

async function refreshTokens(current: TokenPair): Promise<TokenPair> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-XSRF-TOKEN': await csrfToken(),
  };
  const body = JSON.stringify({ TokenRefresco: current.TokenRefresh, IdCliente: clientId() });
  const { response, body: answer } = await send('POST', url('usuarios/token/refresh'), { headers, body }, false);
  if (response.status === 401 || response.status === 400) silentLogout();
  if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, answer) ?? '');
  const pair = answer as TokenPair;
  if (!pair?.Token || !pair.TokenRefresh || !pair.Expiracion) silentLogout();
  writeTokens(pair);
  return pair;
}

/** The name of the browser-wide lock every tab takes to refresh the shared tokens. */
export const REFRESH_LOCK = 'faro-refresh';

/**
 * One refresh at a time across the browser's tabs (they share the stored tokens): inside the Web Lock the stored
 * pair is read again, so a tab that waited uses what the other tab stored instead of presenting the refresh token
 * that tab has just spent (which the server would take for reuse once its short grace has passed).
 */
function refreshAcrossTabs(stale: TokenPair): Promise<TokenPair> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return refreshTokens(stale);
  return locks.request(REFRESH_LOCK, async () => {
    const stored = readTokens();
    if (!stored) silentLogout();
    return isExpired(stored) ? refreshTokens(stored) : stored;
  });
}

/** The stored access token when it is still valid, read without waiting (undefined: missing or expired). */
function freshToken(): string | undefined {
  const tokens = readTokens();
  return tokens && !isExpired(tokens) ? tokens.Token : undefined;
}

/** A usable access token: silent logout when a part is missing, refreshed once when the stored expiry has passed. */
export async function accessToken(): Promise<string> {
  const tokens = readTokens();
  if (!tokens) silentLogout();
  if (!isExpired(tokens)) return tokens.Token;
  refreshPromise ??= refreshAcrossTabs(tokens).finally(() => {
    refreshPromise = null;
  });
  return (await refreshPromise).Token;
}

/** Who a token speaks for: its person, company and centre claims (the token itself when they cannot be read). */
function titularDe(token: string): string {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload)) as { sub?: unknown; emp?: unknown; cen?: unknown };
    return JSON.stringify([claims.sub, claims.emp, claims.cen]);
  } catch {
    return token;
  }
}

/** A GET's identity: its path and its parameters in a fixed order (callers build their params in any order). */
function claveGet(path: string, params?: Params): string {
  const [ruta = '', query = ''] = url(path, params).split('?');
  const qs = new URLSearchParams(query);
  qs.sort();
  return `${ruta}?${qs}`;
}

interface Adelantada {
  respuesta: Promise<{ titular: string; cuerpo: unknown }>;
  hasta: number;
}

/** How long an answer asked ahead waits for its screen: a screen that has not asked by then never will. */
export const VIGENCIA_ADELANTO_MS = 15_000;
const adelantadas = new Map<string, Adelantada>();
/**
 * Calls asked ahead that no screen took, with the time until which they are not asked ahead again in this browser
 * (the route's guess is wrong for this person, e.g. a home page without the dashboard); a day, then tried again.
 */
const SOBRANTES = 'faro.adelantos.sobrantes';
const SOBRANTE_MS = 24 * 3600_000;

function sobrantes(): Map<string, number> {
  try {
    const guardado = JSON.parse(localStorage.getItem(SOBRANTES) ?? '[]') as unknown;
    const filas = Array.isArray(guardado) ? guardado : [];
    return new Map(
      filas.filter(
        (f): f is [string, number] => Array.isArray(f) && typeof f[0] === 'string' && Number(f[1]) > Date.now(),
      ),
    );
  } catch {
    return new Map();
  }
}

function marcarSobrante(clave: string, sobra: boolean): void {
  const lista = sobrantes();
  if (!sobra && !lista.has(clave)) return;
  if (sobra) lista.set(clave, Date.now() + SOBRANTE_MS);
  else lista.delete(clave);
  try {
    localStorage.setItem(SOBRANTES, JSON.stringify([...lista].slice(-20)));
  } catch {
    // storage unavailable: the guess is simply made again next time
  }
}

/**
 * A screen's first GET asked before the screen exists (a page load asks it beside the company context, from the
 * route): the answer waits for the screen's own identical call, which takes it instead of calling again. Quiet and
 * in the background: a failure or a wrong guess costs nothing but the call; the screen then calls as always.
 */
export function adelantar(path: string, params?: Params): void {
  const clave = claveGet(path, params);
  if (adelantadas.has(clave) || !readTokens() || sobrantes().has(clave)) return;
  const respuesta = (async () => {
    const token = freshToken() ?? (await accessToken());
    const init = { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } };
    const { response, body } = await send('GET', url(path, params), init, false);
    if (!response.ok) throw new ApiError(response.status, '');
    return { titular: titularDe(token), cuerpo: body };
  })();
  respuesta.catch(() => {});
  adelantadas.set(clave, { respuesta, hasta: Date.now() + VIGENCIA_ADELANTO_MS });
  setTimeout(() => {
    if (adelantadas.delete(clave)) marcarSobrante(clave, true);
  }, VIGENCIA_ADELANTO_MS);
}

/**
 * The answer asked ahead for this GET, taken once: only while it is fresh, only when it succeeded and only when it
 * was asked with a token for the same person, company and centre as the caller's (never another company's data).
 */
async function adelantadaPara(clave: string, token: string): Promise<{ cuerpo: unknown } | undefined> {
  const adelantada = adelantadas.get(clave);
  if (!adelantada) return undefined;
  adelantadas.delete(clave);
  marcarSobrante(clave, false);
  if (adelantada.hasta < Date.now()) return undefined;
  const r = await adelantada.respuesta.catch(() => undefined);
  return r && r.titular === titularDe(token) ? r : undefined;
}

/** One API call: bearer token, CSRF header on non-GET, 60 s timeout, the error catalogue as a toast. */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const { auth = true, silent = false, background = false, binary = false } = options;
  const done = background ? () => {} : startLoading();
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // A valid stored token is used without awaiting: a GET leaves in the caller's own task (the context asked
    // while the entry chunk is still being evaluated, app/contextoTemprano.ts).
    const token = auth ? (freshToken() ?? (await accessToken())) : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (token && method === 'GET' && !binary && adelantadas.size > 0) {
      const adelantada = await adelantadaPara(claveGet(path, options.params), token);
      if (adelantada) return adelantada.cuerpo as T;
    }
    if (method !== 'GET') headers['X-XSRF-TOKEN'] = await csrfToken();
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const { response, body: answer } = await send(method, url(path, options.params), { headers, body }, binary);
    if (response.ok) return answer as T;
    if (response.status === 401 && auth) silentLogout();
    // An unauthenticated 401 (wrong credentials at login) is a message for the user, not a logout.
    const status = response.status === 401 ? 400 : response.status;
    throw new ApiError(response.status, errorMessage(status, answer) ?? '', fieldErrors(answer));
  } catch (err) {
    if (err instanceof ApiError && !silent && err.message) notifyError(err.message);
    throw err;
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<CallOptions, 'body'>) => call<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, { ...options, body }),
  del: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, options),
  /** Uploads one file as multipart (field `file`). */
  upload: <T>(path: string, file: File, options?: Omit<CallOptions, 'body' | 'form'>) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<T>('POST', path, { ...options, form });
  },
  /** Downloads: binary answer, errors not shown. */
  download: (path: string, params?: Params) => call<Blob>('GET', path, { params, binary: true, silent: true }),
};

/** Paginated list answer (spec section 3). */
export interface ListAnswer<T> {
  Items: T[];
  Total: number;
  TotalLimitado?: boolean;
}

/** Progress of a streamed download: bytes received and the row count the server announced. */
export interface DownloadProgress {
  bytes: number;
  /** `X-Total-Registros`, when the server sends it. */
  total: number | null;
}

/** A finished download: the file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function filenameOf(disposition: string | null): string | null {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/**
 * A download read as a stream so the caller can show progress (bytes received, `X-Total-Registros`). Errors are
 * not shown (spec section 8: downloads fail silently); a 401 is the silent logout.
 */
export async function streamDownload(
  path: string,
  params: Params,
  onProgress: (p: DownloadProgress) => void,
): Promise<DownloadedFile> {
  const response = await fetch(url(path, params), {
    headers: { Authorization: `Bearer ${await accessToken()}` },
    credentials: 'same-origin',
  });
  if (response.status === 401) silentLogout();
  if (!response.ok) throw new ApiError(response.status, '');
  const header = response.headers.get('x-total-registros');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : null;
  const filename = filenameOf(response.headers.get('content-disposition'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  onProgress({ bytes: 0, total });
  if (!response.body) return { blob: await response.blob(), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, total });
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), filename };
}
