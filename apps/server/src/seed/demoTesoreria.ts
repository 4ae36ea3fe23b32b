import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of treasury: mandates, batches, counts, statements (issue 14). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoTesoreria(_db: Db, _hoy: string): Promise<void> {}
