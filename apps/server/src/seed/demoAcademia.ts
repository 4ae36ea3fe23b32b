import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of academy and driving school (issues 17 and 18). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoAcademia(_db: Db, _hoy: string): Promise<void> {}
