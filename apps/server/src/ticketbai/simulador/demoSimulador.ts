import { and, eq, inArray } from 'drizzle-orm';
import { cifrar } from '../../modules/ventas/verifactu/configuracion.ts';
import type { Database } from '../../platform/db/database.ts';
import { empresas, ticketbaiConfig, verifactuConfig } from '../../platform/db/schema.ts';
import { permitirDestino } from '../../platform/egress/permitidos.ts';

/**
 * The demo's Diputación: when the demo's Basque companies (GIPUZKOA, BIZKAIA) have no real destination, the server
 * starts the local TicketBAI/LROE simulator on 127.0.0.1 with throwaway certificates (openssl CLI), gives both
 * companies the client certificate (encrypted with the server secret, VeriFactu's store) and points them at it.
 * In memory only: after a restart it starts empty. Off with FARO_TICKETBAI_SIMULADOR=0.
 */
export async function simuladorDemoTbai(
  database: Pick<Database, 'db'>,
  secret: string,
  log: (mensaje: string) => void = () => {},
): Promise<{ url: string; cerrar(): Promise<void> } | null> {
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
  let certs: ReturnType<typeof generarCertificadosTbai>;
  try {
    certs = generarCertificadosTbai({ nif: 'B20123451', nombre: 'FARO DEMO TICKETBAI' });
  } catch (error) {
    log(`TicketBAI: sin simulador de la Diputación (${(error as Error).message})`);
    return null;
  }
  const sim = await iniciarSimuladorTbai({ certificados: certs });
  // The server's own listener: allowed as a destination for its exact address and port (platform/egress).
  const deshacer = permitirDestino(sim.url);
  process.env.FARO_TICKETBAI_CA = certs.ca;
  for (const { id } of libres) {
    const cert = {
      certificado: cifrar(secret, certs.cliente.pfx),
      certificadoClave: cifrar(secret, Buffer.from(certs.cliente.passphrase, 'utf8')),
      certificadoNombre: 'simulador-demo.p12',
      certificadoSubido: new Date().toISOString(),
    };
    await db
      .insert(verifactuConfig)
      .values({ empresaId: id, ...cert })
      .onConflictDoUpdate({ target: verifactuConfig.empresaId, set: cert });
    await db
      .insert(ticketbaiConfig)
      .values({ empresaId: id, url: sim.url })
      .onConflictDoUpdate({ target: ticketbaiConfig.empresaId, set: { url: sim.url } });
  }
  log(`TicketBAI: GIPUZKOA y BIZKAIA envían al simulador local de la Diputación en ${sim.url}`);
  return {
    url: sim.url,
    cerrar: () => {
      deshacer();
      return sim.cerrar();
    },
  };
}
