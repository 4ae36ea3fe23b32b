import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const OdontologiaScreens = lazyNamed(
  () => import('../../features/odontologia/OdontologiaScreens.tsx'),
  'OdontologiaScreens',
);

/** Dental practices: patients, odontogram, plans, appointments, treatments (one lazy chunk). */
export const ODONTOLOGIA_SCREENS: AreaScreens = {
  ...rutasDe(OdontologiaScreens, 'pacientes', 'odontograma', 'planestrat', 'citas', 'tratamientos'),
};
