import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { empresas } from '../platform/db/platformTables.ts';
import { companyScope, type Scope } from '../platform/tenancy/scope.ts';

/**
 * What a demo seed writes a company's rows through: that company's scope (no person; `userName` signs its audit), or
 * null when the demo has no company with that code.
 */
export async function empresaDemo(db: Db, codigo: string, userName = 'demo'): Promise<Scope | null> {
  const [e] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, codigo));
  return e ? companyScope(db, { empresaId: e.id, personaId: null, userName }) : null;
}
