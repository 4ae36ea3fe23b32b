/**
 * Sign-in guessing protection without handing attackers a denial of service (OWASP ASVS 5.0 V6):
 * - per account: the first failures are free, then each attempt waits a doubling delay after the last failure
 *   (429 + Retry-After), and after LOCK_AFTER_FAILURES failures in a row the account is locked for a while
 *   (Config.loginLockMinutes). The lock ends by itself, never ends open sessions, and answers the same whatever
 *   password is sent. Known accounts keep this state in `personas` (survives restarts, shared by processes);
 *   unknown user names get the same treatment in `limites_acceso` (also shared), so the answers do not tell which
 *   names exist.
 * - per device: a browser holding a valid device cookie for the account (dispositivo.ts) has its own series and
 *   lock in `limites_acceso` instead of the account's, which then counts only unknown clients: nobody elsewhere can
 *   lock the owner's browser out.
 * - per source address: failures from one address in the last hour, past SOURCE_FREE_FAILURES, make every further
 *   attempt from it wait a doubling delay (`limites_acceso`, shared by every server process).
 */

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { limitesAcceso } from '../db/schema.ts';
import { registrarFalloAcceso } from '../identity/personas.ts';
import { addMark, marksOf } from './throttle.ts';

/** Failures in a row that lock an account for a while. */
export const LOCK_AFTER_FAILURES = 10;
/** Failures in a row of one account before its attempts start to wait. */
export const ACCOUNT_FREE_FAILURES = 3;
/** Failures from one address within SOURCE_WINDOW_MS before its attempts start to wait. */
export const SOURCE_FREE_FAILURES = 20;
const SOURCE_WINDOW_MS = 60 * 60_000;
const MAX_DELAY_S = 15 * 60;
/** A failure older than this no longer counts toward the account's series. */
const SERIES_RESET_MS = 24 * 60 * 60_000;

/** Seconds to wait after the n-th failure: 0 while free, then 1, 2, 4… up to 15 minutes. */
export function backoffSeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_DELAY_S, 2 ** (failures - free));
}

/** An account's sign-in state (times in ms). */
export interface AccountAttempts {
  fallos: number;
  ultimoFallo: number | null;
  bloqueadoHasta: number | null;
}

export type Refusal = { locked: boolean; retryAfter: number };

/** Why an attempt on this account must not be tried now (locked, or inside its back-off), else null. */
export function accountRefusal(state: AccountAttempts, now: number): Refusal | null {
  if (state.bloqueadoHasta !== null && state.bloqueadoHasta > now) {
    return { locked: true, retryAfter: Math.ceil((state.bloqueadoHasta - now) / 1000) };
  }
  const fallos = currentFailures(state, now);
  const delay = backoffSeconds(fallos, ACCOUNT_FREE_FAILURES) * 1000;
  if (delay > 0 && state.ultimoFallo !== null && now < state.ultimoFallo + delay) {
    return { locked: false, retryAfter: Math.ceil((state.ultimoFallo + delay - now) / 1000) };
  }
  return null;
}

function currentFailures(state: AccountAttempts, now: number): number {
  if (state.ultimoFallo === null || now - state.ultimoFallo > SERIES_RESET_MS) return 0;
  return state.fallos;
}

/**
 * One more failure of a known account, counted in one statement (parallel guesses cannot overwrite each other's
 * count), and the lock when the count reaches LOCK_AFTER_FAILURES: only the request that sets it gets `locked`.
 */
export function recordAccountFailure(
  db: Db,
  personaId: number,
  now: number,
  lockMs: number,
): Promise<{ fallos: number; locked: boolean }> {
  return registrarFalloAcceso(db, personaId, {
    now,
    lockMs,
    serieMs: SERIES_RESET_MS,
    bloquearTras: LOCK_AFTER_FAILURES,
  });
}

/** Failures from one address kept (past SOURCE_FREE_FAILURES + 10 the delay is already the longest). */
const SOURCE_KEEP = SOURCE_FREE_FAILURES + 12;

