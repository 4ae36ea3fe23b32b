import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, mailText, startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { CAMBIO_EMAIL_ENVIADO, CAMBIO_EMAIL_HECHO } from './cambioEmailRoutes.ts';
import { IDENTIDAD_COMPARTIDA } from './personas.ts';

// Mails go to a real SMTP server on loopback: the test reads the links and notices as the person would.
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(() => Promise.all([t.close(), smtp.stop()]));

const waitForMail = async (to: string, from = 0) => {
  for (let i = 0; i < 150; i++) {
    const mail = smtp.mails.slice(from).find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No llegó ningún correo para ${to}`);
};

const idEmpresa = async (codigo: string) =>
  Number((await t.database.query<{ id: number }>('select id from empresas where codigo = $1', [codigo]))[0]!.id);
const emailDe = async (userName: string) =>
  (await t.database.query<{ email: string }>('select email from personas where user_name = $1', [userName]))[0]!.email;
const miembroDe = async (userName: string, codigo: string) =>
  Number(
    (
      await t.database.query<{ id: number }>(
        `select m.id from miembros m join personas p on p.id = m.persona_id
          where p.user_name = $1 and m.empresa_id = $2`,
        [userName, await idEmpresa(codigo)],
      )
    )[0]!.id,
  );

async function saveUsuario(s: Session, id: number, cambios: Record<string, unknown>) {
  const actual = (await s.request('GET', `/api/usuarios/usuarios/edit/${id}`)).body;
  const { Id: _i, Propietario: _p, Bloqueado: _b, IdentidadCompartida: _c, ...body } = actual;
  return s.request('PUT', `/api/usuarios/usuarios/save/${id}`, { ...body, ...cambios });
}

describe('a client company cannot write the identity of its adviser (identity vs membership)', () => {
  it("refuses the owner of a client changing the e-mail of the adviser who entered it; recovery still mails the adviser's address", async () => {
    const asesor = await t.as('asesoria', 'ASESORIA');
    const demo = await idEmpresa('DEMO');
    expect((await asesor.request('POST', `/api/asesorias/aseempresas/entrar/${demo}`)).status).toBe(200);
    const id = await miembroDe('asesoria', 'DEMO');
    const duena = await t.as('demo', 'DEMO');

    const ficha = await duena.request('GET', `/api/usuarios/usuarios/edit/${id}`);
    expect(ficha.body).toMatchObject({
      UserName: 'asesoria',
      IdentidadCompartida: true,
      SoloLectura: { Campos: expect.arrayContaining(['Email', 'Nombre']), Motivo: IDENTIDAD_COMPARTIDA },
    });

    const ataque = await saveUsuario(duena, id, { Email: 'ladron@cliente.test' });
    expect(ataque).toMatchObject({ status: 403, body: { Mensaje: IDENTIDAD_COMPARTIDA } });
    for (const campo of ['Nombre', 'Apellido1', 'Apellido2', 'NombreComercial']) {
      expect((await saveUsuario(duena, id, { [campo]: 'Otro' })).status).toBe(403);
    }
    expect(await emailDe('asesoria')).toBe('asesoria@faro.local');

    const antes = smtp.mails.length;
    await t.call('POST', '/api/usuarios/registro/recupera', { Usuario: 'asesoria' });
    const mail = await waitForMail('asesoria@faro.local', antes);
    expect(mail.to.join()).not.toContain('ladron@cliente.test');
  });

  it('refuses the identity of a person who belongs to another company too, but keeps membership edits working', async () => {
    // demo owns DEMO and DEMO2; an employee of DEMO joins DEMO2 as well.
    const duena = await t.as('demo', 'DEMO');
    const otra = await t.as('demo', 'DEMO2');
    const nuevo = await otra.request('POST', '/api/usuarios/usuarios/save', {
      UserName: 'compartida',
      Nombre: 'Compartida',
      Email: 'compartida@faro.local',
      Roles: ['empleado'],
      FichajeActivo: false,
      SoloFichaje: false,
      Baja: false,
    });
    expect(nuevo.status).toBe(201);
    const personaId = (
      await t.database.query<{ id: number }>("select id from personas where user_name = 'compartida'")
    )[0]!.id;
    await t.database.query(
      `insert into miembros (empresa_id, persona_id, roles) values ($1, $2, '["empleado"]'::jsonb)`,
      [await idEmpresa('DEMO'), personaId],
    );
    const id = await miembroDe('compartida', 'DEMO');
    expect((await saveUsuario(duena, id, { Email: 'otra@faro.local' })).status).toBe(403);
    const membresia = await saveUsuario(duena, id, { CodigoEmpleado: 'E777', FichajeActivo: true });
    expect(membresia.status).toBe(200);
    expect(membresia.body).toMatchObject({ CodigoEmpleado: 'E777', FichajeActivo: true, IdentidadCompartida: true });
    expect(await emailDe('compartida')).toBe('compartida@faro.local');
  });

  it('still lets a small company edit the identity of a person who is only its member', async () => {
    const duena = await t.as('demo', 'DEMO');
    const id = await miembroDe('fichaje', 'DEMO');
    const ficha = (await duena.request('GET', `/api/usuarios/usuarios/edit/${id}`)).body;
    expect(ficha.IdentidadCompartida).toBe(false);
    expect(ficha.SoloLectura).toBeUndefined();
    const res = await saveUsuario(duena, id, { Email: 'carmen@faro.local', Apellido2: 'Pérez' });
    expect(res.status).toBe(200);
    expect(await emailDe('fichaje')).toBe('carmen@faro.local');
  });
});

describe('a person changes their own e-mail only by confirming the new address', () => {
  it('mails a link to the new address and a notice to the old one; the link sets it once', async () => {
    const yo = await t.as('academia', 'ACADEMIA');
    const antes = smtp.mails.length;
    const mal = await yo.request('POST', '/api/usuarios/usuario/cambiaremail', {
      Email: 'pilar@nuevo.test',
      PasswordActual: 'NoEsLaMia1',
    });
    expect(mal.status).toBe(400);
    expect(mal.body.Errores).toEqual([{ Campo: 'PasswordActual', Mensaje: 'La contraseña actual no es correcta' }]);
    expect((await yo.request('POST', '/api/usuarios/usuario/cambiaremail', { Email: 'no-es-correo' })).status).toBe(
      400,
    );

    const res = await yo.request('POST', '/api/usuarios/usuario/cambiaremail', {
      Email: 'pilar@nuevo.test',
      PasswordActual: 'Demo1234',
    });
    expect(res).toMatchObject({ status: 200, body: { Mensaje: CAMBIO_EMAIL_ENVIADO } });
    // Nothing changes until the new address confirms.
    expect(await emailDe('academia')).toBe('academia@faro.local');
    const aviso = await waitForMail('academia@faro.local', antes);
    expect(mailText(aviso.raw)).toContain('pilar@nuevo.test');
    expect(mailText(aviso.raw)).not.toContain('token=');
    const enlace = await waitForMail('pilar@nuevo.test', antes);
    expect(mailText(enlace.raw)).toContain('http://faro.test/registro/confirmaemail?token=');
    const token = linkToken(enlace.raw);

    // The address inside the link cannot be swapped for another.
    const cambiado = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: cambiado })).status).toBe(400);

    const ok = await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: token });
    expect(ok).toMatchObject({ status: 200, body: { Mensaje: CAMBIO_EMAIL_HECHO } });
    expect(await emailDe('academia')).toBe('pilar@nuevo.test');
    expect((await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: token })).status).toBe(400);
  });

  it('counts wrong current passwords: past the limit even the right one waits (429), and nothing is mailed', async () => {
    const yo = await t.as('autoescuela', 'AUTOESCUELA');
    const pedir = (PasswordActual: string) =>
      yo.request('POST', '/api/usuarios/usuario/cambiaremail', { Email: 'raul@nuevo.test', PasswordActual });
    for (let i = 0; i < 5; i++) expect((await pedir(`Mala${i}1234`)).status).toBe(400);
    const antes = smtp.mails.length;
    const bloqueado = await pedir('Demo1234');
    expect(bloqueado.status).toBe(429);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails.slice(antes).some((m) => m.to.includes('raul@nuevo.test'))).toBe(false);
  });
});
