import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const CrmScreens = lazyNamed(() => import('../../features/crm/CrmScreens.tsx'), 'CrmScreens');
const CampanasScreens = lazyNamed(() => import('../../features/comunicaciones/CampanasScreens.tsx'), 'CampanasScreens');
const GestordocPage = lazyNamed(() => import('../../features/gestordoc/GestordocPage.tsx'), 'GestordocPage');

/** CRM, agenda, marketing, document manager. Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const CRM_SCREENS: AreaScreens = {
  ...rutasDe(CrmScreens, 'crmoportuni', 'crmembudos', 'embudosvta'),
  ...rutasDe(CampanasScreens, 'correos', 'sms'),
  gestordoc: GestordocPage,
};
