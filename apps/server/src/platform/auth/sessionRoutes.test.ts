import { MSG } from '@faro/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { TEST_CSRF, TEST_SECRET } from '../../../test/testApp.ts';
import { ACCOUNT_FREE_FAILURES, backoffSeconds } from './loginLimits.ts';
import { ACCOUNT_LOCKED, LOCK_AFTER_FAILURES, LOGIN_FAILED, TOO_MANY } from './sessionRoutes.ts';
import { REFRESH_GRACE_MS } from './sessions.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

/** The clock of sign-in throttling and locks (moved forward past back-offs and locks). */
let clock = Date.now();
const t = appDePruebas({ now: () => clock });
/** Signs in from the test browser `navegador-1`. */
const entrar = (Usuario: string, Password: string) =>
  t.call('POST', '/api/usuarios/registro/login', { Usuario, Password, IdCliente: 'navegador-1' });
/** Presents a refresh token as the client `IdCliente`. */
const refrescar = (TokenRefresco: string, IdCliente = 'cliente-de-pruebas') =>
  t.call('POST', '/api/usuarios/token/refresh', { TokenRefresco, IdCliente });

describe('registro/login', () => {
  it('returns a token pair, an expiry at most 15 minutes ahead and an XSRF cookie', async () => {
    const res = await entrar('demo', 'Demo1234');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Token: expect.any(String),
      TokenRefresh: expect.any(String),
      Expiracion: expect.any(String),
    });
    const minutes = (Date.parse(res.body.Expiracion) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const claims = verifyAccessToken(res.body.Token, TEST_SECRET);
    expect(claims?.cen).toBe('CENTRAL');
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]{20,}/);
  });

  it('answers the same Spanish message for an unknown user and a wrong password', async () => {
    const unknown = await entrar('nadie', 'Demo1234');
    const wrong = await entrar('demo', 'mal');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ Mensaje: LOGIN_FAILED });
    expect(wrong.body).toEqual({ Mensaje: LOGIN_FAILED });
  });

  it('lists every missing field in Spanish', async () => {
    const res = await t.call('POST', '/api/usuarios/registro/login', {});
    expect(res.status).toBe(400);
    expect(res.body.Errores).toEqual(
      expect.arrayContaining([
        { Campo: 'Usuario', Mensaje: 'Usuario es obligatorio' },
        { Campo: 'Password', Mensaje: 'Contraseña es obligatorio' },
      ]),
    );
  });

  // the lock is temporary (it used to last until an administrator unlocked it); the unlock stays.
  it(`locks the account for a while after ${LOCK_AFTER_FAILURES} failures; an administrator can unlock it sooner`, async () => {
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      clock += (backoffSeconds(i, ACCOUNT_FREE_FAILURES) + 1) * 1000;
      const r = await entrar('academia', 'Mala1234');
      expect(r.body.Mensaje).toBe(LOGIN_FAILED);
    }
    const locked = await entrar('academia', 'Demo1234');
    expect(locked.status).toBe(429);
    expect(locked.body.Mensaje).toBe(ACCOUNT_LOCKED);

    const admin = await t.login('admin');
    const members = await admin.request('GET', '/api/usuarios/administrador/admusuarios/list/3');
    const academia = members.body.Items.find((u: { UserName: string }) => u.UserName === 'academia');
    expect(academia.Bloqueado).toBe(true);
    const unlock = await admin.request('POST', `/api/usuarios/administrador/admusuarios/desbloquear/3/${academia.Id}`);
    expect(unlock.status).toBe(200);
    await expect(t.login('academia')).resolves.toBeTruthy();
  });

  it('refuses desbloquear to anyone but a platform administrator', async () => {
    const demo = await t.login('demo');
    const res = await demo.request('POST', '/api/usuarios/administrador/admusuarios/desbloquear/1/1');
    expect(res.status).toBe(403);
    expect(res.body.Mensaje).toBe(MSG.forbidden);
  });
});

