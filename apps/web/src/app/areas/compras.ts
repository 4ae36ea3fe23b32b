import { ComprasScreens } from '../lazyScreens.ts';
import type { AreaScreens } from './types.ts';

/** Purchases and expenses (issue 13). Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const COMPRAS_SCREENS: AreaScreens = {
  dcompra: ComprasScreens,
  acompra: ComprasScreens,
  fcompra: ComprasScreens,
  fgasto: ComprasScreens,
};
