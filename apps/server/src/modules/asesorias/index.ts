import type { AreaModule } from '../../platform/deps.ts';

/** Advisory firms: client companies, staff, requests (issue 19). */
export const asesoriasModule: AreaModule = (_app, _deps) => {};
