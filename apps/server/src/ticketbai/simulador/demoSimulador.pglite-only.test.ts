import { afterAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { TEST_SECRET } from '../../../test/testApp.ts';
import { simuladorDemoTbai } from './demoSimulador.ts';

/** The demo's Basque companies and the local Diputación simulator the server starts (openssl CLI: PGlite only). */
const t = appDePruebas();
let sim: Awaited<ReturnType<typeof simuladorDemoTbai>>;
afterAll(async () => {
  await sim?.cerrar();
  delete process.env.FARO_TICKETBAI_CA;
});

const destinos = () =>
  t.database.query<{ codigo: string; url: string | null; certificado: string | null }>(
    `select e.codigo, tc.url, vc.certificado_nombre as certificado from empresas e
       left join ticketbai_config tc on tc.empresa_id = e.id left join verifactu_config vc on vc.empresa_id = e.id
      where e.codigo in ('GIPUZKOA', 'BIZKAIA') order by e.codigo`,
  );

describe('GIPUZKOA and BIZKAIA against the local Diputación simulator', () => {
  it('points both at the simulator with its client certificate; a real destination is left alone', async () => {
    const mensajes: string[] = [];
    sim = await simuladorDemoTbai(t.database, TEST_SECRET, (m) => mensajes.push(m));
    expect(sim?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await destinos()).toEqual([
      { codigo: 'BIZKAIA', url: sim!.url, certificado: 'simulador-demo.p12' },
      { codigo: 'GIPUZKOA', url: sim!.url, certificado: 'simulador-demo.p12' },
    ]);
    expect(mensajes).toEqual([
      `TicketBAI: GIPUZKOA y BIZKAIA envían al simulador local de la Diputación en ${sim!.url}`,
    ]);
    await t.database.query("update ticketbai_config set envio_real = true, url = 'https://8.8.8.8/tbai'");
    expect(await simuladorDemoTbai(t.database, TEST_SECRET)).toBeNull();
  });
});
