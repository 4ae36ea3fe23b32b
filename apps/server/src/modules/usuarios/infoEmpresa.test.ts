import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';

/** The company context's denied list (spec section 6: a feature denied in the centre is added to it). */
const t = appDePruebas();

describe('usuario/infoempre: Denegados', () => {
  it('adds the features denied in the current centre, and only in that centre', async () => {
    const demo = await t.login('demo', undefined, { CodigoEmpresa: 'DEMO' });
    const central = await demo.request('GET', '/api/usuarios/usuario/infoempre');
    expect(central.body.Denegados).not.toContain('VentasFact');
    const cambio = await demo.request('GET', '/api/usuarios/usuario/cambiarcentro/SUCURSAL');
    expect(cambio.status).toBe(200);
    const sucursal = await t.session(cambio.body.Token).request('GET', '/api/usuarios/usuario/infoempre');
    expect(sucursal.body.Denegados).toContain('VentasFact');
    // The per-centre map still says where each denial comes from.
    expect(sucursal.body.DenegadosCentro).toEqual({ SUCURSAL: ['VentasFact'] });
  });

  it('keeps the company-wide denials in every centre, once each', async () => {
    const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    await t.database.query(`update empresas set denegados = '["VentasFact","ConfCentros"]'::jsonb where id = $1`, [
      Number(e!.id),
    ]);
    try {
      const demo = await t.login('demo', undefined, { CodigoEmpresa: 'DEMO' });
      const cambio = await demo.request('GET', '/api/usuarios/usuario/cambiarcentro/SUCURSAL');
      const sucursal = await t.session(cambio.body.Token).request('GET', '/api/usuarios/usuario/infoempre');
      expect([...sucursal.body.Denegados].sort()).toEqual(['ConfCentros', 'VentasFact']);
    } finally {
      await t.database.query(`update empresas set denegados = '[]'::jsonb where id = $1`, [Number(e!.id)]);
    }
  });
});
