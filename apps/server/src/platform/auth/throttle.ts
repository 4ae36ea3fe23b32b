/**
 * Sliding-window throttle kept in the database (`limites_acceso`), so every server process counts the same
 * attempts: a cap on attempts per address (sign-in, refresh, recovery, sign-up, the academy's public forms). The
 * growing delays and the temporary lock of sign-in live in loginLimits.ts.
 */
import { lt, type SQL, sql } from 'drizzle-orm';
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
    protected readonly db: Db,
    protected readonly name: string,
    protected readonly limit: number,
    protected readonly windowMs: number,
    protected readonly now: () => number = Date.now,
  ) {}

  /** Inserts the key's row, or updates it only while `setWhere` holds, in one statement: false when it did not. */
  protected async claim(
    clave: string,
    values: Partial<typeof limitesAcceso.$inferInsert>,
    set: Partial<Record<keyof typeof limitesAcceso.$inferInsert, SQL>>,
    setWhere: SQL,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(limitesAcceso)
      .values({ clave, ...values })
      .onConflictDoUpdate({ target: limitesAcceso.clave, set: { ...set, actualizado: sql`now()` }, setWhere })
      .returning({ clave: limitesAcceso.clave });
    return rows.length > 0;
  }

  /**
   * Takes one of the key's `limit` places in the window, counted and checked in one statement (parallel requests
   * cannot all slip in): 0 when taken, else the seconds until the oldest place frees (a refused attempt takes none,
   * so waiting is enough).
   */
  async take(key: string): Promise<number> {
    const t = this.now();
    const clave = `${this.name}:${key}`;
    const l = limitesAcceso;
    const inWindow = sql`array(select m from unnest(${l.marcas}) m where m > ${t - this.windowMs}::bigint order by m)`;
    const set = { marcas: sql`${inWindow} || ${t}::bigint` };
    if (await this.claim(clave, { marcas: [t] }, set, sql`cardinality(${inWindow}) < ${this.limit}`)) return 0;
    const oldest = (await marksOf(this.db, clave, t, this.windowMs))[0] ?? t;
    return Math.max(1, Math.ceil((oldest + this.windowMs - t) / 1000));
  }

  /** Records an attempt; false when the key is over its limit in the window. */
  async hit(key: string): Promise<boolean> {
    const t = this.now();
    const recent = await addMark(this.db, `${this.name}:${key}`, t, this.windowMs, this.limit);
    return recent.filter((x) => t - x < this.windowMs).length <= this.limit;
  }
}
