import type { AreaScreens } from './types.ts';

/** TicketBAI and LROE (issue 21: lroefactemitidas, lroefactrecibidas). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const TICKETBAI_SCREENS: AreaScreens = {};
