import type { AreaModule } from '../../platform/deps.ts';
import { registerCalendario } from './calendario.ts';
import { registerFactEmitidas } from './factemitidas.ts';
import { registerFactRecibidas } from './factrecibidas.ts';
import { registerComprobaciones } from './modelos/comprobaciones.ts';
import { registerModelos } from './modelos/index.ts';

/** Taxes area: the books of issued and received invoices (`factemitidas`, `factrecibidas`). */
export const impuestosModule: AreaModule = (app, deps) => {
  registerFactEmitidas(app, deps);
  registerFactRecibidas(app, deps);
  registerModelos(app, deps);
  registerComprobaciones(app, deps);
  registerCalendario(app, deps);
};
