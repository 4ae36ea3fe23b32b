import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * E-invoice sending queue: A asks for the sends of B's invoice and retries B's send with B's ids; both are looked
 * up in A's company → 404, and B's send stays as it was.
 */
let idFactura = 0;
let idEnvio = 0;

export const efacturaEnvioIsolation: IsolationArea = {
  async seedB({ t, bEmpresaId, sentinel }: IsolationContext) {
    const [f] = await t.database.query<{ id: number }>(
      `select id from documentos_venta where empresa_id = $1 and num_serie is not null
         and tipo in ('factura', 'simplificada', 'rectificativa') order by id limit 1`,
      [bEmpresaId],
    );
    idFactura = Number(f?.id ?? 987_654_321);
    const [e] = await t.database.query<{ id: number }>(
      `insert into efactura_envios (empresa_id, id_documento, canal, estado, descripcion_error)
         values ($1, $2, 'spfe', 'rechazado', $3) returning id`,
      [bEmpresaId, idFactura, sentinel],
    );
    idEnvio = Number(e!.id);
  },
  explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
    return {
      'GET /api/ventas/fventa/efactura/:id': () => a.request('GET', `/api/ventas/fventa/efactura/${idFactura}`),
      'POST /api/ventas/fventaefactura/reintentar/:id': () =>
        a.request('POST', `/api/ventas/fventaefactura/reintentar/${idEnvio}`, {}),
    };
  },
  async verifyB({ t }: IsolationContext) {
    const [e] = await t.database.query<{ estado: string }>('select estado from efactura_envios where id = $1', [
      idEnvio,
    ]);
    if (e?.estado !== 'rechazado') throw new Error('El envío de B ha cambiado');
  },
};
