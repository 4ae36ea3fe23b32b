import type { AreaModule } from '../../platform/deps.ts';
import { ausenciasUsuarioRoutes } from './ausenciasUsuario.ts';
import { comisionesRoutes } from './comisiones.ts';
import { documentosEmpleadoRoutes } from './documentos.ts';
import { fichajesRoutes } from './fichajesRoutes.ts';
import { inspeccionRoutes } from './inspeccion.ts';
import { rrhhMasterData } from './masterData.ts';

export { clockBody } from './fichajesRoutes.ts';

/**
 * People: the employee file, contracts, statuses and leave (entities), sales reps' commissions, and the
 * inspection-ready time clock: append-only entries hash-chained per person (cadena.ts), corrections approved by the
 * other side (correcciones.ts), monthly views against the plan (jornadas.ts), sheets (hoja.ts), the kiosk
 * (kiosco.ts) and the inspector's read-only links (inspeccion.ts).
 */
export const rrhhModule: AreaModule = (app, deps) => {
  rrhhMasterData(app, deps);
  fichajesRoutes(app, deps);
  inspeccionRoutes(app, deps);
  comisionesRoutes(app, deps);
  documentosEmpleadoRoutes(app, deps);
  ausenciasUsuarioRoutes(app, deps);
};
