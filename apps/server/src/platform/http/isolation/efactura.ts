import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * E-invoices: A asks for the UBL of B's issued invoice with B's id; the route loads the invoice in A's company
 * first → 404, and nothing of B's invoice is written out.
 */
let idFactura = 0;

export const efacturaIsolation: IsolationArea = {
  async seedB({ t, bEmpresaId }: IsolationContext) {
    const [f] = await t.database.query<{ id: number }>(
      `select id from documentos_venta where empresa_id = $1 and num_serie is not null
         and tipo in ('factura', 'simplificada', 'rectificativa') order by id limit 1`,
      [bEmpresaId],
    );
    idFactura = Number(f?.id ?? 987_654_321);
  },
  explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
    return {
      'GET /api/ventas/fventa/ubl/:id': () => a.request('GET', `/api/ventas/fventa/ubl/${idFactura}`),
      'GET /api/ventas/fventa/facturae/:id': () => a.request('GET', `/api/ventas/fventa/facturae/${idFactura}`),
    };
  },
};
