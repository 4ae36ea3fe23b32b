import { describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { listaDocumentos, terceroConNif } from '../../../../test/datosDemo.ts';

/** The invoice list's status filter NoAnulada (spec section 4: provisional or issued), on both engines. */
type Doc = { Id: number; Estado: string };
const lista = (filtros: Record<string, unknown>) => listaDocumentos<Doc>(demo, '/api/ventas/fventa', filtros);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');

describe("the invoice filter 'NoAnulada'", () => {
  it('lists provisional and issued invoices and leaves the cancelled ones out', async () => {
    const cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
    const cuerpo = {
      Cliente: cliente,
      Fecha: '2026-05-04',
      Lineas: [{ Descripcion: 'Martillo', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' }],
    };
    const borrador = await demo.request('POST', '/api/ventas/fventa/save', cuerpo);
    expect(borrador.status, JSON.stringify(borrador.body)).toBe(201);
    const aAnular = await demo.request('POST', '/api/ventas/fventa/save', cuerpo);
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${aAnular.body.Id}`)).status).toBe(200);
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${aAnular.body.Id}`)).status).toBe(200);

    const noAnuladas = await lista({ Estado: 'NoAnulada', FechaDesde: '2026-05-04', FechaHasta: '2026-05-04' });
    const ids = noAnuladas.Items.map((d) => d.Id);
    expect(ids).toContain(borrador.body.Id);
    expect(ids).not.toContain(aAnular.body.Id);
    expect(noAnuladas.Items.every((d) => d.Estado === 'Provisional' || d.Estado === 'Emitida')).toBe(true);

    // Over the whole list: NoAnulada and Anulada split every invoice between them.
    const [todas, anuladas, sinAnular] = [
      await lista({}),
      await lista({ Estado: 'Anulada' }),
      await lista({ Estado: 'NoAnulada' }),
    ];
    expect(anuladas.Total).toBeGreaterThan(0);
    expect(sinAnular.Total + anuladas.Total).toBe(todas.Total);
  });
});
