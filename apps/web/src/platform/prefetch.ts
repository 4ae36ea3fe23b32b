/**
 * Chunks worth loading ahead of need. The platform knows when (the login page is idle, a logged-in start); the app
 * knows which chunks (its lazy screens) and registers them at start-up (`app/prefetch.ts`), so nothing below `app/`
 * imports the app's screens.
 */
type Preload = () => Promise<void>;

const chunks: { afterLogin: Preload[]; loggedInStart: Preload[] } = { afterLogin: [], loggedInStart: [] };

/** Called once by the app: the chunks a user needs right after logging in, and those of a logged-in start. */
export function registerPrefetch(afterLogin: Preload[], loggedInStart: Preload[]): void {
  chunks.afterLogin = afterLogin;
  chunks.loggedInStart = loggedInStart;
}

function preloadAll(list: Preload[]): void {
  void Promise.all(list.map((preload) => preload())).catch(() => {});
}

/**
 * Loads the chunks a user needs right after logging in (shell, home page, time clock) while the login page is idle,
 * so the shell renders as soon as the company context arrives. Returns the cancel function (a `useEffect` cleanup).
 */
export function prefetchAfterLogin(): () => void {
  const run = () => preloadAll(chunks.afterLogin);
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
  preloadAll(chunks.loggedInStart);
}
