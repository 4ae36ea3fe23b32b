import { MSG } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fichar = (s: Session, body: Record<string, unknown>) =>
  s.request('POST', '/api/rrhh/fichajesusu/save', { Origen: 'w', ...body });

describe('time clock state machine (server owned)', () => {
  it('walks e → p → r → s and refuses the transitions the spec does not allow', async () => {
    const s = await t.as('empleado', 'DEMO');
    const refused = async (body: Record<string, unknown>) => {
      const res = await fichar(s, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.Mensaje).toBe('string');
    };
    await refused({ Tipo: 'p', MotivoPausa: 'Comida' }); // no state: cannot pause

    const entry = await fichar(s, { Tipo: 'j', Latitud: 40.4168, Longitud: -3.7038 });
    expect(entry.body).toMatchObject({ Estado: 'e', Mensaje: MSG.clockRegistered('Entrada') });
    const noReason = await fichar(s, { Tipo: 'p' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.Errores).toEqual([{ Campo: 'MotivoPausa', Mensaje: 'Motivo de la pausa es obligatorio' }]);
    expect((await fichar(s, { Tipo: 'p', MotivoPausa: 'Médico' })).body).toMatchObject({
      Estado: 'p',
      Mensaje: MSG.clockRegistered('Pausa'),
    });
    await refused({ Tipo: 'j' }); // paused: must resume before ending the day
    expect((await fichar(s, { Tipo: 'p' })).body.Estado).toBe('r');
    expect((await fichar(s, { Tipo: 'p', MotivoPausa: 'Personal' })).body.Estado).toBe('p');
    expect((await fichar(s, { Tipo: 'p' })).body.Estado).toBe('r');
    expect((await fichar(s, { Tipo: 'j' })).body).toMatchObject({
      Estado: 's',
      Mensaje: MSG.clockRegistered('Salida'),
    });
    await refused({ Tipo: 'p', MotivoPausa: 'Comida' }); // after exit: cannot pause
    expect((await fichar(s, { Tipo: 'j' })).body.Estado).toBe('e'); // a new workday

    const info = await s.request('GET', '/api/usuarios/usuario/infoempre');
    expect(info.body.EstadoFichaje).toBe('e');
    const list = await s.request('GET', '/api/rrhh/fichajesusu/list?TotalPagina=3');
    expect(list.body.Total).toBe(7);
    expect(list.body.Items.map((i: { Estado: string }) => i.Estado)).toEqual(['e', 's', 'r']);
    const first = (await s.request('GET', '/api/rrhh/fichajesusu/list?Pagina=3&TotalPagina=3')).body.Items.at(-1);
    expect(first).toMatchObject({
      Estado: 'e',
      Tipo: 'j',
      Origen: 'w',
      Latitud: 40.4168,
      Longitud: -3.7038,
      MotivoPausa: null,
    });
  });

  it('takes the time from the server clock, ignoring any date in the body', async () => {
    const s = await t.as('fichaje', 'DEMO');
    const before = Date.now();
    const res = await fichar(s, { Tipo: 'j', Fecha: '2000-01-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.Fecha)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('serialises concurrent clicks: two entries at once give one e and one s, never two e', async () => {
    const s = await t.as('demo', 'DEMO');
    const results = await Promise.all([fichar(s, { Tipo: 'j' }), fichar(s, { Tipo: 'j' })]);
    expect(results.map((r) => r.body.Estado).sort()).toEqual(['e', 's']);
  });

  it('audits every entry (A, the user, UTC time, type and new state)', async () => {
    const s = await t.as('fichaje', 'DEMO');
    const entry = await fichar(s, { Tipo: 'j' });
    expect(entry.status).toBe(200);
    const admin = await t.as('demo', 'DEMO');
    const filtros = encodeURIComponent(JSON.stringify({ Recurso: 'fichajes' }));
    const audit = await admin.request(
      'GET',
      `/api/usuarios/auditoria/list?Filtros=${filtros}&Orden=Fecha&Descendente=true`,
    );
    expect(audit.status).toBe(200);
    const mine = audit.body.Items.filter((a: { UserName: string }) => a.UserName === 'fichaje');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toMatchObject({ Accion: 'A', Campos: { Tipo: 'j', Estado: entry.body.Estado } });
    expect(new Date(mine[0].Fecha).toISOString()).toBe(mine[0].Fecha);
  });

  it('validates the body in Spanish', async () => {
    const s = await t.as('fichaje', 'DEMO');
    const bad = await fichar(s, { Tipo: 'x', Origen: 'm', Latitud: 200, Longitud: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.Errores).toEqual(
      expect.arrayContaining([
        { Campo: 'Tipo', Mensaje: 'Tipo debe ser j (jornada) o p (pausa)' },
        { Campo: 'Origen', Mensaje: 'Origen debe ser w (web)' },
        { Campo: 'Latitud', Mensaje: 'Debe ser menor o igual a 90' },
      ]),
    );
  });

  it('is refused (403) to a member without the time clock enabled, and has no edit or delete route', async () => {
    const alumno = await t.as('alumno', 'ACADEMIA');
    expect((await fichar(alumno, { Tipo: 'j' })).status).toBe(403);
    expect((await alumno.request('GET', '/api/rrhh/fichajesusu/list')).status).toBe(403);
    const urls = t.deps.routes
      .filter((r) => r.url.startsWith('/api/rrhh/fichajesusu'))
      .map((r) => `${r.method} ${r.url}`);
    expect(urls.sort()).toEqual(['GET /api/rrhh/fichajesusu/list', 'POST /api/rrhh/fichajesusu/save']);
  });
});
