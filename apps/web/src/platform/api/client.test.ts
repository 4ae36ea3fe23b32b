import { MSG } from '@faro/domain';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setCookie } from '../../test/render.tsx';
import { readTokens, writeTokens } from '../storage.ts';
import { api, onSilentLogout, REFRESH_LOCK, TIMEOUT_MS } from './client.ts';
import { ApiError, SilentLogout } from './errors.ts';

const future = () => new Date(Date.now() + 10 * 60_000).toISOString();
const past = () => new Date(Date.now() - 1000).toISOString();
const headers = (init: RequestInit) => init.headers as Record<string, string>;

let shown: { message: unknown; color?: string }[] = [];
beforeEach(() => {
  shown = [];
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown.push({ message: n.message, color: n.color });
    return 'id';
  });
  vi.spyOn(notifications, 'update').mockImplementation((n) => {
    shown.push({ message: n.message, color: n.color });
    return 'id';
  });
});
afterEach(() => vi.restoreAllMocks());

describe('API client', () => {
  it('sends the bearer token; GET carries no CSRF header', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    const { calls } = mockFetch({ 'GET usuarios/usuario/infoempre': () => json(200, { ok: 1 }) });
    expect(await api.get('usuarios/usuario/infoempre')).toEqual({ ok: 1 });
    expect(headers(calls[0]!.init).Authorization).toBe('Bearer T1');
    expect(headers(calls[0]!.init)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('non-GET sends X-XSRF-TOKEN from the cookie, fetching registro/csrf first when missing', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    const { calls } = mockFetch({
      'GET usuarios/registro/csrf': () => {
        setCookie('XSRF-TOKEN', 'abc123');
        return json(200, { ok: true });
      },
      'POST rrhh/fichajesusu/save': () => json(200, { Estado: 'e' }),
    });
    await api.post('rrhh/fichajesusu/save', { Tipo: 'j' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET usuarios/registro/csrf',
      'POST rrhh/fichajesusu/save',
    ]);
    expect(headers(calls[1]!.init)['X-XSRF-TOKEN']).toBe('abc123');
    expect(headers(calls[1]!.init)['Content-Type']).toBe('application/json');
  });

  it('refreshes once when the stored expiry has passed, then retries with the new token', async () => {
    writeTokens({ Token: 'OLD', TokenRefresh: 'R1', Expiracion: past() });
    setCookie('XSRF-TOKEN', 'x');
    const { calls } = mockFetch({
      'POST usuarios/token/refresh': () => json(200, { Token: 'NEW', TokenRefresh: 'R2', Expiracion: future() }),
      'GET a/b/list': () => json(200, { Items: [] }),
    });
    await Promise.all([api.get('a/b/list'), api.get('a/b/list')]);
    const refreshes = calls.filter((c) => c.path === 'usuarios/token/refresh');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(String(refreshes[0]!.init.body))).toMatchObject({ TokenRefresco: 'R1' });
    expect(JSON.parse(String(refreshes[0]!.init.body)).IdCliente).toBeTruthy();
    expect(headers(calls.at(-1)!.init).Authorization).toBe('Bearer NEW');
    expect(readTokens()?.TokenRefresh).toBe('R2');
  });

  it('refreshes under the browser-wide lock and uses what another tab stored while it waited', async () => {
    writeTokens({ Token: 'OLD', TokenRefresh: 'R1', Expiracion: past() });
    setCookie('XSRF-TOKEN', 'x');
    const names: string[] = [];
    // The other tab holds the lock, refreshes and stores its new pair; then this tab's turn comes.
    const request = async (name: string, run: () => Promise<unknown>) => {
      names.push(name);
      writeTokens({ Token: 'OTRA', TokenRefresh: 'R2', Expiracion: future() });
      return run();
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = mockFetch({ 'GET a/b/list': () => json(200, { Items: [] }) });
    await api.get('a/b/list');
    vi.unstubAllGlobals();
    expect(names).toEqual([REFRESH_LOCK]);
    expect(calls.filter((c) => c.path === 'usuarios/token/refresh')).toHaveLength(0);
    expect(headers(calls.at(-1)!.init).Authorization).toBe('Bearer OTRA');
    expect(readTokens()?.TokenRefresh).toBe('R2');
  });

  it('refreshes with the token stored when the lock is granted, not the one read before waiting', async () => {
    writeTokens({ Token: 'OLD', TokenRefresh: 'R1', Expiracion: past() });
    setCookie('XSRF-TOKEN', 'x');
    const request = async (_name: string, run: () => Promise<unknown>) => {
      writeTokens({ Token: 'OLD2', TokenRefresh: 'R1b', Expiracion: past() });
      return run();
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = mockFetch({
      'POST usuarios/token/refresh': () => json(200, { Token: 'NEW', TokenRefresh: 'R2', Expiracion: future() }),
      'GET a/b/list': () => json(200, { Items: [] }),
    });
    await api.get('a/b/list');
    vi.unstubAllGlobals();
    const refreshes = calls.filter((c) => c.path === 'usuarios/token/refresh');
    expect(refreshes.map((c) => JSON.parse(String(c.init.body)).TokenRefresco)).toEqual(['R1b']);
    expect(headers(calls.at(-1)!.init).Authorization).toBe('Bearer NEW');
  });

  it('a refused refresh is a silent logout', async () => {
    writeTokens({ Token: 'OLD', TokenRefresh: 'R1', Expiracion: past() });
    setCookie('XSRF-TOKEN', 'x');
    mockFetch({ 'POST usuarios/token/refresh': () => json(401, { Mensaje: 'caducada' }) });
    const listener = vi.fn();
    const off = onSilentLogout(listener);
    await expect(api.get('a/b/list')).rejects.toBeInstanceOf(SilentLogout);
    off();
    expect(listener).toHaveBeenCalledOnce();
    expect(readTokens()).toBeNull();
    expect(shown).toEqual([]);
  });

  it('missing token, expiry or refresh token: silent logout without calling', async () => {
    localStorage.setItem('faro.token', 'T');
    const { fn } = mockFetch({});
    await expect(api.get('a/b/list')).rejects.toBeInstanceOf(SilentLogout);
    expect(fn).not.toHaveBeenCalled();
  });

  it('401 clears the tokens and logs out without a message', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    mockFetch({ 'GET a/b/list': () => json(401, { Mensaje: 'no' }) });
    await expect(api.get('a/b/list')).rejects.toBeInstanceOf(SilentLogout);
    expect(readTokens()).toBeNull();
    expect(shown).toEqual([]);
  });

  it('errors become one red toast with the catalogue text; 400 keeps the field errors', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    setCookie('XSRF-TOKEN', 'x');
    mockFetch({
      'GET a/b/edit/9': () => json(404, { Mensaje: 'x' }),
      'POST a/b/save': () =>
        json(400, { Mensaje: MSG.formInvalid, Errores: [{ Campo: 'Val', Mensaje: 'Código es obligatorio' }] }),
    });
    await expect(api.get('a/b/edit/9')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([{ message: MSG.notFound, color: 'red' }]);
    const err = await api.post('a/b/save', {}).catch((e: ApiError) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fieldErrors).toEqual([{ Campo: 'Val', Mensaje: 'Código es obligatorio' }]);
    expect(shown.at(-1)).toEqual({ message: MSG.formInvalid, color: 'red' });
  });

  it('an unauthenticated 401 (wrong login) shows its message instead of logging out', async () => {
    setCookie('XSRF-TOKEN', 'x');
    mockFetch({ 'POST usuarios/registro/login': () => json(401, { Mensaje: 'Usuario o contraseña incorrectos' }) });
    await expect(api.post('usuarios/registro/login', {}, { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([{ message: 'Usuario o contraseña incorrectos', color: 'red' }]);
  });

  it('downloads do not show their errors', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    mockFetch({ 'GET usuarios/usuario/vercertificado': () => json(500, {}) });
    await expect(api.download('usuarios/usuario/vercertificado')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
  });

  it('network errors show their own message', async () => {
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: future() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('a/b/list')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([{ message: 'Failed to fetch', color: 'red' }]);
  });

  it('times out after 60 s with the no-connection text', async () => {
    vi.useFakeTimers();
    writeTokens({ Token: 'T1', TokenRefresh: 'R1', Expiracion: new Date(Date.now() + 3_600_000).toISOString() });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const pending = api.get('a/b/list').catch((e: ApiError) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(((await pending) as ApiError).message).toBe(MSG.noConnection);
    expect(TIMEOUT_MS).toBe(60_000);
  });
});
