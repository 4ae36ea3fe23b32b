import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, mailText, startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { erroresDelFormulario } from '../http/respuesta.testkit.ts';
import { LINK_INVALID, RECOVERY_SENT, SIGNUP_SENT } from './accountRoutes.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const waitForMail = async (to: string) => {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.mails.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No llegó ningún correo para ${to}`);
};

describe('password recovery through a real SMTP server', () => {
  it('mails a single-use link that sets a new password and unlocks the account', async () => {
    const res = await t.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'profesor' });
    expect(res.body).toEqual({ Mensaje: RECOVERY_SENT });
    const mail = await waitForMail('profesor@faro.local');
    expect(mailText(mail.raw)).toContain('http://faro.test/registro/nuevopass?token=');
    const token = linkToken(mail.raw);

    const weak = await t.call('POST', '/api/usuarios/registro/nuevopass', { Token: token, NuevoPassword: 'corta' });
    expect(weak.status).toBe(400);
    const ok = await t.call('POST', '/api/usuarios/registro/nuevopass', { Token: token, NuevoPassword: 'Recuperada1' });
    expect(ok.status).toBe(200);
    await expect(t.login('profesor', 'Recuperada1')).resolves.toBeTruthy();
    const again = await t.call('POST', '/api/usuarios/registro/nuevopass', {
      Token: token,
      NuevoPassword: 'OtraVez123',
    });
    expect(again.body).toEqual({ Mensaje: LINK_INVALID });
  });

  it('answers the same for an unknown user and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'no-existe' });
    expect(res.body).toEqual({ Mensaje: RECOVERY_SENT });
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses an invented token', async () => {
    const res = await t.call('POST', '/api/usuarios/registro/nuevopass', {
      Token: 'inventado',
      NuevoPassword: 'Valida1234',
    });
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe(LINK_INVALID);
  });
});

describe('sign-up with e-mail confirmation', () => {
  const alta = {
    NombreEmpresa: 'Ferretería Pérez SL',
    NIF: 'B64717838',
    Nombre: 'Ana',
    Email: 'ana@ferreteria.test',
    Usuario: 'anaperez',
    Password: 'Ferreteria1',
  };

  it('validates every field in Spanish', async () => {
    const res = await t.call('POST', '/api/usuarios/registro/nuevacuenta', {
      ...alta,
      NIF: '12345678A',
      Email: 'mal',
      Password: 'x',
      Usuario: 'demo',
    });
    erroresDelFormulario(res, [
      { Campo: 'NIF', Mensaje: 'La letra del DNI/NIE/NIF no es correcta' },
      { Campo: 'Email', Mensaje: 'El formato es incorrecto' },
      { Campo: 'Password', Mensaje: 'Contraseña debe contener mínimo 8 caracteres' },
    ]);
  });

  // a taken user name no longer answers "Ese nombre de usuario ya está en uso" (it told which names
  // exist): the answer is the usual one and the e-mail to the given address says the name is taken.
  it('answers a taken user name like any sign-up and says so in the e-mail', async () => {
    const taken = await t.call('POST', '/api/usuarios/registro/nuevacuenta', {
      ...alta,
      Usuario: 'demo',
      Email: 'otra@ferreteria.test',
    });
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual({ Mensaje: SIGNUP_SENT });
    const text = mailText((await waitForMail('otra@ferreteria.test')).raw);
    expect(text).toContain('con el nombre de usuario demo, pero ese nombre de usuario ya est'); // (sink decodes UTF-8 as Latin-1)
    expect(text).not.toContain('confirmaemail');
  });

  it('creates the company in test mode, refuses sign-in until the e-mailed link is followed', async () => {
    const res = await t.call('POST', '/api/usuarios/registro/nuevacuenta', alta);
    expect(res.status).toBe(201);
    const early = await t.call('POST', '/api/usuarios/registro/login', {
      Usuario: 'anaperez',
      Password: 'Ferreteria1',
      IdCliente: 'navegador-1',
    });
    expect(early.body.Mensaje).toMatch(/^Confirma tu correo/);
    const mail = await waitForMail('ana@ferreteria.test');
    const confirm = await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: linkToken(mail.raw) });
    expect(confirm.status).toBe(200);
    const s = await t.login('anaperez', 'Ferreteria1');
    const info = await s.request('GET', '/api/usuarios/usuario/infoempre');
    expect(info.body).toMatchObject({
      NombreEmpresa: 'Ferretería Pérez SL',
      CodigoEmpresa: 'FERRETERIA',
      EntidadPruebas: true,
      CondicionesAceptadas: false,
      Propietario: true,
      Centros: [{ Val: 'CENTRAL', Desc: 'Central' }],
    });
  });
});

describe('without SMTP', () => {
  it('keeps every mail in the outbox table', async () => {
    const local = await createTestApp();
    try {
      await local.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'alumnoae' });
      // The recovery mail is written after the answer (same answer time for known and unknown accounts).
      let rows: { para: string; texto: string }[] = [];
      for (let i = 0; i < 100 && rows.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        rows = await local.database.query<{ para: string; texto: string }>('select para, texto from correos_salida');
      }
      expect(rows).toHaveLength(1);
      expect(rows[0]!.para).toBe('alumnoae@faro.local');
      expect(rows[0]!.texto).toContain('/registro/nuevopass?token=');
    } finally {
      await local.close();
    }
  });
});
