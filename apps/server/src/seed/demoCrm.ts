import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of CRM, agenda, marketing, notifications (issue 16). Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds (issue 22).
 */
export async function seedDemoCrm(_db: Db, _hoy: string): Promise<void> {}
