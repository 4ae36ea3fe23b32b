import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { DEMO_PASSWORD, TEST_CSRF } from '../../../test/testApp.ts';
import { DEVICE_COOKIE } from './dispositivo.ts';
import { ACCOUNT_FREE_FAILURES, backoffSeconds, LOCK_AFTER_FAILURES } from './loginLimits.ts';
import { ACCOUNT_LOCKED, LOGIN_FAILED } from './sessionRoutes.ts';

/**
 * Sign-in guessing protection that an outsider cannot turn against the account's owner: a browser that has signed in
 * to an account holds a signed device cookie and its own allowance, so failures from unknown clients lock out only
 * unknown clients, and failures from one device lock out only that device. And an account that cannot be used
 * (deactivated membership, blocked person) answers a right password exactly like a wrong one.
 */

let clock = Date.now();
const t = appDePruebas({ now: () => clock, loginLockMinutes: 15 });

async function login(Usuario: string, Password: string, device?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios/registro/login',
    payload: { Usuario, Password, IdCliente: 'navegador-de-la-prueba' },
    headers: TEST_CSRF.headers,
    cookies: { ...TEST_CSRF.cookies, ...(device ? { [DEVICE_COOKIE]: device } : {}) },
  });
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  return { status: res.statusCode, body: res.json(), headers: res.headers, cookie };
}

/** Fails until the account's lock starts, waiting out each back-off. */
async function failUntilLocked(user: string, device?: string) {
  for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
    clock += (backoffSeconds(i, ACCOUNT_FREE_FAILURES) + 1) * 1000;
    const res = await login(user, 'NoEsLaClave1', device);
    expect(res.status, `intento ${i + 1}`).toBe(400);
  }
  clock += 1000;
}

describe('device cookie', () => {
  it('is set on a successful sign-in: httpOnly, SameSite=Strict, only for the sign-in route', async () => {
    const { status, cookie } = await login('profesor', DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/usuarios/registro/login' });
    expect(cookie!.maxAge).toBeGreaterThan(30 * 24 * 3600);
    expect((await login('profesor', 'NoEsLaClave1')).cookie).toBeUndefined();
  });

  it("an attacker's failures lock out unknown clients only: the owner's browser still signs in", async () => {
    clock += 3_600_000;
    const owner = (await login('empleado', DEMO_PASSWORD)).cookie!.value;
    await failUntilLocked('empleado');
    const attacker = await login('empleado', DEMO_PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.body).toEqual({ Mensaje: ACCOUNT_LOCKED });
    const mine = await login('empleado', DEMO_PASSWORD, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.Token).toBeTruthy();
    // The device keeps its nonce (and its allowance) across sign-ins.
    expect(mine.cookie!.value).toBe(owner);
    // The unknown clients' lock was not lifted by the owner's sign-in.
    expect((await login('empleado', DEMO_PASSWORD)).status).toBe(429);
  });

  it('failures from one device lock out only that device; a cookie of another account or forged counts for nothing', async () => {
    clock += 3_600_000;
    const device = (await login('instructor', DEMO_PASSWORD)).cookie!.value;
    const other = (await login('tutor', DEMO_PASSWORD)).cookie!.value;
    await failUntilLocked('instructor', device);
    expect(await login('instructor', DEMO_PASSWORD, device)).toMatchObject({
      status: 429,
      body: { Mensaje: ACCOUNT_LOCKED },
    });
    // Another browser (no cookie) is not held back by that device's failures.
    expect((await login('instructor', DEMO_PASSWORD)).status).toBe(200);

    // tutor's unknown clients are locked; instructor's cookie and a forged one do not open tutor's door.
    await failUntilLocked('tutor');
    const forged = `${other.slice(0, -4)}AAAA`;
    for (const cookie of [device, forged, 'basura']) {
      expect((await login('tutor', DEMO_PASSWORD, cookie)).status, cookie).toBe(429);
    }
    expect((await login('tutor', DEMO_PASSWORD, other)).status).toBe(200);
  });
});

describe('an account that cannot be used answers like a wrong password', () => {
  const same = async (user: string) => {
    clock += 3_600_000;
    const right = await login(user, DEMO_PASSWORD);
    clock += 3_600_000;
    const wrong = await login(user, 'NoEsLaClave1');
    expect(wrong).toMatchObject({ status: 400, body: { Mensaje: LOGIN_FAILED } });
    expect(right.status).toBe(wrong.status);
    expect(right.body).toEqual(wrong.body);
    expect(right.cookie).toBeUndefined();
  };

  it('a person whose only membership is deactivated', async () => {
    const [p] = await t.database.query<{ id: number }>(
      `select p.id from personas p join miembros m on m.persona_id = p.id
        where not p.es_admin and p.email_confirmado and not p.bloqueado
        group by p.id having count(*) = 1 order by p.id limit 1`,
    );
    await t.database.query('update miembros set baja = true where persona_id = $1', [p!.id]);
    const [u] = await t.database.query<{ user_name: string }>('select user_name from personas where id = $1', [p!.id]);
    await same(u!.user_name);
  });

  it('a blocked person', async () => {
    await t.database.query("update personas set bloqueado = true where user_name = 'alumno'");
    await same('alumno');
  });
});
