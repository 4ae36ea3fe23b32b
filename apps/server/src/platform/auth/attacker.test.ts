import { describe, expect, it, vi } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { createTestApp, DEMO_PASSWORD, type Response, TEST_CSRF } from '../../../test/testApp.ts';
import { BROWSER_COOKIE, XSRF_COOKIE } from '../http/security.ts';
import { SIGNUP_SENT } from './accountRoutes.ts';
import { ACCOUNT_FREE_FAILURES, backoffSeconds, LOCK_AFTER_FAILURES } from './loginLimits.ts';
import { ACCOUNT_LOCKED, LOGIN_FAILED, TOO_MANY } from './sessionRoutes.ts';

/**
 * the auth flows probed as an outsider would, on both engines. Every case here failed before the fix:
 * anonymous lockout killed sessions, X-Forwarded-For chose the client address, answers told known accounts apart, a
 * locked account confirmed a right password, any equal CSRF cookie/header pair passed, X-Forwarded-Host let a
 * foreign Origin through, /api/docs was always public, data answers were cacheable and a 500 left no trace.
 */

// A 500 on demand: infoempre throws while `boom.on`.
const boom = vi.hoisted(() => ({ on: false }));
vi.mock('../../modules/usuarios/infoEmpresa.ts', async (original) => {
  const real = await original<typeof import('../../modules/usuarios/infoEmpresa.ts')>();
  return {
    ...real,
    buildInfoEmpresa: (...args: Parameters<typeof real.buildInfoEmpresa>) => {
      if (boom.on) throw new TypeError('fallo forzado por la prueba');
      return real.buildInfoEmpresa(...args);
    },
  };
});

// Counts argon2 hashes: a taken user name must cost the same hash as a free one (same timing).
const argon = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('./passwords.ts', async (original) => {
  const real = await original<typeof import('./passwords.ts')>();
  return {
    ...real,
    hashPassword: (password: string) => {
      argon.hashes++;
      return real.hashPassword(password);
    },
  };
});

let clock = Date.now();
const LOCK_MINUTES = 15;
const t = appDePruebas({ now: () => clock, loginLockMinutes: LOCK_MINUTES });

const login = (Usuario: string, Password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/usuarios/registro/login', { Usuario, Password, IdCliente: 'navegador-atacante' }, headers);

/** Fails until the account locks, waiting out each back-off, from a new forged address each time. */
async function lockOut(user: string) {
  for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
    clock += (backoffSeconds(i, ACCOUNT_FREE_FAILURES) + 1) * 1000;
    const res = await login(user, 'NoEsLaClave1', { 'x-forwarded-for': `198.51.100.${i + 1}` });
    expect(res.status, `intento ${i + 1}`).toBe(400);
    expect(res.body).toEqual({ Mensaje: LOGIN_FAILED });
  }
}

const outbox = async (to: string) => {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.query<{ asunto: string; texto: string }>(
      'select asunto, texto from correos_salida where para = $1 order by id',
      [to],
    );
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
};

