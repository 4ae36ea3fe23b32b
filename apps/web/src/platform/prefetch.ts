/**
 * Chunks worth loading ahead of need. The platform knows when (the login page is idle, a logged-in start); the app
 * knows which chunks (its lazy screens) and registers them at start-up (`app/prefetch.ts`), so nothing below `app/`
 * imports the app's screens.
 */
type Preload = () => Promise<void>;

const chunks: { afterLogin: Preload[]; loggedInStart: Preload[]; whenIdle: Preload[] } = {
  afterLogin: [],
  loggedInStart: [],
  whenIdle: [],
};

/**
 * Called once by the app: the chunks a user needs right after logging in, those of a logged-in start (the shell and
 * the screen being opened) and those a logged-in start loads once the browser is idle (the usual next screens).
 */
export function registerPrefetch(afterLogin: Preload[], loggedInStart: Preload[], whenIdle: Preload[] = []): void {
  chunks.afterLogin = afterLogin;
  chunks.loggedInStart = loggedInStart;
  chunks.whenIdle = whenIdle;
}

function preloadAll(list: Preload[]): void {
  void Promise.all(list.map((preload) => preload())).catch(() => {});
}

/**
 * Loads the chunks a user needs right after logging in (shell, home page, time clock) while the login page is idle,
 * so the shell renders as soon as the company context arrives. Returns the cancel function (a `useEffect` cleanup).
 */
export function prefetchAfterLogin(): () => void {
  return whenIdle(() => preloadAll(chunks.afterLogin));
}

/** Runs `run` when the browser is idle (or after 300 ms without requestIdleCallback); returns the cancel function. */
function whenIdle(run: () => void): () => void {
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

/**
 * A logged-in start: the shell and the screen load in parallel with the company context; the other usual chunks
 * wait until the browser is idle, so evaluating them never holds back the first screen.
 */
export function preloadShell(): void {
  preloadAll(chunks.loggedInStart);
  whenIdle(() => preloadAll(chunks.whenIdle));
}
