import { crear } from '../../../../test/datosDemo.ts';
import type { Session } from '../../../../test/testApp.ts';

/** A new B2B customer with a full Spanish address (what EN 16931 asks of the buyer) and these e-invoice fields. */
export function clienteEfactura(s: Session, nif: string, campos: Record<string, unknown>) {
  return s.request('POST', '/api/ventas/clientes/save', {
    Nombre: `Cliente e-factura ${nif}`,
    NIF: nif,
    Email: 'compras@cliente.example',
    Direccion: 'Calle Mayor 1',
    CodPostal: '28001',
    Poblacion: 'Madrid',
    Provincia: '28',
    Pais: 'ES',
    ...campos,
  });
}

/** Issues a one-line invoice to the customer; its id. */
export async function emitirFactura(s: Session, idCliente: number, precio = '100'): Promise<number> {
  const id = await crear(s, '/api/ventas/fventa/save', {
    Cliente: idCliente,
    Fecha: '2026-03-02',
    Lineas: [{ Descripcion: 'Servicio de consultoría', Cantidad: '1', Precio: precio, TipoIva: 'IVA21' }],
  });
  const r = await s.request('POST', `/api/ventas/fventa/emitir/${id}`, {});
  if (r.status !== 200) throw new Error(`No se emitió la factura: ${JSON.stringify(r.body)}`);
  return id;
}

/** The invoice's sends. */
export async function enviosDe(s: Session, id: number) {
  const r = await s.request('GET', `/api/ventas/fventa/efactura/${id}`);
  return r.body.Envios as Record<string, unknown>[];
}
