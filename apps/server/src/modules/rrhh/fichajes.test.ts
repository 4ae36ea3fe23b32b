import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import type { Session } from '../../../test/testApp.ts';
import { erroresDelFormulario } from '../../platform/http/respuesta.testkit.ts';

const t = appDePruebas();

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
    const bad = await fichar(s, { Tipo: 'x', Origen: 'k', Latitud: 200, Longitud: 0 });
    erroresDelFormulario(bad, [
      { Campo: 'Tipo', Mensaje: 'Tipo debe ser j (jornada) o p (pausa)' },
      { Campo: 'Origen', Mensaje: 'Origen debe ser w (web) o m (móvil)' },
      { Campo: 'Latitud', Mensaje: 'Debe ser menor o igual a 90' },
    ]);
  });

  it('is refused (403) to a member without the time clock enabled, and has no edit or delete route', async () => {
    const alumno = await t.as('alumno', 'ACADEMIA');
    expect((await fichar(alumno, { Tipo: 'j' })).status).toBe(403);
    expect((await alumno.request('GET', '/api/rrhh/fichajesusu/list')).status).toBe(403);
    const urls = t.deps.routes
      .filter((r) => r.url.startsWith('/api/rrhh/fichajesusu'))
      .map((r) => `${r.method} ${r.url}`);
    expect(urls.sort()).toEqual([
      'DELETE /api/rrhh/fichajesusu/ausencias/:id',
      'GET /api/rrhh/fichajesusu/ausencias',
      'GET /api/rrhh/fichajesusu/correcciones',
      'GET /api/rrhh/fichajesusu/hoja',
      'GET /api/rrhh/fichajesusu/list',
      'GET /api/rrhh/fichajesusu/mes',
      'POST /api/rrhh/fichajesusu/aceptar',
      'POST /api/rrhh/fichajesusu/ausencias',
      'POST /api/rrhh/fichajesusu/correccion',
      'POST /api/rrhh/fichajesusu/correccion/aprobar/:id',
      'POST /api/rrhh/fichajesusu/correccion/rechazar/:id',
      'POST /api/rrhh/fichajesusu/save',
    ]);
    // No route of the time clock edits or deletes an entry (withdrawing an unanswered leave request is no entry).
    const writes = t.deps.routes.filter(
      (r) =>
        r.url.startsWith('/api/rrhh/fichajes') &&
        !r.url.startsWith('/api/rrhh/fichajesusu/ausencias') &&
        (r.method === 'PUT' || r.method === 'DELETE'),
    );
    expect(writes.map((r) => r.url)).toEqual(['/api/rrhh/fichajes/pin/:id']);
  });
});

const personaDe = async (userName: string) =>
  Number(
    (await t.database.query<{ id: number }>('select id from personas where lower(user_name) = $1', [userName]))[0]!.id,
  );

