import type { AreaScreens } from './types.ts';

/** Driving school (issue 18: clases, calexamenes, imprexamenes, tasasdgt, citasaues). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const AUTOESCUELA_SCREENS: AreaScreens = {};
