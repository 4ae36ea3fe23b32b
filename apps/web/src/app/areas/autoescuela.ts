import { lazyNamed } from '../../ui/lazyNamed.ts';
import type { AreaScreens } from './types.ts';

const ClasesScreens = lazyNamed(() => import('../../features/autoescuela/ClasesScreens.tsx'), 'ClasesScreens');
const ExamenesScreens = lazyNamed(() => import('../../features/autoescuela/ExamenesScreens.tsx'), 'ExamenesScreens');

/**
 * Driving school (issue 18). Each screen a lazy chunk: clases (the practical classes calendar; an instructor's
 * agenda), and the 'Exámenes' menu (calexamenes with results, statistics and history; imprexamenes; tasasdgt with
 * the fee stock). vehiculos, examinadores, curpermisos, citasaues… are entities on the generic screens.
 */
export const AUTOESCUELA_SCREENS: AreaScreens = {
  clases: ClasesScreens,
  calexamenes: ExamenesScreens,
  imprexamenes: ExamenesScreens,
  tasasdgt: ExamenesScreens,
};
