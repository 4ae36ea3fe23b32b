import type { AreaModule } from '../../platform/deps.ts';
import { trasElArranque } from '../../platform/http/trabajoDiferido.ts';
import { fijarSecretoTbai } from './emision.ts';
import { registerTicketBai } from './rutas.ts';

/** TicketBAI (Araba, Bizkaia, Gipuzkoa) and Bizkaia's LROE: `/api/impuestos/lroefact*`, the TBAI queue. */
export const ticketbaiModule: AreaModule = (app, deps) => {
  fijarSecretoTbai(deps.secret);
  registerTicketBai(app, deps);
  // Demo: once a real server listens (never under `inject` in tests), GIPUZKOA and BIZKAIA get the local
  // Diputación simulator and a throwaway certificate. FARO_TICKETBAI_SIMULADOR=0 switches it off.
  if (deps.config.seedDemo && process.env.FARO_TICKETBAI_SIMULADOR !== '0') {
    let simulador: { cerrar(): Promise<void> } | null = null;
    app.addHook('onListen', async () => {
      // After the start's first answers (platform/http/trabajoDiferido.ts): its certificates block for a second.
      void trasElArranque().then(async () => {
        try {
          const { simuladorDemoTbai } = await import('../../ticketbai/simulador/demoSimulador.ts');
          simulador = await simuladorDemoTbai(deps.database, deps.secret, (m) => app.log.info(m));
        } catch (error) {
          app.log.warn(`TicketBAI: sin simulador de la Diputación (${(error as Error).message})`);
        }
      });
    });
    app.addHook('onClose', async () => {
      await simulador?.cerrar();
    });
  }
};
