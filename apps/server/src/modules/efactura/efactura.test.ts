import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../test/appDePruebas.ts';
import { crear, idEmpresa, terceroConNif } from '../../../test/datosDemo.ts';
import { type Emitida, facturasEmitidas, pedirUbl } from './efactura.testkit.ts';
import { MSG_EFACTURA } from './rutas.ts';
import { asegurarSef, raizUbl, validarXsdUbl } from './validador.ts';

/** The e-invoice route: file, versions, refusals, and a rule broken by the company's data named in Spanish. */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
let emitidas: Emitida[] = [];

beforeAll(async () => {
  await asegurarSef();
  emitidas = await facturasEmitidas(t);
}, 300_000);

describe('GET /api/ventas/fventa/ubl/:id', () => {
  it('names the file by the invoice number, names the corrected invoice and serves UBL 2.5 on request', async () => {
    const e = emitidas.find((x) => x.codigo === 'DEMO' && x.tipo === 'rectificativa')!;
    const v21 = await pedirUbl(demo, e.id);
    expect(v21.status).toBe(200);
    expect(v21.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(v21.headers['content-disposition']).toMatch(/^attachment; filename="factura-[\w.-]+\.xml"$/);
    expect(v21.body as string).toMatch(/<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>[^<]+<\/cbc:ID>/);
    const v25 = await pedirUbl(demo, e.id, '2.5');
    expect(v25.status).toBe(200);
    expect(v25.body as string).toContain('<cbc:UBLVersionID>2.5</cbc:UBLVersionID>');
    expect(await validarXsdUbl(v25.body as string, raizUbl(v25.body as string), '2.5')).toEqual([]);
  });

  it('refuses a draft (409), an unknown version (400) and another company’s or a missing invoice (404)', async () => {
    const cliente = await terceroConNif(demo, 'ventas/clientes');
    const borrador = await crear(demo, '/api/ventas/fventa/save', {
      Cliente: cliente.Id,
      Fecha: '2026-03-02',
      Lineas: [{ Descripcion: 'Servicio', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
    });
    const res = await pedirUbl(demo, borrador);
    expect(res.status).toBe(409);
    expect(res.body.Mensaje).toBe(MSG_EFACTURA.borrador);

    const emitida = emitidas.find((x) => x.codigo === 'DEMO')!;
    const version = await pedirUbl(demo, emitida.id, '3.0');
    expect(version.status).toBe(400);
    expect(version.body.Errores[0].Campo).toBe('Version');

    const ajena = emitidas.find((x) => x.codigo !== 'DEMO')!;
    expect((await pedirUbl(demo, ajena.id)).status).toBe(404);
    expect((await pedirUbl(demo, 987_654_321)).status).toBe(404);
  });

  describe('with data that break a rule', () => {
    let nif = '';
    let empresaId = 0;
    beforeAll(async () => {
      empresaId = await idEmpresa(t);
      const [e] = await t.database.query<{ nif: string }>('select nif from empresas where id = $1', [empresaId]);
      nif = e!.nif;
      // A seller without a tax id cannot invoice VAT at the standard rate (BR-S-02, BR-CO-26).
      await t.database.query(`update empresas set nif = '' where id = $1`, [empresaId]);
    });
    afterAll(() => t.database.query('update empresas set nif = $1 where id = $2', [nif, empresaId]));

    it('answers 422 naming the failed EN 16931 rules in Spanish, and serves nothing', async () => {
      const e = emitidas.find((x) => x.codigo === 'DEMO' && x.tipo === 'factura')!;
      const res = await pedirUbl(demo, e.id);
      expect(res.status).toBe(422);
      expect(res.body.Mensaje).toMatch(/^La factura electrónica no cumple la norma EN 16931: /);
      expect(res.body.Mensaje).toContain('BR-S-02 (IVA al tipo general)');
    });
  });
});
