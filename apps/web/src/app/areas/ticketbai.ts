import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const TicketBaiScreens = lazyNamed(() => import('../../features/ticketbai/TicketBaiScreens.tsx'), 'TicketBaiScreens');

/** TicketBAI and LROE (lroefactemitidas, lroefactrecibidas). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const TICKETBAI_SCREENS: AreaScreens = {
  ...rutasDe(TicketBaiScreens, 'lroefactemitidas', 'lroefactrecibidas'),
};
