/**
 * Sliding-window throttle kept in the database (`limites_acceso`), so every server process counts the same
 * attempts: a cap on attempts per address (sign-in, refresh, recovery, sign-up, the academy's public forms). The
 * growing delays and the temporary lock of sign-in live in loginLimits.ts.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { limitesAcceso } from '../db/schema.ts';

/** A row untouched for this long is forgotten (longer than every window and series). */
const FORGET_MS = 25 * 60 * 60_000;

/**
 * Adds the attempt at `t` to the key's window in one statement (attempts of other processes cannot be lost) and
 * returns the window's attempts, the newest `keep` older ones plus this one.
 */
export async function addMark(db: Db, clave: string, t: number, windowMs: number, keep: number): Promise<number[]> {
  const marcas = limitesAcceso.marcas;
  const [row] = await db
    .insert(limitesAcceso)
    .values({ clave, marcas: [t] })
    .onConflictDoUpdate({
      target: limitesAcceso.clave,
      set: {
        marcas: sql`array(select m from (select m from unnest(${marcas}) m where m > ${t - windowMs}::bigint order by m desc limit ${keep}) r order by m) || ${t}::bigint`,
        actualizado: sql`now()`,
      },
    })
    .returning({ marcas });
  if (Math.random() < 0.001) void forgetOld(db).catch(() => {});
  return (row?.marcas ?? [t]).map(Number);
}

/** The key's attempts inside the window (read only). */
export async function marksOf(db: Db, clave: string, t: number, windowMs: number): Promise<number[]> {
  const [row] = await db
    .select({ marcas: limitesAcceso.marcas })
    .from(limitesAcceso)
    .where(sql`${limitesAcceso.clave} = ${clave}`);
  return (row?.marcas ?? []).map(Number).filter((x) => t - x < windowMs);
}

async function forgetOld(db: Db): Promise<void> {
  await db.delete(limitesAcceso).where(lt(limitesAcceso.actualizado, new Date(Date.now() - FORGET_MS)));
}

export class Throttle {
  /** `name` keeps the keys of different throttles apart in the shared table. */
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt; false when the key is over its limit in the window. */
  async hit(key: string): Promise<boolean> {
    const t = this.now();
    const recent = await addMark(this.db, `${this.name}:${key}`, t, this.windowMs, this.limit);
    return recent.filter((x) => t - x < this.windowMs).length <= this.limit;
  }
}
