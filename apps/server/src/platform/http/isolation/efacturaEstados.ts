import { multipartFile } from '../../../../test/multipart.ts';
import { ublRecibida } from '../../../modules/efactura/estados/estados.testkit.ts';
import type { Answer, IsolationArea, IsolationContext } from './types.ts';

/**
 * Received e-invoices' statuses: B imports an e-invoice of its sentinel supplier and accepts it. A, with B's ids,
 * gets 404 on the invoice's statuses, its decisions and the retry of B's status, nothing of B's in the list's
 * clocks, and B's status stays as it was (one, queued) whatever A sends.
 */
let idFactura = 0;
let idEstado = 0;
const RUTA = '/api/compras/fcompra/efactura';

export const efacturaEstadosIsolation: IsolationArea = {
  async seedB({ b, sentinel }: IsolationContext) {
    const proveedores = (await b.request('GET', '/api/compras/proveedores/list?TotalPagina=200')).body.Items;
    const nif = proveedores.find((p: Record<string, unknown>) => p.Nombre === sentinel && p.NIF)?.NIF;
    const xml = ublRecibida({ numero: 'AISL-EST-1', nif, fecha: '2026-03-02', nombre: sentinel });
    const m = multipartFile('estado.xml', xml, 'application/xml');
    const importada = await b.request('POST', '/api/compras/fcompra/importar-xml', m.body, m.headers);
    if (importada.status !== 201) throw new Error(`B no pudo importar su factura: ${JSON.stringify(importada.body)}`);
    idFactura = importada.body.Id;
    const aceptada = await b.request('POST', `${RUTA}/aceptar/${idFactura}`, {});
    if (aceptada.status !== 201) throw new Error(`B no pudo aceptar su factura: ${JSON.stringify(aceptada.body)}`);
    idEstado = aceptada.body.Id;
  },
  explicit({ a }: IsolationContext): Record<string, () => Promise<Answer>> {
    return {
      [`GET ${RUTA}/:id`]: () => a.request('GET', `${RUTA}/${idFactura}`),
      [`POST ${RUTA}/aceptar/:id`]: () => a.request('POST', `${RUTA}/aceptar/${idFactura}`, {}),
      [`POST ${RUTA}/rechazar/:id`]: () =>
        a.request('POST', `${RUTA}/rechazar/${idFactura}`, { Motivo: 'OTH', Detalle: 'Aislamiento' }),
      [`POST ${RUTA}/reintentar/:id`]: () => a.request('POST', `${RUTA}/reintentar/${idEstado}`, {}),
      [`GET ${RUTA}/plazos`]: async () => {
        const res = await a.request('GET', `${RUTA}/plazos?Ids=${idFactura}`);
        if (res.status !== 200 || res.body.Items.length) throw new Error(`A ve los plazos de B: ${res.status}`);
        return res;
      },
    };
  },
  async verifyB({ b }: IsolationContext) {
    const vista = await b.request('GET', `${RUTA}/${idFactura}`);
    const estados = vista.body.Estados as { Tipo: string; Envio: string }[];
    if (estados.length !== 1 || estados[0]!.Tipo !== 'aceptada' || estados[0]!.Envio !== 'generado')
      throw new Error(`Los estados de B han cambiado: ${JSON.stringify(estados)}`);
  },
};
