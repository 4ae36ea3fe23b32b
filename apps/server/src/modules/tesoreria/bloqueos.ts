import { and, eq, isNotNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { apuntesBancarios, recibosRemesa } from '../../platform/tenancy/tables.ts';

export const MSG_BLOQUEOS = {
  remesado: (que: 'cobro' | 'pago') =>
    que === 'cobro'
      ? 'El cobro se hizo con una remesa de recibos: se cambia deshaciendo el envío de la remesa o registrando la devolución del recibo'
      : 'El pago se hizo con una remesa de transferencias: se cambia deshaciendo el envío de la remesa',
  conciliado: (que: 'cobro' | 'pago') =>
    `El ${que} está conciliado con un apunte del extracto bancario: deshaz la conciliación antes de cambiarlo o borrarlo`,
} as const;

/**
 * Collections and payments the treasury has taken over: one made by a sent batch (a receipt's IdCobro)
 * changes only through the batch (undo the sending, or a return); one matched by a bank statement line only once
 * that reconciliation is undone. Called by the engine's payment routes before an edit or a delete (400 in Spanish);
 * the batch's own services change them freely.
 */
export async function comprobarPagoLibre(t: Scope, que: 'cobro' | 'pago', id: number): Promise<void> {
  const rr = recibosRemesa;
  const [remesado] = await t
    .pick({ id: rr.Id }, rr, and(eq(rr.IdCobro, id), isNotNull(que === 'cobro' ? rr.IdFactura : rr.IdFacturaCompra)))
    .limit(1);
  if (remesado) throw badRequest(MSG_BLOQUEOS.remesado(que));
  const ab = apuntesBancarios;
  const [conciliado] = await t
    .pick({ id: ab.Id }, ab, and(eq(ab.ConciliadoCon, que), eq(ab.IdConciliado, id)))
    .limit(1);
  if (conciliado) throw badRequest(MSG_BLOQUEOS.conciliado(que));
}
