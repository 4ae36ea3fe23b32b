import type { AreaScreens } from './types.ts';

/** Platform administration, advisory firms, contracting (issue 19). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const PLATAFORMA_SCREENS: AreaScreens = {};
