import { sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import type { Cabecera } from '../../../platform/tenancy/tables.ts';

/**
 * Called while an invoice is issued (before its number, in the same transaction): queues it on its customer's
 * e-invoice channel — the customer's own, else the company's default when that one carries a structured invoice (a
 * company whose default is the PDF by e-mail keeps sending it by hand, as before). One statement, no lock beyond the
 * new row; an invoice without a customer, or issued twice, queues nothing.
 */
export async function encolarEfactura(t: Scope, h: Pick<Cabecera, 'id' | 'idTercero'>): Promise<void> {
  if (!h.idTercero) return;
  await t.execute(
    (_empresaId, de) => sql`insert into efactura_envios (empresa_id, id_documento, canal)
      select c.empresa_id, ${h.id}, coalesce(c.canal_efactura, nullif(cfg.canal_defecto, 'pdf_email'))
      from clientes c left join efactura_config cfg on ${de('cfg')}
      where ${de('c')} and c.id = ${h.idTercero}
        and coalesce(c.canal_efactura, nullif(cfg.canal_defecto, 'pdf_email')) is not null
      on conflict do nothing`,
  );
}
