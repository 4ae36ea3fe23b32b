import { entityByAction, splitPath } from '@faro/domain';
import { AREA_SCREENS } from './areaScreens.ts';
import type { AreaScreen } from './areas/types.ts';
import { ConfiguraPage, EntityScreen, HomePage, UsuarioScreens } from './lazyScreens.ts';

/**
 * The chunk of the screen a signed-in path opens, picked as `LoggedScreen` (screens.tsx) picks it but from the path
 * alone, before the company context arrives: the entry module starts loading it beside the context so the screen
 * never waits for its chunk after the context. A guess that the context later overrules (a redirect home, a route
 * the user may not open) only loaded a chunk early.
 */
export function chunkDeRuta(pathname: string): { preload: () => Promise<void> } | undefined {
  const [action = '', second] = splitPath(pathname);
  if (action === '') return HomePage;
  if (action === 'usuario') return UsuarioScreens;
  if (action === 'configura') return second === 'editar' || second === 'tiposiva' ? EntityScreen : ConfiguraPage;
  if (action === 'empresa' && second === 'editar') return EntityScreen;
  if (Object.hasOwn(AREA_SCREENS, action)) {
    // Every area screen is a lazyNamed chunk, which carries its preload.
    const area = AREA_SCREENS[action] as AreaScreen & { preload?: () => Promise<void> };
    return area.preload ? { preload: area.preload } : undefined;
  }
  return entityByAction(action) ? EntityScreen : undefined;
}
