import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of platform administration, advisory firms, contracting (issue 19). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoPlataforma(_db: Db, _hoy: string): Promise<void> {}
