import { and, eq } from 'drizzle-orm';
import { cifrar, filaConfig } from '../../modules/ventas/verifactu/configuracion.ts';
import type { Database } from '../../platform/db/database.ts';
import { empresas, verifactuConfig } from '../../platform/db/schema.ts';
import { permitirDestino } from '../../platform/egress/permitidos.ts';
import { companyScope } from '../../platform/tenancy/scope.ts';

/**
 * The demo's AEAT: when company DEMO runs VeriFactu and has no destination of its own (no real AEAT endpoint, no
 * other URL), the server starts the local AEAT simulator on 127.0.0.1 with throwaway certificates (openssl CLI) and
 * points DEMO at it, so a newcomer sees records go from "pendiente" to "aceptado" with a CSV. The simulator keeps
 * what it registered in memory only: after a restart it starts empty. Off with FARO_VERIFACTU_SIMULADOR=0.
 */
export async function simuladorDemo(
  database: Pick<Database, 'db'>,
  secret: string,
  log: (mensaje: string) => void = () => {},
): Promise<{ url: string; cerrar(): Promise<void> } | null> {
  const db = database.db;
  const [demo] = await db
    .select({ id: empresas.id, nif: empresas.nif, nombre: empresas.nombre })
    .from(empresas)
    .where(and(eq(empresas.codigo, 'DEMO'), eq(empresas.tipoFacturaElectronica, 'verifactu')));
  if (!demo?.nif) return null;
  const fila = await filaConfig(companyScope(db, { empresaId: demo.id, personaId: null, userName: 'demo' }));
  if (fila?.envioAeat) return null;
  if (fila?.url && !fila.url.startsWith('https://127.0.0.1:')) return null;
  const { generarCertificadosPrueba } = await import('./certificados.ts');
  const { iniciarSimuladorAeat } = await import('./simuladorAeat.ts');
  let certs: ReturnType<typeof generarCertificadosPrueba>;
  try {
    certs = generarCertificadosPrueba({ nif: demo.nif, nombre: demo.nombre.toUpperCase() });
  } catch (error) {
    log(`VeriFactu: sin simulador de la AEAT para DEMO (${(error as Error).message})`);
    return null;
  }
  const sim = await iniciarSimuladorAeat({ certificados: certs, tiempoEsperaEnvio: 60 });
  // The server's own listener: allowed as a destination for its exact address and port (platform/egress).
  const deshacer = permitirDestino(sim.url);
  // The SOAP clients of this process trust the simulator's CA (and Node's roots, as always).
  process.env.FARO_VERIFACTU_CA = certs.ca;
  const valores = {
    url: sim.url,
    envioAeat: false,
    certificado: cifrar(secret, certs.cliente.pfx),
    certificadoClave: cifrar(secret, Buffer.from(certs.cliente.passphrase, 'utf8')),
    certificadoNombre: 'simulador-demo.p12',
    certificadoSubido: new Date().toISOString(),
  };
  await db
    .insert(verifactuConfig)
    .values({ empresaId: demo.id, ...valores })
    .onConflictDoUpdate({ target: verifactuConfig.empresaId, set: valores });
  log(`VeriFactu: DEMO envía sus registros al simulador local de la AEAT en ${sim.url}`);
  return {
    url: sim.url,
    cerrar: () => {
      deshacer();
      return sim.cerrar();
    },
  };
}
