import type { AreaModule } from '../../platform/deps.ts';

/** Contracting and subscription: plans, contract, signature (issue 19). */
export const contratacionModule: AreaModule = (_app, _deps) => {};
