import { conceptosmovs, tesoreria } from '@faro/domain';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';

/** Treasury area: cash and bank accounts, movement concepts (movements, batches and counts come later). */
export const tesoreriaModule: AreaModule = (app, deps) => {
  registerEntity(app, deps, tesoreria);
  registerEntity(app, deps, conceptosmovs);
};
