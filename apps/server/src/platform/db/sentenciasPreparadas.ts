import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named (server-side prepared) statements for the statements a PostgreSQL pool runs again and again.
 * Without a name node-postgres sends every query unnamed, so PostgreSQL parses and plans it each time; with one it
 * parses it once per connection and then only binds and executes (the issuing's dozen statements: PostgreSQL's
 * share of an issue). A statement gets its name the second time its text is seen (one-off texts stay unnamed),
 * only data statements are named (no DDL: a prepared plan must not outlive a table change), and at most
 * `MAX_NOMBRES` texts ever are (PostgreSQL keeps each connection's prepared statements until it closes).
 */
export const MAX_NOMBRES = 500;
const VISTAS_MAX = 5000;

const DATOS = /^\s*(select|insert|update|delete|with)\b/i;

export function nombradorDeSentencias(max = MAX_NOMBRES) {
  const nombres = new Map<string, string>();
  const vistas = new Set<string>();
  return (texto: string): string | undefined => {
    const ya = nombres.get(texto);
    if (ya) return ya;
    if (nombres.size >= max || !DATOS.test(texto)) return undefined;
    if (!vistas.has(texto)) {
      // Remembered once; the set is cleared when full, so a flood of one-off texts costs nothing lasting.
      if (vistas.size >= VISTAS_MAX) vistas.clear();
      vistas.add(texto);
      return undefined;
    }
    vistas.delete(texto);
    const nombre = `faro_${createHash('sha1').update(texto).digest('base64url')}`;
    nombres.set(texto, nombre);
    return nombre;
  };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** Names the repeated data statements of every client `pool` hands out (`nombradorDeSentencias`). */
export function prepararSentencias(pool: pg.Pool, nombrar = nombradorDeSentencias()): void {
  pool.on('connect', (client) => {
    // The class's query, looked up at each call (not bound once): whatever wraps pg.Client.prototype.query later
    // (the Citus statement walk records through it) still sees every statement.
    const deLaClase = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as QueryConfig | string | undefined;
      if (config && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined) {
        const valores = Array.isArray(args[1]) ? args[1] : config.values;
        // Only parameterised statements: a text with its values inline is rarely the same twice.
        if (Array.isArray(valores) && valores.length > 0) {
          const nombre = nombrar(config.text);
          if (nombre) args[0] = { ...config, name: nombre };
        }
      }
      return deLaClase.query.apply(client, args);
    };
  });
}
