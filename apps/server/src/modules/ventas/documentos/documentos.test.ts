import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear } from '../../../../test/datosDemo.ts';

/** Sales documents over HTTP on both engines: CRUD, validation, issue, immutability, conversions, corrections. */
let cliente: { Id: number; Nombre: string; NIF: string };
let sinNif: number;
let producto: number;

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  const clientes = await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  cliente = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF);
  sinNif = await crear(demo, '/api/ventas/clientes/save', { Nombre: 'Cliente sin NIF' });
  producto = (await demo.request('GET', '/api/catalogo/productos/list')).body.Items[0].Id;
});

const linea = (over: Record<string, unknown> = {}) => ({
  Descripcion: 'Martillo',
  Cantidad: '2',
  Precio: '10.50',
  Descuento: '10',
  TipoIva: 'IVA21',
  ...over,
});
const borrador = async (base: string, over: Record<string, unknown> = {}) => {
  const res = await demo.request('POST', `/api/ventas/${base}/save`, {
    Cliente: cliente.Id,
    Fecha: '2026-03-02',
    Lineas: [
      linea(),
      linea({ Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', Descuento: null, TipoIva: 'IVA10' }),
    ],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('sales documents', () => {
  it('creates a draft invoice with authoritative totals and the customer data copied', async () => {
    const doc = await borrador('fventa', { Lineas: [linea({ IdProducto: producto })], BaseImponible: '1' });
    expect(doc.Numero).toBeNull();
    expect(doc.Estado).toBe('Provisional');
    expect(doc.ClienteNombre).toBe(cliente.Nombre);
    expect(doc.ClienteNIF).toBe(cliente.NIF);
    // 2 × 10.50 × 0.9 = 18.90; IVA 21 % = 3.97
    expect(doc.Lineas[0].Importe).toBe('18.90');
    expect(doc.BaseImponible).toBe('18.90');
    expect(doc.TotalIva).toBe('3.97');
    expect(doc.Total).toBe('22.87');
    expect(doc.Desglose).toHaveLength(1);
    const list = await demo.request('GET', '/api/ventas/fventa/list?Filtros={"Estado":"Provisional"}');
    expect(list.status).toBe(200);
    expect(list.body.Items.map((d: { Id: number }) => d.Id)).toContain(doc.Id);
  });

  it('applies the recargo de equivalencia of the customer and the document withholding', async () => {
    const rec = await crear(demo, '/api/ventas/clientes/save', {
      Nombre: 'Ferretería en recargo',
      NIF: '00000014Z',
      RegimenIva: 'recargo',
    });
    const doc = await borrador('fventa', {
      Cliente: rec,
      PorcRetencion: '15',
      Lineas: [linea({ Cantidad: '1', Precio: '100', Descuento: '0' })],
    });
    expect(doc.RegimenIva).toBe('recargo');
    expect(doc.BaseImponible).toBe('100.00');
    expect(doc.TotalIva).toBe('21.00');
    expect(doc.TotalRecargo).toBe('5.20');
    expect(doc.TotalRetencion).toBe('15.00');
    expect(doc.Total).toBe('111.20');
    expect(doc.Lineas[0].PorcentajeRecargo).toBe('5.20');
  });

  it('validates in Spanish: unknown customer, product and VAT type, empty lines, wrong numbers', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await demo.request('POST', '/api/ventas/fventa/save', {
        Cliente: cliente.Id,
        Fecha: '2026-03-02',
        Lineas: [linea()],
        ...body,
      });
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    expect(await bad({ Cliente: 99999999 })).toContain('El cliente no existe');
    expect(await bad({ Lineas: [linea({ IdProducto: 99999999 })] })).toContain('el producto no existe');
    expect(await bad({ Lineas: [linea({ TipoIva: 'NOPE' })] })).toContain('el tipo de IVA NOPE no existe');
    expect(await bad({ Lineas: [] })).toContain('al menos una línea');
    expect(await bad({ Lineas: [linea({ Cantidad: 'dos' })] })).toContain('El formato es incorrecto');
    expect(await bad({ Fecha: '02/03/2026' })).toContain('El formato es incorrecto');
  });

  it('updates and deletes drafts', async () => {
    const doc = await borrador('pventa');
    expect(doc.Estado).toBe('Activo');
    expect(doc.NumSerie).toMatch(/^P/);
    const upd = await demo.request('PUT', `/api/ventas/pventa/save/${doc.Id}`, {
      Cliente: cliente.Id,
      Fecha: '2026-03-03',
      Lineas: [linea({ Cantidad: '1', Descuento: '0' })],
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.BaseImponible).toBe('10.50');
    expect(upd.body.Lineas).toHaveLength(1);
    expect((await demo.request('DELETE', `/api/ventas/pventa/delete/${doc.Id}`)).status).toBe(200);
    expect((await demo.request('GET', `/api/ventas/pventa/edit/${doc.Id}`)).status).toBe(404);
    // A quote is not an invoice: another kind's route does not find it.
    const q = await borrador('pventa');
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${q.Id}`)).status).toBe(404);
  });

  it('issues an invoice once, then refuses changes through the API and through SQL', async () => {
    const doc = await borrador('fventa', { Fecha: '2026-04-01' });
    const res = await demo.request('POST', `/api/ventas/fventa/emitir/${doc.Id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Estado).toBe('Emitida');
    expect(res.body.Numero).toBeGreaterThan(0);
    expect(res.body.NumSerie).toMatch(/^F/);
    expect(res.body.EstadoCobro).toBe('Pendiente');
    const again = await demo.request('POST', `/api/ventas/fventa/emitir/${doc.Id}`);
    expect(again.status).toBe(400);
    expect(again.body.Mensaje).toContain('ya está emitida');
    const put = await demo.request('PUT', `/api/ventas/fventa/save/${doc.Id}`, {
      Cliente: cliente.Id,
      Fecha: '2026-04-01',
      Lineas: [linea()],
    });
    expect(put.status).toBe(400);
    expect(put.body.Mensaje).toContain('emitida');
    expect((await demo.request('DELETE', `/api/ventas/fventa/delete/${doc.Id}`)).status).toBe(400);
    await expect(t.database.query(`update documentos_venta set total = 0 where id = ${doc.Id}`)).rejects.toThrow(
      'no se puede modificar',
    );
    await expect(
      t.database.query(`update documentos_venta set estado = 'Provisional' where id = ${doc.Id}`),
    ).rejects.toThrow('no se puede modificar');
    await expect(t.database.query(`delete from documentos_venta where id = ${doc.Id}`)).rejects.toThrow(
      'no se puede borrar',
    );
    await expect(
      t.database.query(`update documentos_venta_lineas set precio = 1 where id_documento = ${doc.Id}`),
    ).rejects.toThrow('no se pueden modificar');
    await expect(
      t.database.query(`delete from documentos_venta_lineas where id_documento = ${doc.Id}`),
    ).rejects.toThrow('no se pueden modificar');
    // The collection status may change.
    await t.database.query(`update documentos_venta set estado_cobro = 'Cobrado' where id = ${doc.Id}`);
    const after = await demo.request('GET', `/api/ventas/fventa/edit/${doc.Id}`);
    expect(after.body.EstadoCobro).toBe('Cobrado');
    expect(after.body.Total).toBe(doc.Total);
  });

  it('requires the NIF on full invoices and the limit on simplified ones', async () => {
    const f1 = await borrador('fventa', { Cliente: sinNif, Fecha: '2026-04-02' });
    const r1 = await demo.request('POST', `/api/ventas/fventa/emitir/${f1.Id}`);
    expect(r1.status).toBe(400);
    expect(JSON.stringify(r1.body)).toContain('NIF');
    const f2 = await borrador('fventa', { Cliente: sinNif, Fecha: '2026-04-02', Simplificada: true });
    expect(f2.Tipo).toBe('simplificada');
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${f2.Id}`)).status).toBe(200);
    const big = await borrador('fventa', {
      Cliente: sinNif,
      Fecha: '2026-04-02',
      Simplificada: true,
      Lineas: [linea({ Cantidad: '1', Precio: '400', Descuento: '0' })],
    });
    const r2 = await demo.request('POST', `/api/ventas/fventa/emitir/${big.Id}`);
    expect(r2.status).toBe(400);
    expect(r2.body.Mensaje).toContain('400 €');
    const r3 = await demo.request('POST', `/api/ventas/fventa/emitir/${big.Id}`, { Minorista: true });
    expect(r3.status, JSON.stringify(r3.body)).toBe(200);
  });

  it('converts quote → order → delivery notes → one invoice, keeping line origins and the chain', async () => {
    const q = await borrador('pventa');
    const pedido = await demo.request('POST', `/api/ventas/pventa/convertir/${q.Id}`, {
      Destino: 'dventa',
      Fecha: '2026-03-02',
    });
    expect(pedido.status, JSON.stringify(pedido.body)).toBe(201);
    expect(pedido.body.Tipo).toBe('pedido');
    expect(pedido.body.Lineas.map((l: { IdLineaOrigen: number }) => l.IdLineaOrigen)).toHaveLength(2);
    const alb1 = await demo.request('POST', `/api/ventas/dventa/convertir/${pedido.body.Id}`, {
      Destino: 'aventa',
      Fecha: '2026-03-02',
    });
    expect(alb1.status).toBe(201);
    expect((await demo.request('GET', `/api/ventas/dventa/edit/${pedido.body.Id}`)).body.Estado).toBe('Entregado');
    const alb2 = await borrador('aventa');
    const otro = await borrador('aventa', { Cliente: sinNif });
    const mixed = await demo.request('POST', `/api/ventas/aventa/convertir/${alb1.body.Id}`, {
      Destino: 'fventa',
      Ids: [otro.Id],
    });
    expect(mixed.status).toBe(400);
    const fac = await demo.request('POST', `/api/ventas/aventa/convertir/${alb1.body.Id}`, {
      Destino: 'fventa',
      Ids: [alb2.Id],
      Fecha: '2026-03-02',
    });
    expect(fac.status, JSON.stringify(fac.body)).toBe(201);
    expect(fac.body.Lineas).toHaveLength(4);
    expect(fac.body.Numero).toBeNull();
    expect((await demo.request('GET', `/api/ventas/aventa/edit/${alb2.Id}`)).body.Facturado).toBe(true);
    const twice = await demo.request('POST', `/api/ventas/aventa/convertir/${alb2.Id}`, { Destino: 'fventa' });
    expect(twice.status).toBe(400);
    const wrong = await demo.request('POST', `/api/ventas/aventa/convertir/${otro.Id}`, { Destino: 'pedido' });
    expect(wrong.status).toBe(400);
    const borrarConvertido = await demo.request('DELETE', `/api/ventas/pventa/delete/${q.Id}`);
    expect(borrarConvertido.status).toBe(400);
    expect(borrarConvertido.body.Mensaje).toContain('convertido');
    const hist = await demo.request('GET', `/api/ventas/docventahist/pventa/${q.Id}`);
    expect(hist.status).toBe(200);
    expect(hist.body.Items.map((d: { Tipo: string }) => d.Tipo).sort()).toEqual(
      ['albaran', 'albaran', 'factura', 'pedido', 'presupuesto'].sort(),
    );
  });

  it('converts part of the lines and leaves the origin not invoiced until every line is', async () => {
    const alb = await borrador('aventa');
    const [l1, l2] = alb.Lineas.map((l: { Id: number }) => l.Id);
    const part = await demo.request('POST', `/api/ventas/aventa/convertir/${alb.Id}`, {
      Destino: 'fventa',
      Lineas: [l1],
      Fecha: '2026-03-02',
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.Lineas.map((l: { IdLineaOrigen: number }) => l.IdLineaOrigen)).toEqual([l1]);
    expect((await demo.request('GET', `/api/ventas/aventa/edit/${alb.Id}`)).body.Facturado).toBe(false);
    const again = await demo.request('POST', `/api/ventas/aventa/convertir/${alb.Id}`, {
      Destino: 'fventa',
      Lineas: [l1],
      Fecha: '2026-03-02',
    });
    expect(again.status).toBe(400);
    expect(again.body.Mensaje).toContain('ya se ha convertido');
    const rest = await demo.request('POST', `/api/ventas/aventa/convertir/${alb.Id}`, {
      Destino: 'fventa',
      Lineas: [l2],
      Fecha: '2026-03-02',
    });
    expect(rest.status).toBe(201);
    expect((await demo.request('GET', `/api/ventas/aventa/edit/${alb.Id}`)).body.Facturado).toBe(true);
  });

  it('rectifies an issued invoice in its own series and cancels where allowed', async () => {
    const doc = await borrador('fventa', { Fecha: '2026-05-01' });
    expect(
      (await demo.request('POST', `/api/ventas/fventa/rectificar/${doc.Id}`, { TipoRectificativa: 'R1', Modo: 'I' }))
        .status,
    ).toBe(400);
    const emitida = (await demo.request('POST', `/api/ventas/fventa/emitir/${doc.Id}`)).body;
    const rect = await demo.request('POST', `/api/ventas/fventa/rectificar/${doc.Id}`, {
      TipoRectificativa: 'R1',
      Modo: 'I',
      Fecha: '2026-05-02',
    });
    expect(rect.status, JSON.stringify(rect.body)).toBe(201);
    expect(rect.body.Tipo).toBe('rectificativa');
    expect(rect.body.IdRectificada).toBe(doc.Id);
    expect(rect.body.Serie).not.toBe(emitida.Serie);
    expect(rect.body.Total).toBe(`-${emitida.Total}`);
    const issued = await demo.request('POST', `/api/ventas/fventa/emitir/${rect.body.Id}`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.NumSerie).toMatch(/^R/);
    const pdf = await demo.request('GET', `/api/ventas/fventa/pdf/${rect.body.Id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body).slice(0, 5)).toBe('%PDF-');
    const hist = await demo.request('GET', `/api/ventas/docventahist/fventa/${doc.Id}`);
    expect(hist.body.Items).toHaveLength(2);
    const back = await demo.request('GET', `/api/ventas/docventahist/fventa/${rect.body.Id}`);
    expect(back.body.Items.map((d: { Id: number }) => d.Id).sort()).toEqual([doc.Id, rect.body.Id].sort());
    // Cancelling: issued without collections yes; twice no; with collections no.
    const an = await demo.request('POST', `/api/ventas/fventa/anular/${doc.Id}`);
    expect(an.status, JSON.stringify(an.body)).toBe(200);
    expect(an.body.Estado).toBe('Anulada');
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${doc.Id}`)).status).toBe(400);
    const cobrada = await borrador('fventa', { Fecha: '2026-05-03' });
    await demo.request('POST', `/api/ventas/fventa/emitir/${cobrada.Id}`);
    await t.database.query(`update documentos_venta set estado_cobro = 'Cobrado' where id = ${cobrada.Id}`);
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${cobrada.Id}`)).status).toBe(400);
  });

  it('records collections and updates the collection status', async () => {
    const doc = await borrador('fventa', { Fecha: '2026-06-15' });
    const emitida = (await demo.request('POST', `/api/ventas/fventa/emitir/${doc.Id}`)).body;
    const cuenta = (await demo.request('GET', '/api/tesoreria/tesoreria/list')).body.Items[0].Id;
    const cobro = (Importe: string) =>
      demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
        IdFactura: doc.Id,
        Fecha: '2026-06-20',
        Importe,
        IdTesoreria: cuenta,
      });
    const parcial = await cobro('10');
    expect(parcial.status, JSON.stringify(parcial.body)).toBe(201);
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${doc.Id}`)).body.EstadoCobro).toBe(
      'Cobrado parcialmente',
    );
    expect((await cobro('100000')).status).toBe(400);
    const resto = (Number(emitida.Total) - 10).toFixed(2);
    expect((await cobro(resto)).status).toBe(201);
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${doc.Id}`)).body.EstadoCobro).toBe('Cobrado');
    expect((await demo.request('DELETE', `/api/tesoreria/movstesoreriac/delete/${parcial.body.Id}`)).status).toBe(200);
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${doc.Id}`)).body.EstadoCobro).toBe(
      'Cobrado parcialmente',
    );
    const list = await demo.request('GET', `/api/tesoreria/movstesoreriac/list?Filtros={"IdFactura":${doc.Id}}`);
    expect(list.body.Total).toBe(1);
    const draft = await borrador('fventa', { Fecha: '2026-06-15' });
    expect(
      (
        await demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
          IdFactura: draft.Id,
          Fecha: '2026-06-20',
          Importe: '1',
          IdTesoreria: cuenta,
        })
      ).status,
    ).toBe(400);
  });

  it('gives DEMO documents in every status', async () => {
    const estados = async (r: string) =>
      new Set(
        (await demo.request('GET', `/api/ventas/${r}/list?TotalPagina=200`)).body.Items.map(
          (d: { Estado: string }) => d.Estado,
        ),
      );
    expect([...(await estados('pventa'))]).toEqual(expect.arrayContaining(['Activo', 'Anulada']));
    expect([...(await estados('dventa'))]).toEqual(expect.arrayContaining(['Pendiente', 'Entregado']));
    expect([...(await estados('aventa'))]).toEqual(expect.arrayContaining(['Pendiente']));
    expect([...(await estados('fventa'))]).toEqual(expect.arrayContaining(['Provisional', 'Emitida', 'Anulada']));
  });

  it('refuses an issue date earlier than the last number of the series', async () => {
    const late = await borrador('fventa', { Fecha: '2026-06-25' });
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${late.Id}`)).status).toBe(200);
    const early = await borrador('fventa', { Fecha: '2026-06-20' });
    const res = await demo.request('POST', `/api/ventas/fventa/emitir/${early.Id}`);
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toContain('anterior');
    expect((await demo.request('GET', `/api/ventas/fventa/edit/${early.Id}`)).body.Numero).toBeNull();
  });
});
