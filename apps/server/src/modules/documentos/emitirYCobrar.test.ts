import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { filtrosUrl, idDe, terceroConNif } from '../../../test/datosDemo.ts';

/**
 * Fewer steps: 'Emitir y cobrar' / 'Registrar y pagar' — `emitir|registrar/{id}` with `Pago` issues the invoice
 * and records its whole total as collected or paid in one transaction (dated the invoice's day unless told). A
 * payment refused leaves the draft a draft: no number, no payment.
 */
let cliente: number;
let proveedor: number;
let banco: number;
const ids: Record<string, number> = {};

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  ids.servicio = await idDe(demo, '/api/catalogo/productos', { Codigo: 'SER-001' });
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
  proveedor = (await terceroConNif(demo, 'compras/proveedores')).Id;
  banco = (await demo.request('GET', '/api/tesoreria/movstesoreria/saldos')).body.Items.find(
    (c: { Codigo: string }) => c.Codigo === 'BANCO',
  ).Id;
});

const lineas = () => [
  { IdProducto: ids.servicio, Descripcion: 'Montaje', Cantidad: '2', Precio: '20.5', TipoIva: 'IVA21' },
];
const pagosDe = async (ruta: string, id: number) =>
  (await demo.request('GET', `/api/tesoreria/${ruta}/list?Filtros=${filtrosUrl({ IdFactura: id })}`)).body.Items as {
    Fecha: string;
    Importe: string;
    IdTesoreria: number;
  }[];

const LADOS = [
  {
    nombre: 'issue and collect a sales invoice',
    borrador: () =>
      demo.request('POST', '/api/ventas/fventa/save', {
        Cliente: cliente,
        Fecha: '2026-06-15',
        Lineas: lineas(),
      }),
    accion: '/api/ventas/fventa/emitir',
    pagos: 'movstesoreriac',
    estado: 'EstadoCobro',
    hecho: { Estado: 'Emitida', EstadoCobro: 'Cobrado' },
  },
  {
    nombre: 'register and pay a received invoice',
    borrador: () =>
      demo.request('POST', '/api/compras/fcompra/save', {
        Proveedor: proveedor,
        Fecha: '2026-06-15',
        NumFacturaProveedor: `YP-${Date.now()}`,
        Lineas: lineas(),
      }),
    accion: '/api/compras/fcompra/registrar',
    pagos: 'movstesoreriap',
    estado: 'EstadoPago',
    hecho: { Estado: 'Registrada', EstadoPago: 'Pagado' },
  },
];

describe.each(LADOS)('one step: $nombre', (lado) => {
  it('a refused payment (no such account, a wrong day) writes nothing: still a draft, no payment', async () => {
    const d = await lado.borrador();
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const id = d.body.Id as number;
    const sinCuenta = await demo.request('POST', `${lado.accion}/${id}`, { Pago: { IdTesoreria: 999_999_999 } });
    expect(sinCuenta.status).toBe(400);
    expect(sinCuenta.body.Errores).toEqual([{ Campo: 'IdTesoreria', Mensaje: 'La cuenta de tesorería no existe' }]);
    const malDia = await demo.request('POST', `${lado.accion}/${id}`, {
      Pago: { IdTesoreria: banco, Fecha: '2026-02-30' },
    });
    expect(malDia.status).toBe(400);
    expect(malDia.body.Errores[0].Campo).toBe('Pago.Fecha');
    const leida = (await demo.request('GET', `${lado.accion.replace(/\/(emitir|registrar)$/, '/edit')}/${id}`)).body;
    expect(leida.Numero).toBeNull();
    expect(leida[lado.estado]).toBe('Pendiente');
    expect(await pagosDe(lado.pagos, id)).toEqual([]);
  });

  it('issues and records the whole total, dated the invoice day unless another is given', async () => {
    const d = await lado.borrador();
    const r = await demo.request('POST', `${lado.accion}/${d.body.Id}`, { Pago: { IdTesoreria: banco } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject(lado.hecho);
    expect(r.body.Numero).not.toBeNull();
    expect(await pagosDe(lado.pagos, d.body.Id)).toMatchObject([
      { Fecha: '2026-06-15', Importe: r.body.Total, IdTesoreria: banco },
    ]);
    const otro = await lado.borrador();
    const conDia = await demo.request('POST', `${lado.accion}/${otro.body.Id}`, {
      Pago: { IdTesoreria: banco, Fecha: '2026-06-20' },
    });
    expect(conDia.status).toBe(200);
    expect((await pagosDe(lado.pagos, otro.body.Id))[0]?.Fecha).toBe('2026-06-20');
  });
});
