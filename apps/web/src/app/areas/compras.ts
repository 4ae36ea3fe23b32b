import { CobrosScreens, ComprasScreens, RecurrentesScreens } from '../lazyScreens.ts';
import type { AreaScreens } from './types.ts';

/** Purchases and expenses. Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const COMPRAS_SCREENS: AreaScreens = {
  dcompra: ComprasScreens,
  acompra: ComprasScreens,
  fcompra: ComprasScreens,
  fgasto: ComprasScreens,
  // Recurring purchase invoices and expenses: the recurring templates' screens of another kind.
  fcomprarec: RecurrentesScreens,
  fgastorec: RecurrentesScreens,
  // Payments and the received-invoice book: the collections screens on the purchases side.
  movstesoreriap: CobrosScreens,
  factrecibidas: CobrosScreens,
};
