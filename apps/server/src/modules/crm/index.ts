import type { AreaModule } from '../../platform/deps.ts';

/** CRM funnels, opportunities, agenda, notifications and the document manager (issue 16). */
export const crmModule: AreaModule = (_app, _deps) => {};