describe('inspection-ready time clock', () => {
  it('chains every entry per person; verification finds a row edited or deleted in SQL', async () => {
    const s = await t.as('empleado', 'DEMO');
    const demo = await t.as('demo', 'DEMO');
    const persona = await personaDe('empleado');
    const ok = await demo.request('GET', `/api/rrhh/fichajes/verificar?IdPersona=${persona}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, defectos: [] });
    expect(ok.body.revisados).toBeGreaterThanOrEqual(7);
    const rows = await t.database.query<{ id: number; huella: string; huella_anterior: string }>(
      'select id, huella, huella_anterior from fichajes where persona_id = $1 order by id',
      [persona],
    );
    expect(rows[0]!.huella_anterior).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.huella_anterior).toBe(rows[i - 1]!.huella);

    // The table refuses edits (trigger); someone with the database's keys disables it and edits a row in SQL.
    const victim = rows[2]!;
    await expect(t.database.query('delete from fichajes where id = $1', [victim.id])).rejects.toThrow(
      /sólo admite altas/,
    );
    await t.database.query('alter table fichajes disable trigger fichajes_append_only');
    await t.database.query(`update fichajes set fecha = fecha - interval '1 hour' where id = $1`, [victim.id]);
    const edited = await demo.request('GET', `/api/rrhh/fichajes/verificar?IdPersona=${persona}`);
    expect(edited.body.ok).toBe(false);
    expect(edited.body.defectos).toEqual([expect.objectContaining({ Id: Number(victim.id), Defecto: 'alterado' })]);
    // A delete in SQL: the next row points at a hash that is not its predecessor's.
    await t.database.query('delete from fichajes where id = $1', [victim.id]);
    await t.database.query('alter table fichajes enable trigger fichajes_append_only');
    const deleted = await demo.request('GET', `/api/rrhh/fichajes/verificar?IdPersona=${persona}`);
    expect(deleted.body.defectos).toEqual([expect.objectContaining({ Id: Number(rows[3]!.id), Defecto: 'eliminado' })]);
    // The worker's own entries go on chaining after the damage (the damage stays reported).
    expect((await fichar(s, { Tipo: 'j' })).status).toBe(200);
    // Time-clock-only users never reach the managers' screens.
    const soloFichaje = await t.as('fichaje', 'DEMO');
    expect((await soloFichaje.request('GET', '/api/rrhh/fichajes/verificar')).status).toBe(403);
    expect((await soloFichaje.request('GET', '/api/rrhh/fichajes/personas')).status).toBe(403);
  });

  it('offline entries keep their device time, are flagged, and arrive once (idempotent by the client id)', async () => {
    const s = await t.as('fichaje', 'DEMO');
    const estado = (await s.request('GET', '/api/usuarios/usuario/infoempre')).body.EstadoFichaje;
    const device = new Date(Date.now() - 30 * 60_000).toISOString();
    const body = { Tipo: 'j', Origen: 'm', IdCliente: 'offline-entry-0001', FechaDispositivo: device };
    const first = await fichar(s, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Offline: true, Repetido: false, Fecha: device });
    const again = await fichar(s, body);
    expect(again.body).toMatchObject({ Id: first.body.Id, Repetido: true, Estado: first.body.Estado });
    const [{ n } = { n: -1 }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from fichajes where id_cliente = 'offline-entry-0001'",
    );
    expect(n).toBe(1);
    const list = await s.request('GET', '/api/rrhh/fichajesusu/list?TotalPagina=50');
    const item = list.body.Items.find((i: { Id: number }) => i.Id === first.body.Id);
    expect(item).toMatchObject({ Offline: true, Origen: 'm' });
    expect(Date.parse(item.Registrado)).toBeGreaterThan(Date.parse(device));
    expect(estado === 'e' || estado === 'r' ? 's' : 'e').toBe(first.body.Estado);
    // A device time far in the past is a correction, not an offline entry.
    const stale = await fichar(s, {
      Tipo: 'j',
      IdCliente: 'offline-entry-0002',
      FechaDispositivo: '2020-01-01T08:00:00Z',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.Errores[0].Campo).toBe('FechaDispositivo');
  });

  it('a correction takes effect only when the other side approves; the original stays', async () => {
    const worker = await t.as('fichaje', 'DEMO');
    const manager = await t.as('demo', 'DEMO');
    const persona = await personaDe('fichaje');
    const [original] = (await worker.request('GET', '/api/rrhh/fichajesusu/list?TotalPagina=1')).body.Items;
    const fecha = new Date(Date.parse(original.Fecha) - 5 * 60_000).toISOString();
    const propuesta = await worker.request('POST', '/api/rrhh/fichajesusu/correccion', {
      IdFichaje: original.Id,
      Estado: original.Estado,
      Fecha: fecha,
      Motivo: 'Fiché cinco minutos tarde',
    });
    expect(propuesta.status).toBe(201);
    expect(propuesta.body).toMatchObject({ Situacion: 'pendiente', PropuestaPor: 't' });
    // The worker cannot approve their own proposal.
    const self = await worker.request('POST', `/api/rrhh/fichajesusu/correccion/aprobar/${propuesta.body.Id}`, {});
    expect(self.status).toBe(403);
    expect(self.body.Mensaje).toMatch(/otra parte/);
    const before = await t.database.query('select count(*)::int as n from fichajes where persona_id = $1', [persona]);
    const approved = await manager.request('POST', `/api/rrhh/fichajescorr/aprobar/${propuesta.body.Id}`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ Situacion: 'aprobada' });
    const after = await t.database.query('select count(*)::int as n from fichajes where persona_id = $1', [persona]);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
    const [kept] = await t.database.query<{ fecha: Date }>('select fecha from fichajes where id = $1', [original.Id]);
    expect(new Date(kept!.fecha).toISOString()).toBe(original.Fecha);
    const [added] = await t.database.query<{ fecha: Date; corrige_id: number }>(
      'select fecha, corrige_id from fichajes where id = $1',
      [approved.body.IdFichajeNuevo],
    );
    expect(new Date(added!.fecha).toISOString()).toBe(fecha);
    expect(Number(added!.corrige_id)).toBe(propuesta.body.Id);
    expect((await manager.request('POST', `/api/rrhh/fichajescorr/aprobar/${propuesta.body.Id}`, {})).status).toBe(400);

    // The manager's proposal waits for the worker; the manager cannot approve it himself.
    const mgr = await manager.request('POST', '/api/rrhh/fichajescorr/save', {
      IdPersona: persona,
      Estado: 's',
      Fecha: new Date(Date.now() - 60_000).toISOString(),
      Motivo: 'Olvidó fichar la salida',
    });
    expect(mgr.status).toBe(201);
    expect((await manager.request('POST', `/api/rrhh/fichajescorr/aprobar/${mgr.body.Id}`, {})).status).toBe(403);
    const refused = await worker.request('POST', `/api/rrhh/fichajesusu/correccion/rechazar/${mgr.body.Id}`, {
      Respuesta: 'Salí más tarde',
    });
    expect(refused.body).toMatchObject({ Situacion: 'rechazada', IdFichajeNuevo: null });
    const verify = await manager.request('GET', `/api/rrhh/fichajes/verificar?IdPersona=${persona}`);
    expect(verify.body.ok).toBe(true);
  });

  it('month view against the contract, acceptance once, sheets in pdf, xlsx and csv', async () => {
    const manager = await t.as('demo', 'DEMO');
    const worker = await t.as('fichaje', 'DEMO');
    const persona = await personaDe('fichaje');
    const mes = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date()).slice(0, 7);
    const m = await manager.request('GET', `/api/rrhh/fichajes/mes?IdPersona=${persona}&Mes=${mes}`);
    expect(m.status).toBe(200);
    expect(m.body.Persona).toMatchObject({ Codigo: 'E002', Nombre: expect.stringContaining('Carmen') });
    expect(m.body.Dias.length).toBeGreaterThanOrEqual(28);
    expect(m.body.Previstos).toBeGreaterThan(0);
    expect(m.body.Fichajes.length).toBeGreaterThan(0);
    expect((await manager.request('GET', `/api/rrhh/fichajes/mes?IdPersona=${persona}&Mes=2026-13`)).status).toBe(400);
    const accepted = await worker.request('POST', '/api/rrhh/fichajesusu/aceptar', { Mes: mes });
    expect(accepted.status).toBe(200);
    expect(accepted.body.Huella).toMatch(/^[0-9A-F]{64}$/);
    expect((await worker.request('POST', '/api/rrhh/fichajesusu/aceptar', { Mes: mes })).status).toBe(400);
    expect((await worker.request('GET', `/api/rrhh/fichajesusu/mes?Mes=${mes}`)).body.Aceptacion.Mes).toBe(mes);
    const pdf = await worker.request('GET', `/api/rrhh/fichajesusu/hoja?Mes=${mes}&Formato=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const csv = await manager.request('GET', `/api/rrhh/fichajes/hoja?Mes=${mes}&Formato=csv`);
    expect(String(csv.body)).toContain('Empleado;Día;Entrada');
    const informe = await manager.request('GET', `/api/rrhh/fichajes/informe?Mes=${mes}`);
    expect(informe.body.Items.map((i: { IdPersona: number }) => i.IdPersona)).toContain(persona);
  });

  it('the inspector link is read-only, audited, and stops working when it expires or is revoked', async () => {
    const manager = await t.as('demo', 'DEMO');
    const hoy = new Date().toISOString().slice(0, 10);
    /** A two-day link to this month's records so far. */
    const enlace = (Destinatario: string) =>
      manager.request('POST', '/api/rrhh/inspeccion/save', {
        Destinatario,
        Desde: `${hoy.slice(0, 7)}-01`,
        Hasta: hoy,
        Dias: 2,
      });
    const made = await enlace('Inspección de Trabajo de Madrid');
    expect(made.status).toBe(201);
    const url: string = made.body.Enlace;
    expect(url).toMatch(/^\/api\/rrhh\/inspeccion\/ver\/\d+\.\d+\.[\w-]+$/);
    const page = await t.call('GET', url);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(String(page.body)).toContain('Registro de jornada');
    const datos = await t.call('GET', `${url}/datos`);
    expect(datos.body.Empleados.length).toBeGreaterThan(0);
    const pdf = await t.call('GET', `${url}/exportar?Formato=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const xlsx = await t.call('GET', `${url}/exportar?Formato=xlsx`);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const write = await t.call(method, `${url}/datos`, {});
      expect(write.status).toBe(403);
    }
    // A tampered secret is an unknown link.
    expect((await t.call('GET', `${url.slice(0, -2)}xx`)).status).toBe(404);
    const accesos = await manager.request('GET', `/api/rrhh/inspeccion/accesos/${made.body.Id}`);
    expect(accesos.body.Items.map((a: { Accion: string }) => a.Accion)).toEqual(
      expect.arrayContaining(['ver', 'datos', 'exportar pdf', 'exportar xlsx', 'escritura POST']),
    );
    await t.database.query(`update inspeccion_enlaces set caduca = now() - interval '1 minute' where id = $1`, [
      made.body.Id,
    ]);
    const expired = await t.call('GET', url);
    expect(expired.status).toBe(403);
    expect(expired.body.Mensaje).toMatch(/caducado/);
    const [{ n } = { n: -1 }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from inspeccion_accesos where enlace_id = $1 and resultado = 'caducado'",
      [made.body.Id],
    );
    expect(n).toBe(1);
    // A revoked link stops working too.
    const otro = await enlace('Comité de empresa');
    const revocado = await manager.request('POST', `/api/rrhh/inspeccion/revocar/${otro.body.Id}`);
    expect(revocado.status).toBe(200);
    expect(revocado.body.Revocado).not.toBeNull();
    expect((await t.call('GET', otro.body.Enlace)).status).toBe(403);
  });

  it('kiosk: employee code + PIN clocks that employee in (origin k); a wrong PIN is refused', async () => {
    const manager = await t.as('demo', 'DEMO');
    const persona = await personaDe('empleado');
    expect((await manager.request('PUT', `/api/rrhh/fichajes/pin/${persona}`, { Pin: '4321' })).status).toBe(200);
    const wrong = await manager.request('POST', '/api/rrhh/kiosco/fichar', { Codigo: 'E001', Pin: '0000', Tipo: 'j' });
    expect(wrong.status).toBe(400);
    const ok = await manager.request('POST', '/api/rrhh/kiosco/fichar', { Codigo: 'E001', Pin: '4321', Tipo: 'j' });
    expect(ok.status).toBe(200);
    const [row] = await t.database.query<{ origen: string; persona_id: number }>(
      'select origen, persona_id from fichajes order by id desc limit 1',
    );
    expect(row).toMatchObject({ origen: 'k' });
    expect(Number(row!.persona_id)).toBe(persona);
  });

  it('commission report per period: one row per sales rep, dates checked', async () => {
    const manager = await t.as('demo', 'DEMO');
    const bad = await manager.request('GET', '/api/rrhh/comisiones/informe?Desde=2026-02-01&Hasta=2026-01-01');
    expect(bad.status).toBe(400);
    const res = await manager.request('GET', '/api/rrhh/comisiones/informe?Desde=2020-01-01&Hasta=2099-12-31');
    expect(res.status).toBe(200);
    expect(res.body.Items.length).toBeGreaterThan(0);
    for (const c of res.body.Items) {
      expect(c.Comision).toBeCloseTo(
        c.Detalle.reduce((s: number, d: { Comision: number }) => s + d.Comision, 0),
        2,
      );
    }
  });
});
