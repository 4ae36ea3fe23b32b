import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of purchases and expenses (issue 13). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoCompras(_db: Db, _hoy: string): Promise<void> {}
