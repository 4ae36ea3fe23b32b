import { and, eq, inArray } from 'drizzle-orm';
import { guardarCertificado } from '../../modules/registrosFiscales/certificado.ts';
import { empresas, ticketbaiConfig } from '../../platform/db/schema.ts';
import { companyScope } from '../../platform/tenancy/scope.ts';
import { arrancarSimuladorDemo, destinoDelDemo, type SimuladorDeDemo } from '../../registrosFiscales/simuladorDemo.ts';

/**
 * The demo's Diputación: when the demo's Basque companies (GIPUZKOA, BIZKAIA) have no real destination, the server
 * starts the local TicketBAI/LROE simulator, gives both companies the client certificate (the fiscal channels'
 * certificate store) and points them at it. In memory only: after a restart it starts empty. Off with
 * FARO_TICKETBAI_SIMULADOR=0.
 */
export const simuladorDemoTbai: SimuladorDeDemo = async (database, secret, log = () => {}) => {
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
  const libres = filas.filter((f) => !f.envioReal && destinoDelDemo(f.url));
  if (!libres.length) return null;
  const { generarCertificadosTbai } = await import('./certificados.ts');
  const { iniciarSimuladorTbai } = await import('./simulador.ts');
  return arrancarSimuladorDemo(
    {
      generar: () => generarCertificadosTbai({ nif: 'B20123451', nombre: 'FARO DEMO TICKETBAI' }),
      iniciar: (certificados) => iniciarSimuladorTbai({ certificados }),
      variableCa: 'FARO_TICKETBAI_CA',
      sinSimulador: (motivo) => `TicketBAI: sin simulador de la Diputación (${motivo})`,
      apuntar: async (url, certificado) => {
        for (const { id } of libres) {
          const scope = companyScope(db, { empresaId: id, personaId: null, userName: 'demo' });
          await guardarCertificado(scope, certificado);
          await scope
            .insert(ticketbaiConfig, { url })
            .onConflictDoUpdate({ target: ticketbaiConfig.empresaId, set: { url } });
        }
      },
      listo: (url) => `TicketBAI: GIPUZKOA y BIZKAIA envían al simulador local de la Diputación en ${url}`,
      log,
    },
    secret,
  );
};
