import { and, eq } from 'drizzle-orm';
import { guardarCertificado } from '../../modules/registrosFiscales/certificado.ts';
import { filaConfig } from '../../modules/ventas/verifactu/configuracion.ts';
import { empresas } from '../../platform/db/schema.ts';
import { companyScope } from '../../platform/tenancy/scope.ts';
import { arrancarSimuladorDemo, destinoDelDemo, type SimuladorDeDemo } from '../../registrosFiscales/simuladorDemo.ts';

/**
 * The demo's AEAT: when company DEMO runs VeriFactu and has no destination of its own (no real AEAT endpoint, no
 * other URL), the server starts the local AEAT simulator and points DEMO at it, so a newcomer sees records go from
 * "pendiente" to "aceptado" with a CSV. The simulator keeps what it registered in memory only: after a restart it
 * starts empty. Off with FARO_VERIFACTU_SIMULADOR=0.
 */
export const simuladorDemo: SimuladorDeDemo = async (database, secret, log = () => {}) => {
  const db = database.db;
  const [demo] = await db
    .select({ id: empresas.id, nif: empresas.nif, nombre: empresas.nombre })
    .from(empresas)
    .where(and(eq(empresas.codigo, 'DEMO'), eq(empresas.tipoFacturaElectronica, 'verifactu')));
  if (!demo?.nif) return null;
  const scope = companyScope(db, { empresaId: demo.id, personaId: null, userName: 'demo' });
  const fila = await filaConfig(scope);
  if (fila?.envioAeat || !destinoDelDemo(fila?.url)) return null;
  const { generarCertificadosPrueba } = await import('./certificados.ts');
  const { iniciarSimuladorAeat } = await import('./simuladorAeat.ts');
  return arrancarSimuladorDemo(
    {
      generar: () => generarCertificadosPrueba({ nif: demo.nif, nombre: demo.nombre.toUpperCase() }),
      iniciar: (certificados) => iniciarSimuladorAeat({ certificados, tiempoEsperaEnvio: 60 }),
      variableCa: 'FARO_VERIFACTU_CA',
      sinSimulador: (motivo) => `VeriFactu: sin simulador de la AEAT para DEMO (${motivo})`,
      apuntar: (url, certificado) => guardarCertificado(scope, { url, envioAeat: false, ...certificado }),
      listo: (url) => `VeriFactu: DEMO envía sus registros al simulador local de la AEAT en ${url}`,
      log,
    },
    secret,
  );
};
