import type { AreaScreens } from './types.ts';

/** Accounting exports, document exports, reports and dashboard (issue 15: contabilidad, exportaciones). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const CONTABILIDAD_SCREENS: AreaScreens = {};
