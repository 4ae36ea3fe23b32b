/**
 * Attempt limits for secrets (signing codes, kiosk PINs, the current password): the attempt is COUNTED before the
 * secret is compared, in the one statement that also checks the limit (`SET n = n + 1 WHERE … AND n < limit
 * RETURNING n`). Reading the count, comparing and then adding one loses the race: twenty parallel guesses all read
 * "0 failures" and are all compared. Counted first, at most `limit` guesses are ever compared, however many arrive
 * together; a right secret then gives its attempt back (`acierto`).
 *
 * Two forms, one rule:
 * - `gastarIntento`: the counter is a column of the secret's own row (a kiosk PIN's `fallos`): spent until whoever
 *   owns the secret sets a new one.
 * - `Intentos`: a counter in `limites_acceso` under a key (shared by every process), for secrets without a counter
 *   column; the series ends `windowMs` after its last counted attempt, so the owner waits instead of being locked out
 *   for good.
 */

import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { limitesAcceso, personas } from '../db/schema.ts';
import { fieldError, TooManyError } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import { Throttle } from './throttle.ts';

export const TOO_MANY = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo';

/** Wrong signing codes of one contract within CODIGO_VENTANA_MS. */
export const CODIGO_FALLOS = 5;
export const CODIGO_VENTANA_MS = 60 * 60_000;
/** Resends of a contract's signing code: one a minute, CODIGO_REENVIOS_HORA an hour. */
export const CODIGO_REENVIOS_HORA = 5;
/** Wrong current passwords of one person within CLAVE_VENTANA_MS (password change, anything that asks it). */
export const CLAVE_FALLOS = 5;
export const CLAVE_VENTANA_MS = 15 * 60_000;

/**
 * Spends one attempt of the row's counter `col`, before the secret is compared: `bump(n + 1, n < limit)` must run
 * `UPDATE … SET col = <first> WHERE <the row> AND <second> RETURNING …`. False when the attempts are spent (nothing
 * was counted, the secret must not be compared).
 */
export async function gastarIntento(
  col: AnyPgColumn,
  limit: number,
  bump: (next: SQL, hayIntentos: SQL) => Promise<unknown[]>,
): Promise<boolean> {
  const rows = await bump(sql`${col} + 1`, sql`${col} < ${limit}`);
  return rows.length > 0;
}

/**
 * Attempts of keyed secrets in `limites_acceso` (`name` keeps kinds apart in the shared table): a throttle whose
 * places are spent before the secret is compared and given back when it is right.
 */
export class Intentos extends Throttle {
  /**
   * Takes one attempt for `key` before its secret is compared: 0 when taken, else the seconds until the series ends
   * (nothing counted; refuse with a 429 and this Retry-After whatever the secret).
   */
  async tomar(key: string): Promise<number> {
    const t = this.now();
    const clave = `${this.name}:${key}`;
    const l = limitesAcceso;
    const expired = sql`(${l.ultimoFallo} is null or ${l.ultimoFallo} < ${t - this.windowMs}::bigint)`;
    const set = { fallos: sql`case when ${expired} then 1 else ${l.fallos} + 1 end`, ultimoFallo: sql`${t}::bigint` };
    if (await this.claim(clave, { fallos: 1, ultimoFallo: t }, set, sql`${expired} or ${l.fallos} < ${this.limit}`)) {
      return 0;
    }
    const [row] = await this.db.select({ ultimoFallo: l.ultimoFallo }).from(l).where(sql`${l.clave} = ${clave}`);
    return Math.max(1, Math.ceil((Number(row?.ultimoFallo ?? t) + this.windowMs - t) / 1000));
  }

  /** The secret was right: its attempt is given back and the series starts again. */
  async acierto(key: string): Promise<void> {
    await this.db
      .update(limitesAcceso)
      .set({ fallos: 0, ultimoFallo: null })
      .where(sql`${limitesAcceso.clave} = ${`${this.name}:${key}`}`);
  }
}

/** The current password is asked: CLAVE_FALLOS wrong ones per CLAVE_VENTANA_MS and person. */
export function claveActual(db: Db, now: () => number = Date.now) {
  const intentos = new Intentos(db, 'clave-actual', CLAVE_FALLOS, CLAVE_VENTANA_MS, now);
  return {
    /** 'ok', 'mal' (wrong: counted) or the seconds to wait (attempts spent: not compared). */
    async comprobar(personaId: number, passwordHash: string, password: string): Promise<'ok' | 'mal' | number> {
      const wait = await intentos.tomar(String(personaId));
      if (wait > 0) return wait;
      if (!(await verifyPassword(passwordHash, password))) return 'mal';
      await intentos.acierto(String(personaId));
      return 'ok';
    },
    /** The signed-in person, once `PasswordActual` is right: else 429 (attempts spent) or a field error. */
    async exigir(personaId: number, password: string) {
      const [persona] = await db.select().from(personas).where(eq(personas.id, personaId));
      const check = persona ? await this.comprobar(persona.id, persona.passwordHash, password) : 'mal';
      if (typeof check === 'number') throw new TooManyError(TOO_MANY, check);
      if (!persona || check !== 'ok') throw fieldError('PasswordActual', 'La contraseña actual no es correcta');
      return persona;
    },
  };
}
