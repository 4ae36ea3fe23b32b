import type { AreaScreens } from './types.ts';

/** CRM, agenda, marketing, document manager (issue 16). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const CRM_SCREENS: AreaScreens = {};
