import { registerPrefetch } from '../platform/prefetch.ts';
import { EntityScreen, HomePage, PlaceholderPage, Shell, UsuarioScreens } from './lazyScreens.ts';

// Which chunks the platform's prefetch loads: after login the shell, the home page, the time clock and the chunks
// behind most menu entries (the generic list/edit screens, 'En preparación'); on a logged-in start the shell, the
// home page and the generic screens (issue 11.6: the first screen no longer waits for its chunk).
registerPrefetch(
  [Shell.preload, HomePage.preload, UsuarioScreens.preload, EntityScreen.preload, PlaceholderPage.preload],
  [Shell.preload, HomePage.preload, EntityScreen.preload],
);
