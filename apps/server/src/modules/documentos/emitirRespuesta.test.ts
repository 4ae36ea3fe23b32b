import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { catalogoDemo, idDe, idEmpresa, terceroConNif } from '../../../test/datosDemo.ts';
import { hoyEspana } from './vencimientos.ts';

/**
 * `POST fventa/emitir/{id}` answers from what the issuing wrote (RETURNING of the header and the
 * instalments, the lines it kept or rewrote, the record's cotejo URL, the stock sync's warehouse) instead of reading
 * the invoice again. Its answer must be byte-equal to a fresh `GET fventa/edit/{id}` in every case that changes
 * those parts.
 */
let empresaId: number;
let cliente: number;
const ids: Record<string, number> = {};

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  Object.assign(ids, await catalogoDemo(demo));
  ids.plazos = await idDe(demo, '/api/configuracion/fpago', { Codigo: 'R306090' });
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
});

async function borrador(extra: Record<string, unknown>): Promise<number> {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: hoyEspana(),
    Lineas: [
      { IdProducto: ids.taladro, Descripcion: 'Taladro', Cantidad: '1', Precio: '50', TipoIva: 'IVA21' },
      { IdProducto: ids.servicio, Descripcion: 'Montaje', Cantidad: '2', Precio: '20.5', TipoIva: 'IVA10' },
    ],
    ...extra,
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  return d.body.Id;
}

/** Issues the draft and reads it back: the two answers, as bytes. */
async function emitirYLeer(id: number) {
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const g = await demo.request('GET', `/api/ventas/fventa/edit/${id}`);
  expect(g.status).toBe(200);
  return { emitida: e.body, leida: g.body };
}

describe('the issuing answer is edit/{id} of the issued invoice', () => {
  it('VeriFactu on, a warehouse, a stock product, three instalments: equal, with the QR URL and the number', async () => {
    await t.database.query("update empresas set tipo_factura_electronica = 'verifactu' where id = $1", [empresaId]);
    const id = await borrador({ IdAlmacen: ids.tienda, IdFormaPago: ids.plazos });
    const { emitida, leida } = await emitirYLeer(id);
    expect(JSON.stringify(emitida)).toBe(JSON.stringify(leida));
    expect(emitida.UrlQr).toMatch(/^https:\/\//);
    expect(emitida.NumSerie).toBeTruthy();
    expect(emitida.Estado).toBe('Emitida');
    expect(emitida.IdAlmacen).toBe(ids.tienda);
    expect(emitida.Vencimientos).toHaveLength(3);
  });

  it('lines rewritten by the recomputation (a stored amount was stale): the answer has the new lines', async () => {
    const id = await borrador({});
    const antes = await t.database.query<{ id: number }>(
      'select id from documentos_venta_lineas where id_documento = $1 order by orden',
      [id],
    );
    await t.database.query("update documentos_venta_lineas set importe = '1.00' where id_documento = $1", [id]);
    const { emitida, leida } = await emitirYLeer(id);
    expect(JSON.stringify(emitida)).toBe(JSON.stringify(leida));
    const nuevas = emitida.Lineas.map((l: { Id: number }) => l.Id);
    expect(nuevas).not.toEqual(antes.map((r) => Number(r.id)));
    expect(emitida.Lineas.map((l: { Importe: string }) => l.Importe)).toEqual(['50.00', '41.00']);
    expect(emitida.IdAlmacen).toBeNull();
  });

  it('VeriFactu off: equal, with no QR URL', async () => {
    await t.database.query("update empresas set tipo_factura_electronica = '' where id = $1", [empresaId]);
    try {
      const id = await borrador({ IdFormaPago: null });
      const { emitida, leida } = await emitirYLeer(id);
      expect(JSON.stringify(emitida)).toBe(JSON.stringify(leida));
      expect(emitida.UrlQr).toBeNull();
      expect(emitida.Vencimientos).toHaveLength(1);
    } finally {
      await t.database.query("update empresas set tipo_factura_electronica = 'verifactu' where id = $1", [empresaId]);
    }
  });
});
