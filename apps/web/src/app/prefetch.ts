import { registerPrefetch } from '../platform/prefetch.ts';
import { HomePage, Shell, UsuarioScreens } from './lazyScreens.ts';

// Which chunks the platform's prefetch loads: after login the shell, the home page and the time clock; on a
// logged-in start the shell and the home page.
registerPrefetch([Shell.preload, HomePage.preload, UsuarioScreens.preload], [Shell.preload, HomePage.preload]);
