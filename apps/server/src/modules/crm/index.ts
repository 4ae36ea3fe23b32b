import type { AreaModule } from '../../platform/deps.ts';
import { calendarioRoutes } from './calendario.ts';

/** CRM funnels, opportunities, agenda, notifications and the document manager (issue 16). */
export const crmModule: AreaModule = async (app, deps) => {
  await calendarioRoutes(app, deps);
};
