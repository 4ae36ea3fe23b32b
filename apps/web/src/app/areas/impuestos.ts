import { lazyNamed } from '../../ui/lazyNamed.ts';
import type { AreaScreens } from './types.ts';

const CalendarioFiscal = lazyNamed(() => import('../../features/impuestos/CalendarioFiscal.tsx'), 'CalendarioFiscal');
const ModelosScreens = lazyNamed(() => import('../../features/impuestos/ModelosScreens.tsx'), 'ModelosScreens');

/** Tax models (modtributarios). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const IMPUESTOS_SCREENS: AreaScreens = {
  modtributarios: ModelosScreens,
  calendariofiscal: CalendarioFiscal,
};
