import { comerciales, empleados, sitlaboral } from '@faro/domain';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { normalizeAddress } from '../contactos/contactHooks.ts';

/** People: employees, sales reps (sales-rep module) and employment statuses. */
export const rrhhMasterData: AreaModule = (app, deps) => {
  registerEntity(app, deps, empleados, { hooks: [{ beforeWrite: async (_s, v) => normalizeAddress(v) }] });
  registerEntity(app, deps, comerciales);
  registerEntity(app, deps, sitlaboral);
};