describe('anonymous lockout is no denial of service', () => {
  it('locks for a while only: the victim stays signed in, is told by e-mail, and signs in once the lock ends', async () => {
    const victim = await t.login('empleado');
    await lockOut('empleado');

    // The open session keeps working (before: 401 at once) and keeps refreshing.
    expect((await victim.request('GET', '/api/usuarios/usuario/infoempre')).status).toBe(200);
    const refreshed = await t.call('POST', '/api/usuarios/token/refresh', {
      TokenRefresco: victim.refresh,
      IdCliente: 'cliente-de-pruebas',
    });
    expect(refreshed.status).toBe(200);

    // While locked, the right password gets exactly what a wrong one gets, with Retry-After.
    const right = await login('empleado', DEMO_PASSWORD);
    const wrong = await login('empleado', 'OtraMala12');
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ Mensaje: ACCOUNT_LOCKED });
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(LOCK_MINUTES * 60 - 30);

    // The person and the company's owner are told (Spanish, through the outbox).
    const toVictim = await outbox('empleado@faro.local');
    expect(toVictim.at(-1)!.asunto).toBe('Faro: hemos bloqueado temporalmente tu acceso');
    expect(toVictim.at(-1)!.texto).toContain(`durante ${LOCK_MINUTES} minutos`);
    const toOwner = await outbox('demo@faro.local');
    expect(toOwner.at(-1)!.texto).toContain('El usuario empleado');

    // The administrator sees the lock; it ends by itself.
    const admin = await t.login('admin');
    const members = await admin.request('GET', '/api/usuarios/administrador/admusuarios/list/1');
    expect(members.body.Items.find((u: { UserName: string }) => u.UserName === 'empleado').Bloqueado).toBe(true);
    clock += LOCK_MINUTES * 60_000 + 1000;
    expect((await login('empleado', DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts parallel guesses one by one: a burst still locks, and only once', async () => {
    clock += 3_600_000;
    const burst = await Promise.all(
      Array.from({ length: LOCK_AFTER_FAILURES + 2 }, (_, i) => login('autoescuela', `Rafaga${i}xx`)),
    );
    // Guesses checked before the lock answer 400; those checked after it (the order depends on the machine's load)
    // get the lock's 429. Never anything else, and at least LOCK_AFTER_FAILURES of them were counted as failures.
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(LOCK_AFTER_FAILURES);
    const right = await login('autoescuela', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ Mensaje: ACCOUNT_LOCKED });
    await outbox('autoescuela@faro.local');
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox('autoescuela@faro.local')).toHaveLength(1);
  });

  it('slows guesses with growing delays (429 in Spanish with Retry-After), whatever address is claimed', async () => {
    clock += 3_600_000;
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) {
      const res = await login('fichaje', 'NoEsLaClave1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({ Mensaje: TOO_MANY });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses).toEqual([...Array(ACCOUNT_FREE_FAILURES).fill(400), 429]);
  });

  it('keeps the per-address cap when every request forges its own X-Forwarded-For', async () => {
    clock += 3_600_000;
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await login(`nadie${i}`, 'x', { 'x-forwarded-for': `192.0.2.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('answers do not tell which accounts exist', () => {
  it('login: an unknown user and a wrong password answer alike, also once locked', async () => {
    clock += 3_600_000;
    const unknown = await login('no-existe-nadie', 'NoEsLaClave1');
    const known = await login('profesor', 'NoEsLaClave1');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await lockOut('no-existe-tampoco');
    const a = await login('no-existe-tampoco', DEMO_PASSWORD);
    clock += 3_600_000; // the address's own failures are forgotten after an hour
    await lockOut('instructor');
    const b = await login('instructor', DEMO_PASSWORD);
    expect(a.status).toBe(429);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });

  it('recovery: the same answer for a known and an unknown account', async () => {
    const known = await t.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'tutor' });
    const unknown = await t.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'nadie-de-nadie' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('sign-up: a taken user name answers like a free one; only the e-mail says it is taken', async () => {
    const alta = (Usuario: string, Email: string) =>
      t.call('POST', '/api/usuarios/registro/nuevacuenta', {
        NombreEmpresa: 'Intrusos SL',
        NIF: 'B64717838',
        Nombre: 'Eva',
        Email,
        Usuario,
        Password: 'Intrusa123',
      });
    argon.hashes = 0;
    const taken = await alta('demo', 'eva@intrusos.test');
    expect(argon.hashes).toBe(1);
    const free = await alta('evanueva', 'eva2@intrusos.test');
    expect(argon.hashes).toBe(2);
    expect(taken.status).toBe(201);
    expect(free.status).toBe(taken.status);
    expect(taken.body).toEqual({ Mensaje: SIGNUP_SENT });
    expect(free.body).toEqual(taken.body);
    const [mail] = await outbox('eva@intrusos.test');
    expect(mail!.texto).toContain('ese nombre de usuario ya está en uso');
    expect(mail!.texto).not.toContain('confirmaemail');
    // Nothing was created for the taken name: the real owner's password still works, no second company.
    expect((await login('demo', DEMO_PASSWORD)).status).toBe(200);
    const companies = await t.database.query<{ n: string }>(
      "select count(*) as n from empresas where nombre = 'Intrusos SL'",
    );
    expect(Number(companies[0]!.n)).toBe(1);
  });
});

describe('CSRF and origin', () => {
  const post = (cookies: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuarios/registro/recupera',
      payload: { Usuario: 'nadie' },
      cookies,
      headers,
    });
  const browser = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios/registro/csrf' });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    return { id: cookies[BROWSER_COOKIE]!, token: cookies[XSRF_COOKIE]! };
  };

  it('refuses a CSRF token issued to another browser, even as an equal cookie/header pair', async () => {
    const mine = await browser();
    const theirs = await browser();
    const ok = await post({ [BROWSER_COOKIE]: mine.id, [XSRF_COOKIE]: mine.token }, { 'x-xsrf-token': mine.token });
    expect(ok.statusCode).toBe(200);
    const planted = await post(
      { [BROWSER_COOKIE]: mine.id, [XSRF_COOKIE]: theirs.token },
      { 'x-xsrf-token': theirs.token },
    );
    expect(planted.statusCode).toBe(403);
    const invented = await post({ [BROWSER_COOKIE]: mine.id, [XSRF_COOKIE]: 'a' }, { 'x-xsrf-token': 'a' });
    expect(invented.statusCode).toBe(403);
  });

  it('a sign-in gives the browser a new id and token (one planted before is not carried in)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/registro/login',
      payload: { Usuario: 'alumno', Password: DEMO_PASSWORD, IdCliente: 'navegador-1' },
      cookies: TEST_CSRF.cookies,
      headers: TEST_CSRF.headers,
    });
    expect(res.statusCode).toBe(200);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    expect(cookies[XSRF_COOKIE]).toBeTruthy();
    expect(cookies[XSRF_COOKIE]).not.toBe(TEST_CSRF.cookies[XSRF_COOKIE]);
    expect(cookies[BROWSER_COOKIE]).not.toBe(TEST_CSRF.cookies[BROWSER_COOKIE]);
  });

  it('refuses a foreign Origin even when X-Forwarded-Host names it; accepts the configured public origin', async () => {
    const forged = await post(TEST_CSRF.cookies, {
      ...TEST_CSRF.headers,
      origin: 'https://malicioso.example',
      'x-forwarded-host': 'malicioso.example',
    });
    expect(forged.statusCode).toBe(403);
    const own = await post(TEST_CSRF.cookies, { ...TEST_CSRF.headers, origin: t.config.publicUrl });
    expect(own.statusCode).toBe(200);
  });
});

describe('API docs and caching', () => {
  it('closes /api/docs to anonymous callers when configured (production), open to a signed-in one', async () => {
    const closed = await createTestApp({ apiDocs: false });
    try {
      for (const url of ['/api/docs/json', '/api/docs/', '/api/docs']) {
        expect((await closed.call('GET', url)).status, url).toBe(401);
      }
      const s = await closed.as('demo');
      expect((await s.request('GET', '/api/docs/json')).status).toBe(200);
    } finally {
      await closed.close();
    }
    // The default of tests, dev and demo keeps them reachable.
    expect((await t.call('GET', '/api/docs/json')).status).toBe(200);
  });

  it('marks every authenticated data answer Cache-Control: no-store (lists, records, exports, files)', async () => {
    const s = await t.as('demo', 'DEMO');
    for (const url of [
      '/api/configuracion/centros/list?Pagina=1&TotalPagina=10',
      '/api/configuracion/centros/export?Formato=html',
      '/api/configuracion/centros/export?Formato=pdf',
      '/api/usuarios/usuario/infoempre',
      '/api/configuracion/configura/logo',
    ]) {
      const res = await s.request('GET', url);
      expect(res.headers['cache-control'], `${url} (${res.status})`).toBe('no-store');
    }
  });
});

describe('unexpected errors are visible to administrators', () => {
  it('records a 500 with route, company, user and the reference the user is shown', async () => {
    const s = await t.as('demo', 'DEMO');
    boom.on = true;
    let res: Response;
    try {
      res = await s.request('GET', '/api/usuarios/usuario/infoempre');
    } finally {
      boom.on = false;
    }
    expect(res.status).toBe(500);
    const referencia = res.body.Referencia as string;
    expect(referencia).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.body.Mensaje).toContain(referencia);
    expect(res.body.Mensaje).toMatch(/^Ha ocurrido un error interno/);
    expect(JSON.stringify(res.body)).not.toContain('fallo forzado');
    const [row] = await t.database.query<Record<string, unknown>>(
      'select metodo, ruta, url, empresa, user_name, nombre, mensaje from errores_servidor where referencia = $1',
      [referencia],
    );
    expect(row).toMatchObject({
      metodo: 'GET',
      ruta: '/api/usuarios/usuario/infoempre',
      url: '/api/usuarios/usuario/infoempre',
      user_name: 'demo',
      nombre: 'TypeError',
      mensaje: 'fallo forzado por la prueba',
    });
    expect(Number(row!.empresa)).toBeGreaterThan(0);
  });
});
