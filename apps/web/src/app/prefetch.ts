import { registerPrefetch } from '../platform/prefetch.ts';
import { EntityScreen, HomePage, PlaceholderPage, Shell, UsuarioScreens } from './lazyScreens.ts';
import { chunkDeRuta } from './precargaRuta.ts';

// Which chunks the platform's prefetch loads: after login the shell, the home page, the time clock and the chunks
// behind most menu entries (the generic list/edit screens, 'En preparación'); on a logged-in start the shell and the
// chunk of the screen being opened (main.tsx starts both before the first render), then, once the browser is idle,
// the home page and the generic screens: evaluating them earlier would hold back the first screen.
registerPrefetch(
  [Shell.preload, HomePage.preload, UsuarioScreens.preload, EntityScreen.preload, PlaceholderPage.preload],
  [Shell.preload, () => chunkDeRuta(window.location.pathname)?.preload() ?? Promise.resolve()],
  [HomePage.preload, EntityScreen.preload],
);
