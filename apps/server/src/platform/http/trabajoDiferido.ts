/**
 * Work a start can leave for later: the demo's local AEAT and Diputación simulators make throwaway
 * certificates with openssl, synchronously, for about a second of a busy event loop. main.ts defers them until the
 * demo seed has finished, or a few seconds after listening, so the first answers do not wait for them; anything
 * else (tests building the app and listening) runs them at once, as before.
 */
let pendiente: Promise<void> | undefined;
let soltar: (() => void) | undefined;

/** main.ts, before building the app: deferred work waits for soltarTrabajoDiferido(). */
export function diferirTrabajo(): void {
  pendiente = new Promise<void>((resolve) => {
    soltar = resolve;
  });
}

export function soltarTrabajoDiferido(): void {
  soltar?.();
}

/** Resolves when deferred work may run (at once unless main.ts deferred it). Never await it inside onListen. */
export function trasElArranque(): Promise<void> {
  return pendiente ?? Promise.resolve();
}
