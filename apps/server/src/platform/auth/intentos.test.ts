import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { DEMO_PASSWORD } from '../../../test/testApp.ts';
import { KIOSCO_FALLOS } from '../../modules/rrhh/kiosco.ts';
import { CLAVE_FALLOS, CODIGO_FALLOS, CODIGO_REENVIOS_HORA } from './intentos.ts';
import { TOO_MANY } from './sessionRoutes.ts';

/**
 * Attempt limits that hold under parallel requests and resends: each secret (contract signing code, kiosk PIN,
 * current password) is checked at most `limit` times, because the attempt is counted in the same statement that
 * checks the limit, before the secret is compared.
 */

let clock = Date.now();
const t = appDePruebas({ now: () => clock });

const mailsTo = (to: string) =>
  t.database.query<{ texto: string }>('select texto from correos_salida where para = $1 order by id', [to]);

async function contratar(usuario: string, email: string): Promise<string> {
  const res = await t.call('POST', '/api/usuarios/registro/nuevacontratacion', {
    TipoCuenta: 'general',
    Plan: 'basico',
    NombreEmpresa: `Codigos ${usuario} SL`,
    NIF: 'B64717838',
    Direccion: 'Calle Sol 1',
    CodPostal: '28004',
    Poblacion: 'Madrid',
    Iban: 'ES91 2100 0418 4502 0005 1332',
    Nombre: 'Ana',
    Email: email,
    Usuario: usuario,
    Password: 'Firma1234',
    AceptaCondiciones: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await mailsTo(email);
  return /\/contratacion\/firmar\/([A-Za-z0-9_-]+)/.exec(mail!.texto)![1]!;
}

const ultimoCodigo = async (email: string) => /(\d{6})/.exec((await mailsTo(email)).at(-1)!.texto)![1]!;
const otroCodigo = (codigo: string, i: number) => String((Number(codigo) + 1 + i) % 1_000_000).padStart(6, '0');

describe('contract signing codes', () => {
  it('checks at most the limit of 20 parallel wrong codes; the rest, and then the right code, get a 429', async () => {
    const email = 'paralelo@codigos.test';
    const token = await contratar('codigos.paralelo', email);
    const codigo = await ultimoCodigo(email);
    const firmar = (Codigo: string) =>
      t.call('POST', `/api/usuarios/registro/contrato/${token}/firmar`, { Firmante: 'Ana', Codigo });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => firmar(otroCodigo(codigo, i))));
    const checked = burst.filter((r) => r.status === 400);
    expect(checked.length).toBeLessThanOrEqual(CODIGO_FALLOS);
    for (const r of checked) expect(r.body.Errores[0].Mensaje).toBe('El código no es correcto');
    expect(burst.filter((r) => r.status === 429).length).toBe(20 - checked.length);
    const right = await firmar(codigo);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ Mensaje: TOO_MANY });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a resend neither resets the count nor comes more than once a minute or five times an hour', async () => {
    const email = 'reenvio@codigos.test';
    const token = await contratar('codigos.reenvio', email);
    const firmar = (Codigo: string) =>
      t.call('POST', `/api/usuarios/registro/contrato/${token}/firmar`, { Firmante: 'Ana', Codigo });
    const codigo = await ultimoCodigo(email);
    for (let i = 0; i < CODIGO_FALLOS; i++) expect((await firmar(otroCodigo(codigo, i))).status).toBe(400);
    const reenviar = () => t.call('POST', `/api/usuarios/registro/contrato/${token}/codigo`);
    expect((await reenviar()).status).toBe(200);
    const nuevo = await ultimoCodigo(email);
    // The new code is right, but the contract's attempts are spent: refused like any other.
    expect((await firmar(nuevo)).status).toBe(429);
    const again = await reenviar();
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ Mensaje: TOO_MANY });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const mails = (await mailsTo(email)).length;
    for (let i = 1; i < CODIGO_REENVIOS_HORA + 3; i++) {
      clock += 61_000;
      await reenviar();
    }
    // One contract mail plus at most the hour's resends.
    expect((await mailsTo(email)).length - mails).toBeLessThanOrEqual(CODIGO_REENVIOS_HORA - 1);
    // Once the hour has passed the attempts come back, and the newest code signs.
    clock += 61 * 60_000;
    expect((await reenviar()).status).toBe(200);
    const ok = await firmar(await ultimoCodigo(email));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('kiosk PINs', () => {
  it('11 concurrent wrong PINs spend the limit: the right PIN is refused until a manager sets a new one', async () => {
    const manager = await t.as('demo', 'DEMO');
    const [p] = await t.database.query<{ id: number }>("select id from personas where user_name = 'empleado'");
    const persona = Number(p!.id);
    expect((await manager.request('PUT', `/api/rrhh/fichajes/pin/${persona}`, { Pin: '4321' })).status).toBe(200);
    const fichar = (Pin: string) =>
      manager.request('POST', '/api/rrhh/kiosco/fichar', { Codigo: 'E001', Pin, Tipo: 'j' });
    const burst = await Promise.all(Array.from({ length: 11 }, (_, i) => fichar(String(1000 + i))));
    expect(burst.map((r) => r.status)).toEqual(Array(11).fill(400));
    // Each checked PIN was counted first: the count is the number of PINs compared, and it stops at the limit.
    const [row] = await t.database.query<{ fallos: number }>(
      'select fallos from fichajes_pines where persona_id = $1',
      [persona],
    );
    expect(Number(row!.fallos)).toBe(KIOSCO_FALLOS);
    const right = await fichar('4321');
    expect(right.status).toBe(400);
    expect(right.body).toEqual(burst[0]!.body);
    expect((await manager.request('PUT', `/api/rrhh/fichajes/pin/${persona}`, { Pin: '4321' })).status).toBe(200);
    expect((await fichar('4321')).status).toBe(200);
  });
});

describe('current password', () => {
  it('is checked a limited number of times: then even the right one gets a 429, and the password is unchanged', async () => {
    const s = await t.as('profesor');
    const cambiar = (PasswordActual: string) =>
      s.request('POST', '/api/usuarios/usuario/cambiarcontrasena', { PasswordActual, NuevoPassword: 'Nueva12345' });
    const burst = await Promise.all(Array.from({ length: CLAVE_FALLOS + 6 }, (_, i) => cambiar(`Mala${i}xxxx`)));
    expect(burst.filter((r) => r.status === 400).length).toBeLessThanOrEqual(CLAVE_FALLOS);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(6);
    const right = await cambiar(DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await t.call('POST', '/api/usuarios/registro/login', {
          Usuario: 'profesor',
          Password: DEMO_PASSWORD,
          IdCliente: 'cliente-de-pruebas',
        })
      ).status,
    ).toBe(200);
  });
});
