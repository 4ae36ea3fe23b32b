import type { AreaModule } from '../../platform/deps.ts';
import { fijarSecretoTbai } from './emision.ts';
import { registerTicketBai } from './rutas.ts';

/** TicketBAI (Araba, Bizkaia, Gipuzkoa) and Bizkaia's LROE (issue 21): `/api/impuestos/lroefact*`, the TBAI queue. */
export const ticketbaiModule: AreaModule = (app, deps) => {
  fijarSecretoTbai(deps.secret);
  registerTicketBai(app, deps);
};
