import { and, eq } from 'drizzle-orm';
import { filaConfig } from '../../modules/ventas/verifactu/configuracion.ts';
import type { Database } from '../../platform/db/database.ts';
import { empresas, verifactuConfig } from '../../platform/db/schema.ts';
import { companyScope } from '../../platform/tenancy/scope.ts';
import { arrancarSimuladorDemo, type SimuladorLocal } from '../../registrosFiscales/simuladorDemo.ts';

/**
 * The demo's AEAT: when company DEMO runs VeriFactu and has no destination of its own (no real AEAT endpoint, no
 * other URL), the server starts the local AEAT simulator and points DEMO at it, so a newcomer sees records go from
 * "pendiente" to "aceptado" with a CSV. The simulator keeps what it registered in memory only: after a restart it
 * starts empty. Off with FARO_VERIFACTU_SIMULADOR=0.
 */
export async function simuladorDemo(
  database: Pick<Database, 'db'>,
  secret: string,
  log: (mensaje: string) => void = () => {},
): Promise<SimuladorLocal | null> {
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
  const arrancado = await arrancarSimuladorDemo(
    {
      generar: () => generarCertificadosPrueba({ nif: demo.nif, nombre: demo.nombre.toUpperCase() }),
      iniciar: (certificados) => iniciarSimuladorAeat({ certificados, tiempoEsperaEnvio: 60 }),
      variableCa: 'FARO_VERIFACTU_CA',
      sinSimulador: (motivo) => `VeriFactu: sin simulador de la AEAT para DEMO (${motivo})`,
      log,
    },
    secret,
  );
  if (!arrancado) return null;
  const { sim, certificado } = arrancado;
  const valores = { url: sim.url, envioAeat: false, ...certificado };
  await db
    .insert(verifactuConfig)
    .values({ empresaId: demo.id, ...valores })
    .onConflictDoUpdate({ target: verifactuConfig.empresaId, set: valores });
  log(`VeriFactu: DEMO envía sus registros al simulador local de la AEAT en ${sim.url}`);
  return sim;
}
