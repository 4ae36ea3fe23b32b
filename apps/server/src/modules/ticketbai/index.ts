import type { AreaModule } from '../../platform/deps.ts';

/** TicketBAI (Araba, Bizkaia, Gipuzkoa) and Bizkaia's LROE (issue 21): `/api/impuestos/lroefact*`, the TBAI queue. */
export const ticketbaiModule: AreaModule = (_app, _deps) => {};
