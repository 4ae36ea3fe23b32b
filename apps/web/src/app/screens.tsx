import { entityByAction, type RouteDef } from '@faro/domain';
import { Navigate } from 'react-router';
import { tiposIvaEnConfigura } from '../features/configuracion/tiposIvaRuta.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { AREA_SCREENS } from './areaScreens.ts';
import { ContratacionScreens } from './areas/plataforma.ts';
import {
  ChangeCompanyPage,
  ConfiguraEditRedirect,
  ConfiguraPage,
  EntityScreen,
  HomePage,
  PlaceholderPage,
  RegistroScreens,
  UsuarioScreens,
} from './lazyScreens.ts';

const RegistroAlumnoScreens = lazyNamed(
  () => import('../features/formacion/RegistroAlumno.tsx'),
  'RegistroAlumnoScreens',
);

/** Logged-out screens: registro (login, sign-up, recovery), registroalu and contratacion. */
export function PublicScreen({ action, segments }: { action: string; segments: string[] }) {
  if (action === 'registro') return <RegistroScreens segments={segments.slice(1)} />;
  if (action === 'registroalu') return <RegistroAlumnoScreens segments={segments.slice(1)} />;
  return <ContratacionScreens segments={segments.slice(1)} />;
}

/** Actions whose first level is not `{action}/lista`. */
const OWN_PATHS = new Set(['', 'usuario', 'contratacion']);

/** The content of a logged-in route. Areas of later issues show the 'En preparación' page. */
export function LoggedScreen({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (!OWN_PATHS.has(action) && segments.length === 1) return <Navigate to={`/${action}/lista`} replace />;
  if (action === '') return <HomePage />;
  if (action === 'usuario') return <UsuarioScreens segments={segments.slice(1)} />;
  // configura/editar and empresa/editar/{id}: the company's configuration and data on the generic form.
  if ((action === 'configura' || action === 'empresa') && segments[1] === 'editar') {
    if (action === 'configura' && !segments[2]) return <ConfiguraEditRedirect />;
    return <EntityScreen entity={entityByAction(action)!} segments={segments.slice(1)} />;
  }
  // configura/tiposiva/…: the VAT types, on the generic screens under the configuration hub.
  if (action === 'configura' && segments[1] === 'tiposiva')
    return <EntityScreen entity={tiposIvaEnConfigura} segments={segments.slice(2)} />;
  if (action === 'configura') return <ConfiguraPage />;
  if (action === 'empresa') return <ChangeCompanyPage />;
  const Area = AREA_SCREENS[action];
  if (Area) return <Area action={action} segments={segments.slice(1)} route={route} />;
  const entity = entityByAction(action);
  if (entity) return <EntityScreen entity={entity} segments={segments.slice(1)} />;
  return <PlaceholderPage title={route.title} />;
}
