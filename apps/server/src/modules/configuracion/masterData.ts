import { configura, contratos, empresa, entitySaveSchema, fpago, gruposcto, series, tiposiva } from '@faro/domain';
import { registerCrudRoutes } from '../../platform/crud/crudRoutes.ts';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { configuraRepository } from './configuraRepository.ts';
import { empresaRepository } from './empresaRepository.ts';
import { registerLogoRoutes } from './logoRoutes.ts';
import { seriesHooks } from './seriesHooks.ts';

/** Configuration area: series, payment methods, VAT types, contact groups, contracts, configura, empresa. */
export const configuracionMasterData: AreaModule = (app, deps) => {
  registerEntity(app, deps, series, { hooks: [seriesHooks] });
  registerEntity(app, deps, fpago);
  registerEntity(app, deps, tiposiva);
  registerEntity(app, deps, gruposcto);
  registerEntity(app, deps, contratos);
  registerCrudRoutes(app, configura, configuraRepository, deps.scopeOf, { body: entitySaveSchema(configura) });
  registerCrudRoutes(app, empresa, empresaRepository, deps.scopeOf, { body: entitySaveSchema(empresa) });
  registerLogoRoutes(app, deps);
};
