import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const AdminScreens = lazyNamed(() => import('../../features/plataforma/admin/AdminScreens.tsx'), 'AdminScreens');
const AsesoriaScreens = lazyNamed(
  () => import('../../features/plataforma/asesoria/AsesoriaScreens.tsx'),
  'AsesoriaScreens',
);
const SuscripcionScreens = lazyNamed(
  () => import('../../features/plataforma/contratacion/SuscripcionScreens.tsx'),
  'SuscripcionScreens',
);
/** The contracting flow: also the logged-out screen of /contratacion (app/screens.tsx `PublicScreen`). */
export const ContratacionScreens = lazyNamed(
  () => import('../../features/plataforma/contratacion/ContratacionScreens.tsx'),
  'ContratacionScreens',
);

/** Platform administration, advisory firms, contracting. Each screen a lazy chunk (`lazyNamed` of the feature's file). */
export const PLATAFORMA_SCREENS: AreaScreens = {
  ...rutasDe(
    AdminScreens,
    'admempresas',
    'admexcep',
    'admnotifica',
    'admcontrato',
    'admvideoscat',
    'admvideoscont',
    'adminformes',
    'admversiones',
  ),
  ...rutasDe(AsesoriaScreens, 'aseempresas', 'aseusuarios', 'aseconfigura', 'asesolicitud', 'asesorias'),
  ...rutasDe(SuscripcionScreens, 'contratado', 'videotutoriales'),
  contratacion: ContratacionScreens,
};
