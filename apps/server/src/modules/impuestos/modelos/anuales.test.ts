import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';

/**
 * The annual model 347 reads the same book rows as 303. An issued and a received invoice are rows of two tables,
 * so their ids may coincide: an issued invoice without IRPF whose id is also a received invoice's with IRPF is
 * still the customer's operation (its book, not its bare id, says which invoice carries the withholding). 2024 has
 * no other operations in the test template, so the customer's and supplier's totals are exactly these invoices.
 */
let t: TestApp;
let demo: Session;
const B = '/api/impuestos/modtributarios';
const periodo = (o: Record<string, string>) => encodeURIComponent(JSON.stringify(o));

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
});
afterAll(() => t.close());

async function tercero(ruta: 'ventas/clientes' | 'compras/proveedores', Nombre: string, NIF: string) {
  const r = await demo.request('POST', `/api/${ruta}/save`, { Nombre, NIF, CodPostal: '28001' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.Id as number;
}

describe('347 from the books: ids shared by the two books', () => {
  it('an issued invoice whose id is a received invoice with IRPF is declared for its customer', async () => {
    const cliente = await tercero('ventas/clientes', 'Cliente Colisión SL', 'B87654323');
    const proveedor = await tercero('compras/proveedores', 'Asesor Colisión', '00000024R');
    const venta = async () => {
      const r = await demo.request('POST', '/api/ventas/fventa/save', {
        Cliente: cliente,
        Fecha: '2024-11-15',
        Lineas: [{ Descripcion: 'Estanterías', Cantidad: '1', Precio: '4000', TipoIva: 'IVA21' }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.Id as number;
    };
    const compra = async () => {
      const r = await demo.request('POST', '/api/compras/fcompra/save', {
        Proveedor: proveedor,
        Fecha: '2024-11-20',
        NumFacturaProveedor: 'COL-1',
        PorcRetencion: '15',
        ClaveRetencion: '111',
        Lineas: [{ Descripcion: 'Asesoría fiscal', Cantidad: '1', Precio: '5000', TipoIva: 'IVA21' }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.Id as number;
    };
    // Both tables' next ids moved to the same number, as two books grown apart end up sharing some.
    await t.database.query(`select setval(pg_get_serial_sequence(x, 'id'), m) from (values ('documentos_venta'),
      ('documentos_compra')) s(x), (select greatest((select max(id) from documentos_venta),
      (select max(id) from documentos_compra)) + 100 as m) g`);
    const v = await venta();
    const c = await compra();
    expect(v).toBe(c);
    const emitida = await demo.request('POST', `/api/ventas/fventa/emitir/${v}`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    const registrada = await demo.request('POST', `/api/compras/fcompra/registrar/${c}`);
    expect(registrada.status, JSON.stringify(registrada.body)).toBe(200);

    // Both are in their books (and the issued one in 303).
    const libro = await demo.request(
      'GET',
      `/api/impuestos/factemitidas/list?Filtros=${periodo({ FechaDesde: '2024-01-01', FechaHasta: '2024-12-31' })}`,
    );
    expect(libro.body.Items.map((x: { Id: number; Total: string }) => [x.Id, x.Total])).toEqual([[v, '4840.00']]);
    const m303 = await demo.request('GET', `${B}/calcular/303/2024/4T`);
    expect(m303.body.Casillas).toMatchObject({ '07': '4000.00', '09': '840.00' });

    const m = await demo.request('GET', `${B}/calcular/347/2024/0A`);
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    // The customer is declared for the whole invoice; the professional's invoice with IRPF goes in 190, not here.
    expect(m.body.Declarados).toEqual([
      expect.objectContaining({
        NIF: 'B87654323',
        Clave: 'B',
        Importe: '4840.00',
        Trimestres: ['0.00', '0.00', '0.00', '4840.00'],
      }),
    ]);
    expect(m.body.Casillas).toMatchObject({ '01': '1', '02': '4840.00' });
  });
});
