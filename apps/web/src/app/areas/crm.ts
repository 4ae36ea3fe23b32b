import { lazyNamed } from '../../ui/lazyNamed.ts';
import type { AreaScreens } from './types.ts';

const CrmScreens = lazyNamed(() => import('../../features/crm/CrmScreens.tsx'), 'CrmScreens');
const CampanasScreens = lazyNamed(() => import('../../features/comunicaciones/CampanasScreens.tsx'), 'CampanasScreens');
const GestordocPage = lazyNamed(() => import('../../features/gestordoc/GestordocPage.tsx'), 'GestordocPage');

/** CRM, agenda, marketing, document manager. Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const CRM_SCREENS: AreaScreens = {
  crmoportuni: CrmScreens,
  crmembudos: CrmScreens,
  embudosvta: CrmScreens,
  correos: CampanasScreens,
  sms: CampanasScreens,
  gestordoc: GestordocPage,
};