describe('token/refresh', () => {
  it('rotates on every use; reusing an old refresh token revokes the whole family', async () => {
    const s = await t.login('empleado');
    const first = await refrescar(s.refresh);
    expect(first.status).toBe(200);
    expect(first.body.TokenRefresh).not.toBe(s.refresh);
    const second = await refrescar(first.body.TokenRefresh);
    expect(second.status).toBe(200);

    const replay = await refrescar(s.refresh);
    expect(replay.status).toBe(401);
    // The legitimate holder is signed out too: the newest refresh token and access token stop working.
    const after = await refrescar(second.body.TokenRefresh);
    expect(after.status).toBe(401);
    const info = await t.session(second.body.Token).request('GET', '/api/usuarios/usuario/infoempre');
    expect(info.status).toBe(401);
  });

  describe('two tabs of one browser', () => {
    // Each case starts and ends in a new minute of the per-address limit (30 sign-in and refresh calls a minute).
    beforeEach(() => {
      clock += 61_000;
    });
    afterEach(() => {
      clock += 61_000;
    });

    it('gives a second tab of the same browser, presenting the token just replaced, the same successor', async () => {
      const s = await t.login('empleado');
      const first = await refrescar(s.refresh);
      expect(first.status).toBe(200);
      const otherTab = await refrescar(s.refresh);
      expect(otherTab.status).toBe(200);
      expect(otherTab.body.TokenRefresh).toBe(first.body.TokenRefresh);
      expect((await t.session(otherTab.body.Token).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(200);
      // The family lives on: the shared successor rotates, and the first tab's access token still works.
      const next = await refrescar(first.body.TokenRefresh);
      expect(next.status).toBe(200);
      expect((await t.session(first.body.Token).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(200);
      // Two steps back is no tab race: the successor was used, so the family is revoked.
      expect((await refrescar(s.refresh)).status).toBe(401);
      expect((await refrescar(next.body.TokenRefresh)).status).toBe(401);
    });

    it('lets two tabs refresh the same token at the same moment: both get the one successor', async () => {
      const s = await t.login('empleado');
      const [a, b] = await Promise.all([refrescar(s.refresh), refrescar(s.refresh)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.TokenRefresh).toBe(b.body.TokenRefresh);
      expect((await refrescar(a.body.TokenRefresh)).status).toBe(200);
    });

    it('revokes the family when the replaced token comes from another browser, even within the grace window', async () => {
      const s = await t.login('empleado');
      const first = await refrescar(s.refresh);
      expect((await refrescar(s.refresh, 'otro-navegador')).status).toBe(401);
      expect((await refrescar(first.body.TokenRefresh)).status).toBe(401);
    });

    it(`revokes the family when the replaced token comes back after ${REFRESH_GRACE_MS / 1000} s`, async () => {
      const s = await t.login('empleado');
      const first = await refrescar(s.refresh);
      expect(first.status).toBe(200);
      clock += REFRESH_GRACE_MS + 1000;
      expect((await refrescar(s.refresh)).status).toBe(401);
      expect((await refrescar(first.body.TokenRefresh)).status).toBe(401);
      expect((await t.session(first.body.Token).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
    });
  });

  it('is bound to the client id that obtained it', async () => {
    const s = await t.login('empleado');
    const res = await refrescar(s.refresh, 'otro-navegador');
    expect(res.status).toBe(401);
  });
});

describe('access tokens', () => {
  it('are refused once expired, when tampered with, or missing', async () => {
    const s = await t.login('demo');
    const claims = verifyAccessToken(s.token, TEST_SECRET)!;
    const expired = signAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, TEST_SECRET);
    expect((await t.session(expired).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
    const forged = signAccessToken({ ...claims, emp: 2 }, 'otro-secreto');
    expect((await t.session(forged).request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
    expect((await t.call('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
  });

  it('stop working after logout', async () => {
    const s = await t.login('demo');
    expect((await s.request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(200);
    expect((await s.request('POST', '/api/usuarios/usuario/logout')).status).toBe(204);
    expect((await s.request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(401);
    const refresh = await refrescar(s.refresh);
    expect(refresh.status).toBe(401);
  });
});

describe('CSRF and Fetch-Metadata', () => {
  const post = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuarios/registro/login',
      payload: { Usuario: 'demo', Password: 'Demo1234', IdCliente: 'navegador-1' },
      headers,
      cookies,
    });

  // an equal cookie/header pair is no longer enough: the token must be the one bound to the browser id.
  it('refuses a non-GET request without the X-XSRF-TOKEN header matching the cookie bound to the browser', async () => {
    for (const res of [
      await post({}),
      await post({ 'x-xsrf-token': 'a' }),
      await post({ 'x-xsrf-token': 'a' }, { 'XSRF-TOKEN': 'b' }),
      await post({ 'x-xsrf-token': 'a' }, { 'XSRF-TOKEN': 'a' }),
      await post({ 'x-xsrf-token': 'a' }, { ...TEST_CSRF.cookies, 'XSRF-TOKEN': 'a' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ Mensaje: 'No tienes permisos para realizar la acción solicitada' });
    }
    expect((await post({ ...TEST_CSRF.headers }, TEST_CSRF.cookies)).statusCode).toBe(200);
  });

  it('refuses cross-site requests and foreign origins even with a matching token', async () => {
    const ok = TEST_CSRF.headers;
    const cookie = TEST_CSRF.cookies;
    expect((await post({ ...ok, 'sec-fetch-site': 'cross-site' }, cookie)).statusCode).toBe(403);
    expect((await post({ ...ok, origin: 'https://malicioso.example' }, cookie)).statusCode).toBe(403);
    expect((await post({ ...ok, origin: 'http://localhost:80' }, cookie)).statusCode).toBe(403);
  });

  it('sets the XSRF-TOKEN cookie on GET requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios/registro/csrf' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{20,}/);
    expect(cookie).toContain('SameSite=Strict');
    const xsrf = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('XSRF-TOKEN='));
    expect(xsrf).not.toContain('HttpOnly');
  });
});

describe('throttling', () => {
  const attempt = (Usuario: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuarios/registro/login',
      payload: { Usuario, Password: 'x', IdCliente: 'navegador-1' },
      headers: { ...TEST_CSRF.headers, ...headers },
      cookies: TEST_CSRF.cookies,
    });

  it('slows down repeated sign-in attempts from one address with a 429 in Spanish', async () => {
    clock += 3_600_000;
    let last = 0;
    let message = '';
    for (let i = 0; i < 35; i++) {
      const res = await attempt(`nadie${i}`, { 'x-forwarded-for': '203.0.113.9' });
      last = res.statusCode;
      message = res.json().Mensaje;
    }
    expect(last).toBe(429);
    expect(message).toBe(TOO_MANY);
  });

  // growing delays instead of a fixed 10 per 15 minutes; the address claimed in X-Forwarded-For is ignored.
  it('slows down repeated attempts on one account name from many addresses with growing delays', async () => {
    clock += 3_600_000;
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++) {
      const res = await attempt('fantasma', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().Mensaje).toBe(TOO_MANY);
        expect(res.headers['retry-after']).toBe('1');
      }
    }
    expect(statuses).toEqual([...Array(ACCOUNT_FREE_FAILURES).fill(400), 429, 429]);
    clock += 1000;
    expect((await attempt('fantasma')).statusCode).toBe(400);
  });
});
