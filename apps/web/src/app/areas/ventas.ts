import { CobrosScreens, EnviosEfactura, RecurrentesScreens, VentasScreens, VerifactuScreens } from '../lazyScreens.ts';
import type { AreaScreens } from './types.ts';

/** Sales documents, VeriFactu, recurring invoices and collections. */
export const VENTAS_SCREENS: AreaScreens = {
  pventa: VentasScreens,
  dventa: VentasScreens,
  aventa: VentasScreens,
  fventa: VentasScreens,
  docventahist: VentasScreens,
  fventaverifactu: VerifactuScreens,
  fventavisorvf: VerifactuScreens,
  fventaefactura: EnviosEfactura,
  fventarec: RecurrentesScreens,
  movstesoreriac: CobrosScreens,
  factemitidas: CobrosScreens,
};
