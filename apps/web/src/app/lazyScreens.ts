import { lazyNamed } from './lazyNamed.ts';

// Each area loads on demand (spec section 2: routes are loaded on demand).
export const Shell = lazyNamed(() => import('./shell/Shell.tsx'), 'Shell');
export const RegistroScreens = lazyNamed(() => import('../features/registro/RegistroScreens.tsx'), 'RegistroScreens');
export const PublicPlaceholder = lazyNamed(
  () => import('../features/registro/PublicPlaceholder.tsx'),
  'PublicPlaceholder',
);
export const HomePage = lazyNamed(() => import('../features/home/HomePage.tsx'), 'HomePage');
export const UsuarioScreens = lazyNamed(() => import('../features/usuario/UsuarioScreens.tsx'), 'UsuarioScreens');
export const EntityScreen = lazyNamed(() => import('../ui/EntityScreen.tsx'), 'EntityScreen');
export const ConfiguraPage = lazyNamed(() => import('../features/configuracion/ConfiguraPage.tsx'), 'ConfiguraPage');
export const ChangeCompanyPage = lazyNamed(
  () => import('../features/empresa/ChangeCompanyPage.tsx'),
  'ChangeCompanyPage',
);
export const PlaceholderPage = lazyNamed(() => import('../ui/PlaceholderPage.tsx'), 'PlaceholderPage');
