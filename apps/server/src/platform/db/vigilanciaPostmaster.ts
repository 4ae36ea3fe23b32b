/**
 * The watch on the embedded postmaster (ADR 0003). Its owner (the single process, or the FARO_PROCESOS
 * supervisor) restarts it on the same folder when it ends unexpectedly (a crash, a kill -9): PostgreSQL's crash
 * recovery replays the WAL, so everything acknowledged is there again. Meanwhile the pool's connections fail and the
 * requests get a Spanish 503 (http/errors.ts). Failures are counted in a sliding window: after too many the owner
 * gives up with a Spanish message and exits non-zero, so that the service manager restarts the whole app.
 */

export interface OpcionesVigilancia {
  /** Restarts (and failed restart attempts) allowed within `ventanaMs` before giving up. */
  maxFallos?: number;
  ventanaMs?: number;
  /** Spanish lines for the log (console.error by default). */
  avisar?: (mensaje: string) => void;
  /** What giving up does: the message is printed and the process exits with code 1 by default. */
  alRendirse?: (mensaje: string) => void;
}

export const MAX_FALLOS = 5;
export const VENTANA_MS = 60_000;

/** Wait before restart attempt n (1, 2…) within the window: 0.1 s, 0.5 s, 1 s, 2 s, 4 s, 5 s… */
export function esperaAntesDe(n: number): number {
  return n <= 1 ? 100 : Math.min(5000, 500 * 2 ** (n - 2));
}

/** The sliding count of failures: `anotar()` returns the failures within the window, this one included. */
export function contadorFallos(ventanaMs = VENTANA_MS, ahora: () => number = Date.now) {
  const fallos: number[] = [];
  return {
    anotar(): number {
      const t = ahora();
      fallos.push(t);
      while (fallos.length && fallos[0]! <= t - ventanaMs) fallos.shift();
      return fallos.length;
    },
  };
}

export function rendirsePorDefecto(mensaje: string): void {
  console.error(mensaje);
  process.exit(1);
}
