import { HomePage, Shell, UsuarioScreens } from './lazyScreens.ts';

/**
 * Loads the chunks a user needs right after logging in (shell, home page, time clock) while the login page is idle,
 * so the shell renders as soon as the company context arrives.
 */
export function prefetchAfterLogin(): () => void {
  const run = () => {
    void Promise.all([Shell.preload(), HomePage.preload(), UsuarioScreens.preload()]).catch(() => {});
  };
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run);
    return () => w.cancelIdleCallback?.(id);
  }
  const t = setTimeout(run, 300);
  return () => clearTimeout(t);
}

/** A logged-in start: the shell loads in parallel with the company context. */
export function preloadShell(): void {
  void Promise.all([Shell.preload(), HomePage.preload()]).catch(() => {});
}
