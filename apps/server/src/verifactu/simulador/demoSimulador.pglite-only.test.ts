import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/testApp.ts';
import { enviarPendientes } from '../../modules/ventas/verifactu/envio.ts';
import { simuladorDemo } from './demoSimulador.ts';

/** The demo: DEMO's seeded invoices go to the local AEAT simulator the server starts (openssl CLI: PGlite only). */
let t: TestApp;
let sim: Awaited<ReturnType<typeof simuladorDemo>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await sim?.cerrar();
  delete process.env.FARO_VERIFACTU_CA;
  await t.close();
});

describe('DEMO against the local AEAT simulator', () => {
  it('configures DEMO, and its seeded records are accepted; a configured destination is left alone', async () => {
    sim = await simuladorDemo(t.database, TEST_SECRET);
    expect(sim?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
    const demo = await t.as('demo', 'DEMO');
    const cfg = await demo.request('GET', '/api/ventas/fventaverifactu/config');
    expect(cfg.body.Destino).toBe(sim!.url);
    expect(cfg.body.Certificado.Nombre).toBe('simulador-demo.p12');
    const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
    let ahora = Date.now();
    for (let i = 0; i < 4; i++) {
      await enviarPendientes(t.database, TEST_SECRET, Number(e!.id), { ahora: () => ahora });
      ahora += 61_000;
    }
    const estados = await t.database.query<{ estado: string; n: number }>(
      `select estado, count(*)::int n from verifactu_cola where empresa_id = ${e!.id} group by estado`,
    );
    expect(estados.find((x) => x.estado === 'generado')).toBeUndefined();
    expect(Number(estados.find((x) => x.estado === 'enviado')?.n)).toBeGreaterThan(3);
    // Another destination configured by the company: no simulator. A public address written as such: saving
    // checks it by classification only (a reserved name like *.test is refused, a name would be resolved).
    const otro = await demo.request('PUT', '/api/ventas/fventaverifactu/config', {
      Entorno: 'pruebas',
      EnvioAeat: false,
      Url: 'https://8.8.8.8/verifactu',
    });
    expect(otro.status, JSON.stringify(otro.body)).toBe(200);
    expect(await simuladorDemo(t.database, TEST_SECRET)).toBeNull();
  });
});
