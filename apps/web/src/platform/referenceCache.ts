/**
 * Reference lists kept locally by name (spec section 3): the last answer of each lookup, per company and user, in
 * local storage. A new session paints selectors and labels from it at once while the lookup is asked again in the
 * background. Logging out forgets them all.
 */
const PREFIX = 'faro.ref.';

const keyOf = (empresa: number, user: string, name: string) => `${PREFIX}${empresa}.${user}.${name}`;

export function readStoredList<T>(empresa: number, user: string, name: string): T[] | undefined {
  try {
    const raw = localStorage.getItem(keyOf(empresa, user, name));
    const parsed = raw ? (JSON.parse(raw) as unknown) : undefined;
    return Array.isArray(parsed) ? (parsed as T[]) : undefined;
  } catch {
    return undefined;
  }
}

export function storeList(empresa: number, user: string, name: string, items: readonly unknown[]): void {
  try {
    localStorage.setItem(keyOf(empresa, user, name), JSON.stringify(items));
  } catch {
    // storage full or unavailable: the list lives in memory for this session
  }
}

/** Logout: no list of the company stays behind in the browser. */
export function forgetReferenceLists(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
