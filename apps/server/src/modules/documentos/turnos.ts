/**
 * At most `maximo` tasks at a time per key; the rest wait their turn in arrival order. Issuers of one
 * company all queue on its series counter row: letting 16 of them into PostgreSQL at once only lengthens the queue
 * there (the row lock's waiters are not served in order) and feeds the event loop work that delays the one holding
 * the counter. With a few at a time the same throughput comes with an even wait: p95 152–160 → 106–110 ms in
 * `bench/verifactu.ts` (PostgreSQL, 16 HTTP clients).
 */
export function turnosPorClave(maximo: number) {
  if (!Number.isInteger(maximo) || maximo < 1) throw new Error(`Turnos no válidos: ${maximo}`);
  const colas = new Map<string | number, { activos: number; espera: (() => void)[] }>();
  return async function turno<T>(clave: string | number, tarea: () => Promise<T>): Promise<T> {
    let cola = colas.get(clave);
    if (!cola) {
      cola = { activos: 0, espera: [] };
      colas.set(clave, cola);
    }
    const c = cola;
    if (c.activos < maximo) c.activos++;
    else await new Promise<void>((entrar) => c.espera.push(entrar));
    try {
      return await tarea();
    } finally {
      const siguiente = c.espera.shift();
      // The slot passes straight to the next in line (it stays taken); with nobody waiting it is freed.
      if (siguiente) siguiente();
      else if (--c.activos === 0) colas.delete(clave);
    }
  };
}

/** Issues at a time per company and process: 4, or `FARO_EMISIONES_A_LA_VEZ` (1–64). */
export function emisionesALaVez(): number {
  const v = Number(process.env.FARO_EMISIONES_A_LA_VEZ);
  return Number.isInteger(v) && v >= 1 && v <= 64 ? v : 4;
}
