/**
 * Sign-in guessing protection without handing attackers a denial of service (OWASP ASVS 5.0 V6):
 * - per account: the first failures are free, then each attempt waits a doubling delay after the last failure
 *   (429 + Retry-After), and after LOCK_AFTER_FAILURES failures in a row the account is locked for a while
 *   (Config.loginLockMinutes). The lock ends by itself, never ends open sessions, and answers the same whatever
 *   password is sent. Known accounts keep this state in `personas` (survives restarts, shared by processes);
 *   unknown user names get the same treatment in memory, so the answers do not tell which names exist.
 * - per source address: failures from one address in the last hour, past SOURCE_FREE_FAILURES, make every further
 *   attempt from it wait a doubling delay.
 */

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { personas } from '../db/schema.ts';

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

/** The state after one more failure; `locked` when this failure starts a lock. */
export function afterFailure(
  state: AccountAttempts,
  now: number,
  lockMs: number,
): AccountAttempts & { locked: boolean } {
  // Already locked by an attempt that ran alongside: the lock stands.
  if (state.bloqueadoHasta !== null && state.bloqueadoHasta > now) return { ...state, locked: false };
  const fallos = currentFailures(state, now) + 1;
  if (fallos >= LOCK_AFTER_FAILURES) return { fallos: 0, ultimoFallo: now, bloqueadoHasta: now + lockMs, locked: true };
  return { fallos, ultimoFallo: now, bloqueadoHasta: null, locked: false };
}

function currentFailures(state: AccountAttempts, now: number): number {
  if (state.ultimoFallo === null || now - state.ultimoFallo > SERIES_RESET_MS) return 0;
  return state.fallos;
}

/**
 * One more failure of a known account, counted in one statement (parallel guesses cannot overwrite each other's
 * count), and the lock when the count reaches LOCK_AFTER_FAILURES: only the request that sets it gets `locked`.
 */
export async function recordAccountFailure(
  db: Db,
  personaId: number,
  now: number,
  lockMs: number,
): Promise<{ fallos: number; locked: boolean }> {
  const at = new Date(now).toISOString();
  const seriesStart = new Date(now - SERIES_RESET_MS).toISOString();
  const [row] = await db
    .update(personas)
    .set({
      fallosLogin: sql`case when ${personas.ultimoFallo} is null or ${personas.ultimoFallo} < ${seriesStart}::timestamptz then 1 else ${personas.fallosLogin} + 1 end`,
      ultimoFallo: sql`${at}::timestamptz`,
    })
    .where(eq(personas.id, personaId))
    .returning({ fallos: personas.fallosLogin });
  const fallos = row?.fallos ?? 0;
  if (fallos < LOCK_AFTER_FAILURES) return { fallos, locked: false };
  const locked = await db
    .update(personas)
    .set({ fallosLogin: 0, bloqueadoHasta: new Date(now + lockMs) })
    .where(and(eq(personas.id, personaId), gte(personas.fallosLogin, LOCK_AFTER_FAILURES)))
    .returning({ id: personas.id });
  return { fallos, locked: locked.length > 0 };
}

/** In-memory part: per-address failures and the state of user names that do not exist. */
export class LoginLimits {
  private readonly sources = new Map<string, number[]>();
  private readonly unknown = new Map<string, AccountAttempts>();

  constructor(readonly now: () => number = Date.now) {}

  /** Seconds the address must wait before its next attempt (0: go ahead). */
  sourceWait(address: string): number {
    const t = this.now();
    const recent = this.recentOf(address, t);
    const delay = backoffSeconds(recent.length, SOURCE_FREE_FAILURES) * 1000;
    const last = recent.at(-1);
    return delay > 0 && last !== undefined && t < last + delay ? Math.ceil((last + delay - t) / 1000) : 0;
  }

  sourceFailed(address: string): void {
    const t = this.now();
    const recent = this.recentOf(address, t);
    recent.push(t);
    this.sources.set(address, recent);
    if (this.sources.size > 50_000) {
      for (const [k, v] of this.sources) if (v.every((x) => t - x >= SOURCE_WINDOW_MS)) this.sources.delete(k);
    }
  }

  /** The state of a user name that matches no account. */
  unknownAccount(name: string): AccountAttempts {
    return this.unknown.get(name) ?? { fallos: 0, ultimoFallo: null, bloqueadoHasta: null };
  }

  setUnknownAccount(name: string, state: AccountAttempts): void {
    this.unknown.set(name, state);
    if (this.unknown.size > 100_000) {
      const t = this.now();
      for (const [k, v] of this.unknown) {
        if ((v.bloqueadoHasta ?? 0) < t && (v.ultimoFallo ?? 0) < t - SERIES_RESET_MS) this.unknown.delete(k);
      }
      // Still too many: forget the oldest (a Map iterates in insertion order).
      for (const k of this.unknown.keys()) {
        if (this.unknown.size <= 100_000) break;
        this.unknown.delete(k);
      }
    }
  }

  private recentOf(address: string, t: number): number[] {
    return (this.sources.get(address) ?? []).filter((x) => t - x < SOURCE_WINDOW_MS);
  }
}
