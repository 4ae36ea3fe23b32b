import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { DEMO_PASSWORD, type Response } from '../../../test/testApp.ts';
import { ALTA_CORREOS } from './altas.ts';
import { TOO_MANY } from './intentos.ts';

/**
 * The public sign-ups (registro/nuevacuenta and registro/nuevacontratacion) tell nobody which user names exist and
 * cannot be used to flood a mailbox: a taken name gets the answer of a free one (only the e-mail to the given address
 * says it is taken), every address and every e-mail address has a limit, and both forms share it.
 */

let clock = Date.now();
const t = appDePruebas({ now: () => clock });

const mailsTo = async (to: string) =>
  t.database.query<{ asunto: string; texto: string }>(
    'select asunto, texto from correos_salida where para = $1 order by id',
    [to],
  );

const contratar = (Usuario: string, Email: string, NombreEmpresa = `Sondeo ${Usuario} SL`) =>
  t.call('POST', '/api/usuarios/registro/nuevacontratacion', {
    TipoCuenta: 'general',
    Plan: 'basico',
    NombreEmpresa,
    NIF: 'B64717838',
    Direccion: 'Calle Sol 1',
    CodPostal: '28004',
    Poblacion: 'Madrid',
    Iban: 'ES91 2100 0418 4502 0005 1332',
    Nombre: 'Eva',
    Email,
    Usuario,
    Password: 'Sondeo1234',
    AceptaCondiciones: true,
  });

const cuenta = (Usuario: string, Email: string) =>
  t.call('POST', '/api/usuarios/registro/nuevacuenta', {
    NombreEmpresa: `Cuenta ${Usuario} SL`,
    NIF: 'B64717838',
    Nombre: 'Eva',
    Email,
    Usuario,
    Password: 'Sondeo1234',
  });

/** What an answer shows once the e-mail address the caller typed is taken out. */
const shape = (r: Response, email: string) => ({
  status: r.status,
  body: JSON.parse(JSON.stringify(r.body).replaceAll(email, '<correo>')),
});

describe('contracting sign-up (nuevacontratacion)', () => {
  it('40 probes with taken and free user names: indistinguishable answers, then a 429', async () => {
    const answers: { taken: boolean; r: Response; email: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const taken = i % 2 === 0;
      const email = `sonda${i}@sondeo.test`;
      answers.push({ taken, email, r: await contratar(taken ? 'demo' : `libre${i}`, email) });
    }
    const served = answers.filter((a) => a.r.status !== 429);
    expect(served.some((a) => a.taken)).toBe(true);
    expect(served.some((a) => !a.taken)).toBe(true);
    const first = shape(served[0]!.r, served[0]!.email);
    expect(first.status).toBe(201);
    for (const a of served) expect(shape(a.r, a.email), a.email).toEqual(first);
    const refused = answers.filter((a) => a.r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.r.body).toEqual({ Mensaje: TOO_MANY });
    expect(Number(refused[0]!.r.headers['retry-after'])).toBeGreaterThan(0);
    // The taken name's owner is untouched and only the given address learns that the name is taken.
    expect((await t.login('demo', DEMO_PASSWORD)).token).toBeTruthy();
    const [toTaken] = await mailsTo('sonda0@sondeo.test');
    expect(toTaken!.texto).toContain('ese nombre de usuario ya está en uso');
    expect(toTaken!.texto).not.toContain('/contratacion/firmar/');
    const [toFree] = await mailsTo('sonda1@sondeo.test');
    expect(toFree!.texto).toContain('/contratacion/firmar/');
    const companies = await t.database.query<{ n: number }>(
      "select count(*)::int as n from empresas where nombre = 'Sondeo demo SL'",
    );
    expect(companies[0]!.n).toBe(0);
  });

  it('a mailbox gets at most a few mails however many names, companies and forms are used', async () => {
    clock += 60 * 60_000;
    const victim = 'victima@sondeo.test';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = i % 2 === 0 ? await contratar(`bomba${i}`, victim, `Bomba ${i} SL`) : await cuenta(`bomba${i}`, victim);
      statuses.push(r.status);
    }
    expect((await mailsTo(victim)).length).toBeLessThanOrEqual(ALTA_CORREOS);
    expect(statuses.slice(ALTA_CORREOS)).toEqual(Array(6 - ALTA_CORREOS).fill(429));
    // Another address is not held back by the victim's limit.
    expect((await contratar('otraempresa', 'otra@sondeo.test')).status).toBe(201);
  });
});
