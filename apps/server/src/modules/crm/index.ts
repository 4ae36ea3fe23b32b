import type { AreaModule } from '../../platform/deps.ts';
import { actividadesRoutes } from './actividades.ts';
import { avisosRoutes } from './avisos.ts';
import { calendarioRoutes } from './calendario.ts';
import { embudosRoutes } from './embudos.ts';
import { gestordocRoutes } from './gestordoc.ts';
import { oportunidadesRoutes } from './oportunidades.ts';

/** CRM funnels, opportunities, activities, agenda, notifications and the document manager. */
export const crmModule: AreaModule = async (app, deps) => {
  await calendarioRoutes(app, deps);
  await embudosRoutes(app, deps);
  await oportunidadesRoutes(app, deps);
  await actividadesRoutes(app, deps);
  await avisosRoutes(app, deps);
  await gestordocRoutes()(app, deps);
};
