import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { col } from '../db/entityTable.ts';
import { auditoriaTable } from '../db/schema.ts';

/** L: a read of special-category data (a clinical file), audited as well (RGPD art. 9). */
export type AuditAction = 'A' | 'M' | 'D' | 'L';

export interface AuditEntry {
  empresaId: number;
  personaId: number | null;
  userName: string;
  accion: AuditAction;
  recurso: string;
  idRegistro: number | null;
  campos: unknown;
}

/** Appends one audit record (who, when in UTC, what). The audit table has no update or delete path. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditoriaTable).values({
    empresaId: entry.empresaId,
    Fecha: new Date().toISOString(),
    Accion: entry.accion,
    Recurso: entry.recurso,
    IdRegistro: entry.idRegistro,
    UserName: entry.userName,
    Campos: entry.campos,
    personaId: entry.personaId,
  } as never);
}

/** Field-level differences between two rows: { field: [before, after] }. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      out[key] = [before[key] ?? null, after[key]];
  }
  return out;
}

export const auditOf = (empresaId: number) => eq(col(auditoriaTable, 'empresaId'), empresaId);
export const auditFor = (empresaId: number, recurso: string) =>
  and(auditOf(empresaId), eq(col(auditoriaTable, 'Recurso'), recurso));
