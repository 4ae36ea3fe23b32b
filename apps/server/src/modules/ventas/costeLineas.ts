import { sql } from 'drizzle-orm';
import type { Scope } from '../../platform/tenancy/scope.ts';

/**
 * At issuing, each line of the invoice takes its product's purchase price of that moment (`coste`), so the gross
 * margin of a period counts what the goods cost when they were sold, not what they cost today. Run before the number:
 * once the invoice is numbered its lines can no longer be written (0006_facturas_inmutables).
 */
export async function fijarCosteLineas(s: Scope, idDocumento: number): Promise<void> {
  await s.execute(
    (_empresaId, de) => sql`update documentos_venta_lineas l set coste = p.precio_compra
      from productos p where ${de('l')} and l.id_documento = ${idDocumento} and ${de('p')} and p.id = l.id_producto`,
  );
}
