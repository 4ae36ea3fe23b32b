import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { empresas, ticketbaiConfig, verifactuConfig } from '../../platform/db/schema.ts';
import { arrancarSimuladorDemo, type SimuladorLocal } from '../../registrosFiscales/simuladorDemo.ts';

/**
 * The demo's Diputación: when the demo's Basque companies (GIPUZKOA, BIZKAIA) have no real destination, the server
 * starts the local TicketBAI/LROE simulator, gives both companies the client certificate (the fiscal channels'
 * certificate store) and points them at it. In memory only: after a restart it starts empty. Off with
 * FARO_TICKETBAI_SIMULADOR=0.
 */
export async function simuladorDemoTbai(
  database: Pick<Database, 'db'>,
  secret: string,
  log: (mensaje: string) => void = () => {},
): Promise<SimuladorLocal | null> {
  const db = database.db;
  const filas = await db
    .select({ id: empresas.id, envioReal: ticketbaiConfig.envioReal, url: ticketbaiConfig.url })
    .from(empresas)
    .leftJoin(ticketbaiConfig, eq(ticketbaiConfig.empresaId, empresas.id))
    .where(
      and(
        inArray(empresas.codigo, ['GIPUZKOA', 'BIZKAIA']),
        inArray(empresas.tipoFacturaElectronica, ['tbai', 'lroe']),
      ),
    );
  const libres = filas.filter((f) => !f.envioReal && (!f.url || f.url.startsWith('https://127.0.0.1:')));
  if (!libres.length) return null;
  const { generarCertificadosTbai } = await import('./certificados.ts');
  const { iniciarSimuladorTbai } = await import('./simulador.ts');
  const arrancado = await arrancarSimuladorDemo(
    {
      generar: () => generarCertificadosTbai({ nif: 'B20123451', nombre: 'FARO DEMO TICKETBAI' }),
      iniciar: (certificados) => iniciarSimuladorTbai({ certificados }),
      variableCa: 'FARO_TICKETBAI_CA',
      sinSimulador: (motivo) => `TicketBAI: sin simulador de la Diputación (${motivo})`,
      log,
    },
    secret,
  );
  if (!arrancado) return null;
  const { sim, certificado } = arrancado;
  for (const { id } of libres) {
    await db
      .insert(verifactuConfig)
      .values({ empresaId: id, ...certificado })
      .onConflictDoUpdate({ target: verifactuConfig.empresaId, set: certificado });
    await db
      .insert(ticketbaiConfig)
      .values({ empresaId: id, url: sim.url })
      .onConflictDoUpdate({ target: ticketbaiConfig.empresaId, set: { url: sim.url } });
  }
  log(`TicketBAI: GIPUZKOA y BIZKAIA envían al simulador local de la Diputación en ${sim.url}`);
  return sim;
}
