import { lazyNamed } from '../ui/lazyNamed.ts';

// Each area loads on demand (spec section 2: routes are loaded on demand).
export const Shell = lazyNamed(() => import('./shell/Shell.tsx'), 'Shell');
export const RegistroScreens = lazyNamed(() => import('../features/registro/RegistroScreens.tsx'), 'RegistroScreens');
export const PublicPlaceholder = lazyNamed(
  () => import('../features/registro/PublicPlaceholder.tsx'),
  'PublicPlaceholder',
);
export const HomePage = lazyNamed(() => import('../features/home/HomePage.tsx'), 'HomePage');
export const UsuarioScreens = lazyNamed(() => import('../features/usuario/UsuarioScreens.tsx'), 'UsuarioScreens');
export const EntityScreen = lazyNamed(() => import('./entityScreens.ts'), 'EntityScreen');
export const ConfiguraPage = lazyNamed(() => import('../features/configuracion/ConfiguraPage.tsx'), 'ConfiguraPage');
export const ChangeCompanyPage = lazyNamed(
  () => import('../features/empresa/ChangeCompanyPage.tsx'),
  'ChangeCompanyPage',
);
export const PlaceholderPage = lazyNamed(() => import('../ui/PlaceholderPage.tsx'), 'PlaceholderPage');
export const ConfiguraEditRedirect = lazyNamed(
  () => import('../features/configuracion/ConfiguraEditRedirect.tsx'),
  'ConfiguraEditRedirect',
);
// Sales areas: one chunk per area.
export const VentasScreens = lazyNamed(() => import('../features/ventas/VentasScreens.tsx'), 'VentasScreens');
export const VerifactuScreens = lazyNamed(
  () => import('../features/verifactu/VerifactuScreens.tsx'),
  'VerifactuScreens',
);
export const EnviosEfactura = lazyNamed(
  () => import('../features/efactura/envio/EnviosEfactura.tsx'),
  'EnviosEfactura',
);
export const RecurrentesScreens = lazyNamed(
  () => import('../features/recurrentes/RecurrentesScreens.tsx'),
  'RecurrentesScreens',
);
export const CobrosScreens = lazyNamed(() => import('../features/cobros/CobrosScreens.tsx'), 'CobrosScreens');
// Purchases: documents and expenses in one chunk.
export const ComprasScreens = lazyNamed(() => import('../features/compras/ComprasScreens.tsx'), 'ComprasScreens');
