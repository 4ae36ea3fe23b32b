import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * TicketBAI: B gets a signed-file row (its XML and number carry the sentinel) and its queue row,
 * written in SQL (a real file needs B to be a Basque company with a certificate, which would change B for the
 * other areas). A calls every route with an id using B's ids: each looks the row up in A's company first → 404.
 */
const E = '/api/impuestos/lroefactemitidas';
let idFichero = 0;
let idDocumento = 0;
let idCompra = 0;

export const ticketbaiIsolation: IsolationArea = {
  async seedB({ t, bEmpresaId, sentinel }: IsolationContext) {
    const [doc] = await t.database.query<{ id: number }>(
      'select id from documentos_venta where empresa_id = $1 order by id limit 1',
      [bEmpresaId],
    );
    idDocumento = Number(doc?.id ?? 987_654_321);
    const [fila] = await t.database.query<{ id: number }>(
      `insert into ticketbai_registros (empresa_id, clase, provincia, id_documento, serie, numero, fecha, secuencia,
         identificador, signature_value, xml)
       values ($1, 'alta', 'gipuzkoa', $2, 'B-', $3, '2026-03-02', 1, null, 'firma', $4) returning id`,
      [bEmpresaId, idDocumento, sentinel.slice(0, 20), `<T:TicketBai>${sentinel}</T:TicketBai>`],
    );
    idFichero = Number(fila!.id);
    await t.database.query('insert into ticketbai_cola (empresa_id, id_registro) values ($1, $2)', [
      bEmpresaId,
      idFichero,
    ]);
    const [compra] = await t.database.query<{ id: number }>(
      'select id from documentos_compra where empresa_id = $1 order by id limit 1',
      [bEmpresaId],
    );
    idCompra = Number(compra?.id ?? 987_654_321);
  },
  explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
    return {
      [`GET ${E}/edit/:id`]: () => a.request('GET', `${E}/edit/${idFichero}`),
      [`GET ${E}/xml/:id`]: () => a.request('GET', `${E}/xml/${idFichero}`),
      [`GET ${E}/factura/:id`]: () => a.request('GET', `${E}/factura/${idDocumento}`),
      // The chain check reads every series of the caller's company only: B's file is never among its records.
      [`GET ${E}/verificar`]: async () => {
        const res = await a.request('GET', `${E}/verificar`);
        const ids = (res.body?.Cadenas ?? []).flatMap((c: { Incidencias: { Id: number }[] }) => c.Incidencias);
        if (ids.some((i: { Id: number }) => i.Id === idFichero)) throw new Error('B’s file in A’s chain check');
        return res;
      },
      'POST /api/impuestos/lroefactrecibidas/marcar/:id': () =>
        a.request('POST', `/api/impuestos/lroefactrecibidas/marcar/${idCompra}`, {}),
    };
  },
  async verifyB({ t, bEmpresaId, sentinel }: IsolationContext) {
    const filas = await t.database.query<{ xml: string }>(
      'select xml from ticketbai_registros where empresa_id = $1 and id = $2',
      [bEmpresaId, idFichero],
    );
    const [marcada] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from lroe_recibidas where empresa_id = $1',
      [bEmpresaId],
    );
    if (!filas[0]?.xml.includes(sentinel) || Number(marcada!.n) !== 0)
      throw new Error('B’s TicketBAI rows were touched');
  },
};
