import { lazyNamed } from '../../ui/lazyNamed.ts';
import type { AreaScreens } from './types.ts';

const OdontologiaScreens = lazyNamed(
  () => import('../../features/odontologia/OdontologiaScreens.tsx'),
  'OdontologiaScreens',
);

/** Dental practices: patients, odontogram, plans, appointments, treatments (one lazy chunk). */
export const ODONTOLOGIA_SCREENS: AreaScreens = {
  pacientes: OdontologiaScreens,
  odontograma: OdontologiaScreens,
  planestrat: OdontologiaScreens,
  citas: OdontologiaScreens,
  tratamientos: OdontologiaScreens,
};
