import type { Database } from '../src/platform/db/database.ts';
import { companyScope, type Scope } from '../src/platform/tenancy/scope.ts';
import { openTestDatabase } from './testApp.ts';

/** A fresh test database and the doors of two of its demo companies (DEMO and ACADEMIA), to check isolation. */
export async function dosEmpresas(): Promise<{ database: Database; drop: () => Promise<void>; a: Scope; b: Scope }> {
  const { database, drop } = await openTestDatabase();
  const ids = await database.query<{ id: string; codigo: string }>(
    "select id, codigo from empresas where codigo in ('DEMO', 'ACADEMIA') order by codigo",
  );
  const id = (codigo: string) => Number(ids.find((r) => r.codigo === codigo)!.id);
  const puerta = (codigo: string) =>
    companyScope(database.db, { empresaId: id(codigo), personaId: null, userName: 'prueba' });
  return { database, drop, a: puerta('DEMO'), b: puerta('ACADEMIA') };
}
