import type { AreaScreens } from './types.ts';

/** Treasury (issue 14). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const TESORERIA_SCREENS: AreaScreens = {};
