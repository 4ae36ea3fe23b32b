import type { AreaModule } from '../../platform/deps.ts';

/**
 * Accounting exports, document exports, reports and the home dashboard (issue 15): `/api/impuestos/contabilidad/*`,
 * `/api/configuracion/exportaciones/*`, `/api/informes/*`.
 */
export const contabilidadModule: AreaModule = (_app, _deps) => {};
