import type { AreaModule } from '../../platform/deps.ts';
import { registerFactEmitidas } from './factemitidas.ts';

/** Taxes area: the book of issued invoices (`factemitidas`). */
export const impuestosModule: AreaModule = (app, deps) => {
  registerFactEmitidas(app, deps);
};
