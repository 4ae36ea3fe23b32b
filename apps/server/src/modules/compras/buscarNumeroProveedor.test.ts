import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { terceroConNif } from '../../../test/datosDemo.ts';

/**
 * The purchases lists' search box finds a received invoice by the supplier's own number (the one on the paper,
 * `NumFacturaProveedor`), as it does by the registration number, the supplier's name or NIF.
 */
let id: number;
const lista = (ruta: string, Buscar: string) =>
  demo.request('GET', `/api/${ruta}/list?Filtros=${encodeURIComponent(JSON.stringify({ Buscar }))}`);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const proveedor = await terceroConNif(demo, 'compras/proveedores');
  const d = await demo.request('POST', '/api/compras/fcompra/save', {
    Proveedor: proveedor.Id,
    Fecha: '2026-02-10',
    NumFacturaProveedor: 'GM-2026/118',
    Lineas: [{ Descripcion: 'Gasóleo', Cantidad: '1', Precio: '80', TipoIva: 'IVA21' }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  id = d.body.Id;
  const r = await demo.request('POST', `/api/compras/fcompra/registrar/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});

describe("purchases list: search by the supplier's invoice number", () => {
  it('finds the invoice by its whole number and by a part of it, in any case', async () => {
    for (const q of ['GM-2026/118', 'gm-2026/11', '2026/118']) {
      const r = await lista('compras/fcompra', q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(
        r.body.Items.map((x: { Id: number }) => x.Id),
        q,
      ).toContain(id);
      expect(r.body.Items.find((x: { Id: number }) => x.Id === id).NumFacturaProveedor).toBe('GM-2026/118');
    }
    const nada = await lista('compras/fcompra', 'GM-2026/119');
    expect(nada.body.Items.map((x: { Id: number }) => x.Id)).not.toContain(id);
  });
});
