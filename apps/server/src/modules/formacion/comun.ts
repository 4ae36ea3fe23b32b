import { sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { contadoresAcademia } from '../../platform/tenancy/tables.ts';

/** Today in Spain (yyyy-mm-dd). */
export function hoyEspana(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

/** The next value of one of the company's academy counters ('ALU', 'MAT'), as "ALU-0007". */
export async function siguienteCodigo(s: Scope, clave: 'ALU' | 'MAT'): Promise<string> {
  const [row] = await s
    .insert(contadoresAcademia, { Clave: clave, Valor: 1 })
    .onConflictDoUpdate({
      target: [contadoresAcademia.empresaId, contadoresAcademia.Clave],
      set: { Valor: sql`${contadoresAcademia.Valor} + 1` },
    })
    .returning({ Valor: contadoresAcademia.Valor });
  return `${clave}-${String(row!.Valor).padStart(4, '0')}`;
}

export const vacio = (v: unknown) => v === undefined || v === null || v === '';
