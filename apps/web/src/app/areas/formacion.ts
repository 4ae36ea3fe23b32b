import { lazyNamed } from '../../ui/lazyNamed.ts';
import { type AreaScreens, rutasDe } from './types.ts';

const HorarioScreens = lazyNamed(() => import('../../features/formacion/HorarioScreens.tsx'), 'HorarioScreens');
const FacturacionScreens = lazyNamed(
  () => import('../../features/formacion/FacturacionScreens.tsx'),
  'FacturacionScreens',
);
const PortalScreens = lazyNamed(() => import('../../features/formacion/PortalScreens.tsx'), 'PortalScreens');
const OficinaScreens = lazyNamed(() => import('../../features/formacion/OficinaScreens.tsx'), 'OficinaScreens');

/**
 * Academy, teacher area and student portal. Each screen a lazy chunk (`lazyNamed` of the
 * feature's file). The simple academy lists (aulas, opciones, cursos, tarifascurso, profesores, tutores,
 * autorizados, cursando, cargos) are entities on the generic screens.
 */
export const FORMACION_SCREENS: AreaScreens = {
  ...rutasDe(HorarioScreens, 'horario', 'alumnosprofe'),
  factcobros: FacturacionScreens,
  ...rutasDe(OficinaScreens, 'matriculas', 'matriculasonline', 'portalalumno'),
  ...rutasDe(
    PortalScreens,
    'portalumatriculas',
    'portalusaldo',
    'portalufacturas',
    'portaluevaluaciones',
    'portaludocumentos',
    'portaluhorario',
  ),
};
