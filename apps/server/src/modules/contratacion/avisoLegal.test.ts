import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { SOLO_PROPIETARIO_FIRMA } from '../../platform/admin/contratos.ts';
import { TOO_MANY } from '../../platform/auth/intentos.ts';

/**
 * The 'Aviso Legal' of a company that has not signed: nothing works before signing, and its owner can read the
 * contract, ask for the code and sign from the session (user `pendiente`, company PENDIENTE, no contract yet).
 */
let clock = Date.now();
const t = appDePruebas({ now: () => clock });
const owner = t.sesion('pendiente', 'PENDIENTE');

const C = '/api/usuarios/usuario/contratopendiente';

async function lastCode(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.query<{ texto: string }>(
      "select texto from correos_salida where para = 'pendiente@faro.local' order by id desc limit 1",
    );
    const code = row?.texto.match(/código para firmar el contrato es (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no ha llegado el código');
}

describe("signing from the 'Aviso Legal'", () => {
  it('shows the owner the contract to sign as a draft PDF, the company still closed', async () => {
    const res = await owner.request('GET', `${C}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const list = await owner.request('GET', '/api/ventas/clientes/list');
    expect(list).toMatchObject({ status: 403, body: { Mensaje: MSG.termsPending } });
  });

  it('refuses a member who is not the owner the code and the signature', async () => {
    await t.database.query(
      `insert into miembros (empresa_id, persona_id, roles, propietario)
       select e.id, p.id, '["usuario"]'::jsonb, false from empresas e, personas p
       where e.codigo = 'PENDIENTE' and p.user_name = 'empleado'`,
    );
    const member = await t.as('empleado', 'PENDIENTE');
    for (const res of [
      await member.request('POST', `${C}/codigo`),
      await member.request('POST', `${C}/firmar`, { Firmante: 'Empleado', Codigo: '123456' }),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { Mensaje: SOLO_PROPIETARIO_FIRMA } });
    }
  });

  it('mails the owner a code, at most one a minute', async () => {
    const sent = await owner.request('POST', `${C}/codigo`);
    expect(sent).toMatchObject({ status: 200, body: { Mensaje: 'Te hemos enviado el código a pe***@faro.local' } });
    expect(await lastCode()).toMatch(/^\d{6}$/);
    const again = await owner.request('POST', `${C}/codigo`);
    expect(again).toMatchObject({ status: 429, body: { Mensaje: TOO_MANY } });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a wrong code on its field, and a missing name in Spanish, signing nothing', async () => {
    const wrong = await owner.request('POST', `${C}/firmar`, { Firmante: 'Pendiente', Codigo: '000000' });
    const code = await lastCode();
    expect(wrong.status).toBe(400);
    expect(wrong.body.Errores).toEqual([
      { Campo: 'Codigo', Mensaje: code === '000000' ? expect.any(String) : 'El código no es correcto' },
    ]);
    const missing = await owner.request('POST', `${C}/firmar`, { Codigo: code });
    expect(missing.status).toBe(400);
    expect(missing.body.Errores).toEqual([{ Campo: 'Firmante', Mensaje: 'Nombre del firmante es obligatorio' }]);
    expect((await owner.request('GET', '/api/ventas/clientes/list')).status).toBe(403);
  });

  it('lets the owner sign with the code: the same session then uses the app, and the signed contract is kept', async () => {
    clock += 61_000;
    expect((await owner.request('POST', `${C}/codigo`)).status).toBe(200);
    const signed = await owner.request('POST', `${C}/firmar`, {
      Firmante: 'Pendiente Pérez',
      Codigo: await lastCode(),
    });
    expect(signed).toMatchObject({
      status: 200,
      body: { Mensaje: 'El contrato se ha firmado correctamente', Hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect((await owner.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
    expect((await owner.request('GET', '/api/usuarios/usuario/infoempre')).body.CondicionesAceptadas).toBe(true);
    const pdf = await owner.request('GET', '/api/usuarios/usuario/vercontratofirmado');
    expect(pdf.status).toBe(200);
    const again = await owner.request('POST', `${C}/firmar`, { Firmante: 'Pendiente Pérez', Codigo: '123456' });
    expect(again).toMatchObject({ status: 400, body: { Mensaje: 'El contrato ya está firmado' } });
  });
});
