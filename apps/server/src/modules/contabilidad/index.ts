import type { AreaModule } from '../../platform/deps.ts';
import { registrarContabilidad } from './contabilidad.ts';
import { registrarExportaciones } from './exportaciones.ts';
import { registrarInformes } from './informes.ts';
import { registrarInmovilizado } from './inmovilizadoRutas.ts';
import { registrarLibro } from './libroRutas.ts';

/**
 * Accounting exports, document exports, reports and the home dashboard: `/api/impuestos/contabilidad/*`,
 * `/api/configuracion/exportaciones/*`, `/api/informes/*`.
 */
export const contabilidadModule: AreaModule = (app, deps) => {
  registrarContabilidad(app, deps);
  registrarExportaciones(app, deps);
  registrarInformes(app, deps);
  registrarLibro(app, deps);
  registrarInmovilizado(app, deps);
};
