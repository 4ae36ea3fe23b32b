import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { enOrdenDeRecorrido, llamar, nombreDe } from '../../../test/recorrerRutas.ts';

/**
 * "A contract must be signed before use": the browser shows the 'Aviso Legal' modal, and the server refuses the
 * same members (domain `mustAcceptTerms`) every route not marked `beforeTerms` — generated over every registered
 * route, so a new route is closed before signing unless it opts in.
 */

/** What a member of an unsigned company may reach: sign-in, session, context, the contract to read and to sign. */
const ANTES_DE_FIRMAR = [
  'GET /api/usuarios/usuario/cambiarcentro/:val',
  'GET /api/usuarios/usuario/cambiarempre/:id/web',
  'GET /api/usuarios/usuario/contratado',
  'GET /api/usuarios/usuario/contratopendiente/pdf',
  'GET /api/usuarios/usuario/infoempre',
  'GET /api/usuarios/usuario/vercertificado',
  'GET /api/usuarios/usuario/vercontratofirmado',
  'GET /api/usuarios/usuario/verenctratamiento',
  'POST /api/usuarios/usuario/cambiarcontrasena',
  'POST /api/usuarios/usuario/contratopendiente/codigo',
  'POST /api/usuarios/usuario/contratopendiente/firmar',
  'POST /api/usuarios/usuario/logout',
];

const t = appDePruebas();
const pendiente = t.sesion('pendiente', 'PENDIENTE');

describe('a company that has not signed its contract', () => {
  it('is refused a company list even when the client skips the legal notice', async () => {
    const res = await pendiente.request('GET', '/api/ventas/clientes/list');
    expect(res).toMatchObject({ status: 403, body: { Mensaje: MSG.termsPending } });
  });

  it('reaches only the routes marked beforeTerms; every other non-public route answers the Spanish 403', async () => {
    const marcadas = t.deps.routes.filter((r) => r.access.beforeTerms).map(nombreDe);
    expect(marcadas.sort()).toEqual(ANTES_DE_FIRMAR);
    const mal: string[] = [];
    let cerradas = 0;
    for (const route of enOrdenDeRecorrido(t.deps.routes)) {
      if (route.access.kind === 'public') continue;
      const res = await llamar(pendiente, route);
      const vetada = res.status === 403 && res.body?.Mensaje === MSG.termsPending;
      if (route.access.beforeTerms ? vetada || res.status === 401 : !vetada) {
        mal.push(`${nombreDe(route)}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
      }
      if (vetada) cerradas++;
    }
    expect(mal).toEqual([]);
    expect(cerradas).toBeGreaterThan(500);
  }, 120_000);

  it('lets its owner read the contract, the data-processing agreement and the plan, and sign in and out', async () => {
    const s = await t.login('pendiente');
    expect((await s.request('GET', '/api/usuarios/usuario/infoempre')).body.CondicionesAceptadas).toBe(false);
    expect((await s.request('GET', '/api/usuarios/usuario/contratado')).status).toBe(200);
    const dpa = await s.request('GET', '/api/usuarios/usuario/verenctratamiento');
    expect(dpa.status).toBe(200);
    expect(dpa.headers['content-type']).toBe('application/pdf');
    expect((await s.request('POST', '/api/usuarios/usuario/logout')).status).toBe(204);
  });

  it('is let through, in the same session, once the contract is signed', async () => {
    const s = await t.as('pendiente', 'PENDIENTE');
    expect((await s.request('GET', '/api/ventas/clientes/list')).status).toBe(403);
    await t.database.query("update empresas set condiciones_aceptadas = true where codigo = 'PENDIENTE'");
    expect((await s.request('GET', '/api/ventas/clientes/list')).status).toBe(200);
  });
});
