import type { AreaScreens } from './types.ts';

/** Tax models (issue 15: modtributarios). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const IMPUESTOS_SCREENS: AreaScreens = {};