/**
 * The part not tied to a known account, in `limites_acceso` (shared by every server process): per-address failures
 * and the series and lock of user names that match no account.
 */
export class LoginLimits {
  constructor(
    private readonly db: Db,
    readonly now: () => number = Date.now,
  ) {}

  /** Seconds the address must wait before its next attempt (0: go ahead). */
  async sourceWait(address: string): Promise<number> {
    const t = this.now();
    const recent = await marksOf(this.db, `fuente:${address}`, t, SOURCE_WINDOW_MS);
    const delay = backoffSeconds(recent.length, SOURCE_FREE_FAILURES) * 1000;
    const last = recent.at(-1);
    return delay > 0 && last !== undefined && t < last + delay ? Math.ceil((last + delay - t) / 1000) : 0;
  }

  async sourceFailed(address: string): Promise<void> {
    await addMark(this.db, `fuente:${address}`, this.now(), SOURCE_WINDOW_MS, SOURCE_KEEP);
  }

  /** The state of a user name that matches no account. */
  unknownAccount(name: string): Promise<AccountAttempts> {
    return this.stateOf(`nombre:${name}`);
  }

  /** The state of one device (dispositivo.ts): its own series and lock, apart from the account's. */
  deviceState(nonce: string): Promise<AccountAttempts> {
    return this.stateOf(`dispositivo:${nonce}`);
  }

  /** One more failure of a device: the same counting and lock, on the device only. */
  deviceFailed(nonce: string, lockMs: number): Promise<void> {
    return this.failed(`dispositivo:${nonce}`, lockMs);
  }

  /** The device's owner signed in: its series ends. */
  async deviceSucceeded(nonce: string): Promise<void> {
    await this.db
      .update(limitesAcceso)
      .set({ fallos: 0, ultimoFallo: null, bloqueadoHasta: null })
      .where(eq(limitesAcceso.clave, `dispositivo:${nonce}`));
  }

  private async stateOf(clave: string): Promise<AccountAttempts> {
    const [row] = await this.db
      .select({
        fallos: limitesAcceso.fallos,
        ultimoFallo: limitesAcceso.ultimoFallo,
        bloqueadoHasta: limitesAcceso.bloqueadoHasta,
      })
      .from(limitesAcceso)
      .where(eq(limitesAcceso.clave, clave));
    if (!row) return { fallos: 0, ultimoFallo: null, bloqueadoHasta: null };
    const ms = (x: number | null) => (x === null ? null : Number(x));
    return { fallos: row.fallos, ultimoFallo: ms(row.ultimoFallo), bloqueadoHasta: ms(row.bloqueadoHasta) };
  }

  /**
   * One more failure of a user name that matches no account: the same counting and lock as recordAccountFailure
   * (one statement, then the lock), so known and unknown names answer alike.
   */
  unknownFailed(name: string, lockMs: number): Promise<void> {
    return this.failed(`nombre:${name}`, lockMs);
  }

  private async failed(clave: string, lockMs: number): Promise<void> {
    const now = this.now();
    const l = limitesAcceso;
    const [row] = await this.db
      .insert(l)
      .values({ clave, fallos: 1, ultimoFallo: now })
      .onConflictDoUpdate({
        target: l.clave,
        set: {
          fallos: sql`case when ${l.ultimoFallo} is null or ${l.ultimoFallo} < ${now - SERIES_RESET_MS}::bigint then 1 else ${l.fallos} + 1 end`,
          ultimoFallo: sql`${now}::bigint`,
          actualizado: sql`now()`,
        },
      })
      .returning({ fallos: l.fallos });
    if ((row?.fallos ?? 0) < LOCK_AFTER_FAILURES) return;
    await this.db
      .update(l)
      .set({ fallos: 0, bloqueadoHasta: now + lockMs })
      .where(and(eq(l.clave, clave), gte(l.fallos, LOCK_AFTER_FAILURES)));
  }
}
