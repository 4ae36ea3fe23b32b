import { eq } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { type Cabecera, clientesTable, col, efacturaConfig, efacturaEnvios } from '../../../platform/tenancy/tables.ts';

/**
 * Called while an invoice is issued (before its number, in the same transaction): queues it on its customer's
 * e-invoice channel — the customer's own, else the company's default when that one carries a structured invoice (a
 * company whose default is the PDF by e-mail keeps sending it by hand, as before). No lock beyond the new row; an
 * invoice without a customer, or issued twice, queues nothing.
 */
export async function encolarEfactura(t: Scope, h: Pick<Cabecera, 'id' | 'idTercero'>): Promise<void> {
  if (!h.idTercero) return;
  const c = (f: string) => col(clientesTable, f);
  const [fila] = (await t
    .pick({ propio: c('CanalEfactura'), defecto: efacturaConfig.canalDefecto }, clientesTable, eq(c('Id'), h.idTercero))
    .leftJoin(efacturaConfig, t.on(efacturaConfig))) as { propio: string | null; defecto: string | null }[];
  const canal = fila?.propio ?? (fila?.defecto === 'pdf_email' ? null : fila?.defecto);
  if (canal) await t.insert(efacturaEnvios, { idDocumento: h.id, canal }).onConflictDoNothing();
}
