import type { Scope } from './scope.ts';

class Revertida extends Error {}

/**
 * Runs `trabajo` in one transaction of `scope`; with `revertir`, rolls it back once the work is done (what a failed
 * issue leaves behind) and answers null. Any other error still fails.
 */
export async function enTransaccion<R>(
  scope: Scope,
  revertir: boolean,
  trabajo: (tx: Scope) => Promise<R>,
): Promise<R | null> {
  try {
    return await scope.tx(async (tx) => {
      const r = await trabajo(tx);
      if (revertir) throw new Revertida();
      return r;
    });
  } catch (error) {
    if (error instanceof Revertida) return null;
    throw error;
  }
}
