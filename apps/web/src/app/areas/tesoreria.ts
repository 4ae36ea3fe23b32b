import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const TesoreriaScreens = lazyNamed(() => import('../../features/tesoreria/TesoreriaScreens.tsx'), 'TesoreriaScreens');

/** Treasury: movements with the accounts' balances and bank statements, batches, cash counts. */
export const TESORERIA_SCREENS: AreaScreens = {
  ...rutasDe(TesoreriaScreens, 'movstesoreria', 'remesas', 'arqueos'),
};
