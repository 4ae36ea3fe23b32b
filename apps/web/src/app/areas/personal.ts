import { lazyNamed } from '../../ui/lazyNamed.ts';
import type { AreaScreens } from './types.ts';

/** People and time clock. Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const PERSONAL_SCREENS: AreaScreens = {
  controlhorario: lazyNamed(() => import('../../features/personal/ControlHorarioScreens.tsx'), 'ControlHorarioScreens'),
  comisiones: lazyNamed(() => import('../../features/personal/ComisionesScreen.tsx'), 'ComisionesScreen'),
};
