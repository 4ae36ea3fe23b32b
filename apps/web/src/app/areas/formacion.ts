import type { AreaScreens } from './types.ts';

/** Academy, teacher area and student portal (issues 17 and 18). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const FORMACION_SCREENS: AreaScreens = {};
