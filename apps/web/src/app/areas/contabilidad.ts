import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const ContabilidadScreens = lazyNamed(
  () => import('../../features/contabilidad/ContabilidadScreens.tsx'),
  'ContabilidadScreens',
);

/**
 * Accounting exports and reports (`contabilidad/lista`, `contabilidad/informes`) and document exports
 * (`exportaciones`). Each screen a lazy chunk.
 */
export const CONTABILIDAD_SCREENS: AreaScreens = {
  ...rutasDe(ContabilidadScreens, 'contabilidad', 'exportaciones'),
};
