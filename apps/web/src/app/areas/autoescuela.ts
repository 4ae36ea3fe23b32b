import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const ClasesScreens = lazyNamed(() => import('../../features/autoescuela/ClasesScreens.tsx'), 'ClasesScreens');
const CitasAuesScreens = lazyNamed(() => import('../../features/autoescuela/CitasAuesScreens.tsx'), 'CitasAuesScreens');
const ExamenesScreens = lazyNamed(() => import('../../features/autoescuela/ExamenesScreens.tsx'), 'ExamenesScreens');

/**
 * Driving school. Each screen a lazy chunk: clases (the practical classes calendar; an instructor's
 * agenda), and the 'Exámenes' menu (calexamenes with results, statistics and history; imprexamenes; tasasdgt with
 * the fee stock; citasaues with the AUES service, the CSV lists, the exam-quota plan and the settings). vehiculos,
 * examinadores, curpermisos… are entities on the generic screens.
 */
export const AUTOESCUELA_SCREENS: AreaScreens = {
  clases: ClasesScreens,
  ...rutasDe(ExamenesScreens, 'calexamenes', 'imprexamenes', 'tasasdgt'),
  citasaues: CitasAuesScreens,
};
