import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { terceroConNif } from '../../../../test/datosDemo.ts';

/** Partial conversions of line quantities over HTTP on both engines. */
let cliente: number;
/** Today: numbered series refuse a date before their last number (the demo seed numbers recent documents). */
const HOY = new Date().toISOString().slice(0, 10);

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  cliente = (await terceroConNif(demo, 'ventas/clientes')).Id;
});

interface LineaJson {
  Id: number;
  Cantidad: string;
  Importe: string;
  IdLineaOrigen: number | null;
  Servido?: string;
  PendienteServir?: string;
  Facturado?: string;
  PendienteFacturar?: string;
}

const pedido = async () => {
  const res = await demo.request('POST', '/api/ventas/dventa/save', {
    Cliente: cliente,
    Fecha: HOY,
    Lineas: [
      { Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', Descuento: '10', TipoIva: 'IVA21' },
      { Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { Id: number; Lineas: LineaJson[] };
};
const ver = async (recurso: string, id: number) => {
  const res = await demo.request('GET', `/api/ventas/${recurso}/edit/${id}`);
  expect(res.status).toBe(200);
  return res.body as { Estado: string; Facturado: boolean; Lineas: LineaJson[] };
};
const convertir = (recurso: string, id: number, body: Record<string, unknown>) =>
  demo.request('POST', `/api/ventas/${recurso}/convertir/${id}`, { Fecha: HOY, ...body });
const contar = async () => {
  const [r] = await t.database.query<{ d: number; l: number }>(
    'select (select count(*)::int from documentos_venta) as d, (select count(*)::int from documentos_venta_lineas) as l',
  );
  return r;
};

describe('partial conversions', () => {
  it('delivers an order in two notes, then invoices both; pending quantities shown per line', async () => {
    const p = await pedido();
    const [m, tor] = p.Lineas;
    expect(p.Lineas[0]!.PendienteServir).toBe('2.000');
    expect(p.Lineas[0]!.Servido).toBe('0.000');
    const a1 = await convertir('dventa', p.Id, {
      Destino: 'aventa',
      Lineas: [
        { Id: m!.Id, Cantidad: '1' },
        { Id: tor!.Id, Cantidad: '40,5' },
      ],
    });
    expect(a1.status, JSON.stringify(a1.body)).toBe(201);
    expect(a1.body.Lineas.map((l: LineaJson) => [l.Cantidad, l.IdLineaOrigen])).toEqual([
      ['1.000', m!.Id],
      ['40.500', tor!.Id],
    ]);
    // 1 × 10.50 − 10 % = 9.45; 40.5 × 0.05 = 2.03 (2.025 rounded half away)
    expect(a1.body.Lineas.map((l: LineaJson) => l.Importe)).toEqual(['9.45', '2.03']);
    expect(a1.body.BaseImponible).toBe('11.48');
    let o = await ver('dventa', p.Id);
    expect(o.Estado).toBe('Pendiente');
    expect(o.Lineas.map((l) => [l.Servido, l.PendienteServir])).toEqual([
      ['1.000', '1.000'],
      ['40.500', '59.500'],
    ]);
    expect(o.Lineas[0]!.PendienteFacturar).toBe('2.000');
    // The rest, without Lineas: every line's pending quantity.
    const a2 = await convertir('dventa', p.Id, { Destino: 'aventa' });
    expect(a2.status, JSON.stringify(a2.body)).toBe(201);
    expect(a2.body.Lineas.map((l: LineaJson) => l.Cantidad)).toEqual(['1.000', '59.500']);
    o = await ver('dventa', p.Id);
    expect(o.Estado).toBe('Entregado');
    expect(o.Lineas.map((l) => l.PendienteServir)).toEqual(['0.000', '0.000']);
    const again = await convertir('dventa', p.Id, { Destino: 'aventa' });
    expect(again.status).toBe(400);
    // Both notes into one invoice: the first only partly, then the rest.
    const a1Lineas = a1.body.Lineas as LineaJson[];
    const f1 = await convertir('aventa', a1.body.Id, {
      Destino: 'fventa',
      Lineas: [
        { Id: a1Lineas[1]!.Id, Cantidad: '0.5' },
        { Id: a1Lineas[0]!.Id, Cantidad: '0' },
      ],
    });
    expect(f1.status, JSON.stringify(f1.body)).toBe(201);
    expect(f1.body.Lineas).toHaveLength(1);
    expect((await ver('aventa', a1.body.Id)).Lineas.map((l) => l.PendienteFacturar)).toEqual(['1.000', '40.000']);
    const f2 = await convertir('aventa', a1.body.Id, { Destino: 'fventa', Ids: [a2.body.Id] });
    expect(f2.status, JSON.stringify(f2.body)).toBe(201);
    expect(f2.body.Lineas.map((l: LineaJson) => l.Cantidad)).toEqual(['1.000', '40.000', '1.000', '59.500']);
    expect((await ver('aventa', a1.body.Id)).Facturado).toBe(true);
    expect((await ver('aventa', a2.body.Id)).Facturado).toBe(true);
    const hist = await demo.request('GET', `/api/ventas/docventahist/dventa/${p.Id}`);
    expect(hist.body.Items.map((d: { Tipo: string }) => d.Tipo).sort()).toEqual(
      ['albaran', 'albaran', 'factura', 'factura', 'pedido'].sort(),
    );
  });

  it('refuses more than the pending quantity with a Spanish message under the line, writing nothing', async () => {
    const p = await pedido();
    const [m, tor] = p.Lineas;
    expect(
      (await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: m!.Id, Cantidad: '1.5' }] })).status,
    ).toBe(201);
    const antes = await contar();
    const over = await convertir('dventa', p.Id, {
      Destino: 'aventa',
      Lineas: [
        { Id: tor!.Id, Cantidad: '10' },
        { Id: m!.Id, Cantidad: '0.6' },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.Errores).toEqual([
      {
        Campo: 'Lineas[1].Cantidad',
        Mensaje: 'Línea 2: la cantidad supera la pendiente de llevar a este destino (0,5)',
      },
    ]);
    const negativa = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: m!.Id, Cantidad: '-1' }] });
    expect(negativa.status).toBe(400);
    expect(negativa.body.Errores[0].Campo).toBe('Lineas[0].Cantidad');
    const ceros = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: m!.Id, Cantidad: '0' }] });
    expect(ceros.status).toBe(400);
    expect(ceros.body.Mensaje).toContain('al menos una línea');
    const ajena = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: 99999999, Cantidad: '1' }] });
    expect(ajena.status).toBe(400);
    expect(ajena.body.Errores[0].Mensaje).toContain('no es de este documento');
    const mala = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: m!.Id, Cantidad: 'mucho' }] });
    expect(mala.status).toBe(400);
    expect(JSON.stringify(mala.body)).toContain('El formato es incorrecto');
    expect(await contar()).toEqual(antes);
    expect((await ver('dventa', p.Id)).Estado).toBe('Pendiente');
  });

  it('two conversions at once of the same quantity: one gets it, the other is refused', async () => {
    const p = await pedido();
    const pide = () =>
      convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: p.Lineas[0]!.Id, Cantidad: '1.5' }] });
    const res = await Promise.all([pide(), pide(), pide()]);
    expect(res.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect((await ver('dventa', p.Id)).Lineas[0]!.Servido).toBe('1.500');
  });

  it('frees the quantities of a cancelled or deleted destination, and the statuses go back', async () => {
    const p = await pedido();
    const a = await convertir('dventa', p.Id, { Destino: 'aventa' });
    expect(a.status).toBe(201);
    expect((await ver('dventa', p.Id)).Estado).toBe('Entregado');
    // A draft invoice of the whole note, deleted: the note is not invoiced any more.
    const f = await convertir('aventa', a.body.Id, { Destino: 'fventa' });
    expect(f.status).toBe(201);
    expect((await ver('aventa', a.body.Id)).Facturado).toBe(true);
    expect((await demo.request('DELETE', `/api/ventas/fventa/delete/${f.body.Id}`)).status).toBe(200);
    const nota = await ver('aventa', a.body.Id);
    expect(nota.Facturado).toBe(false);
    expect(nota.Lineas.map((l) => l.PendienteFacturar)).toEqual(['2.000', '100.000']);
    // An issued invoice of part of it, cancelled: invoiced, then free again.
    const parcial = await convertir('aventa', a.body.Id, {
      Destino: 'fventa',
      Lineas: [{ Id: nota.Lineas[1]!.Id, Cantidad: '100' }],
    });
    expect(parcial.status).toBe(201);
    const emitida = await demo.request('POST', `/api/ventas/fventa/emitir/${parcial.body.Id}`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    expect((await ver('aventa', a.body.Id)).Lineas.map((l) => l.PendienteFacturar)).toEqual(['2.000', '0.000']);
    const todo = await convertir('aventa', a.body.Id, { Destino: 'fventa', Lineas: [nota.Lineas[0]!.Id] });
    expect(todo.status).toBe(201);
    expect((await ver('aventa', a.body.Id)).Facturado).toBe(true);
    expect((await demo.request('DELETE', `/api/ventas/fventa/delete/${todo.body.Id}`)).status).toBe(200);
    expect((await demo.request('POST', `/api/ventas/fventa/anular/${parcial.body.Id}`)).status).toBe(200);
    expect((await ver('aventa', a.body.Id)).Lineas.map((l) => l.PendienteFacturar)).toEqual(['2.000', '100.000']);
    // Cancelling the note gives the order its quantities back.
    const an = await demo.request('POST', `/api/ventas/aventa/anular/${a.body.Id}`);
    expect(an.status, JSON.stringify(an.body)).toBe(200);
    const o = await ver('dventa', p.Id);
    expect(o.Estado).toBe('Pendiente');
    expect(o.Lineas.map((l) => [l.Servido, l.PendienteServir])).toEqual([
      ['0.000', '2.000'],
      ['0.000', '100.000'],
    ]);
    const otra = await convertir('dventa', p.Id, {
      Destino: 'aventa',
      Lineas: [{ Id: p.Lineas[0]!.Id, Cantidad: '2' }],
    });
    expect(otra.status, JSON.stringify(otra.body)).toBe(201);
    expect((await ver('dventa', p.Id)).Estado).toBe('Pendiente');
  });

  it('keeps the old shape of plain line ids: the whole pending quantity of each', async () => {
    const p = await pedido();
    const [m, tor] = p.Lineas;
    const parte = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [{ Id: m!.Id, Cantidad: '0.5' }] });
    expect(parte.status).toBe(201);
    const resto = await convertir('dventa', p.Id, { Destino: 'aventa', Lineas: [m!.Id, tor!.Id] });
    expect(resto.status, JSON.stringify(resto.body)).toBe(201);
    expect(resto.body.Lineas.map((l: LineaJson) => l.Cantidad)).toEqual(['1.500', '100.000']);
    const ya = await convertir('dventa', p.Id, { Destino: 'fventa', Lineas: [m!.Id] });
    expect(ya.status).toBe(201);
    const twice = await convertir('dventa', p.Id, { Destino: 'fventa', Lineas: [m!.Id] });
    expect(twice.status).toBe(400);
    expect(twice.body.Mensaje).toContain('ya se ha convertido');
  });

  it('edits keep line ids and origins, within the pending quantities', async () => {
    const p = await pedido();
    const a = await convertir('dventa', p.Id, {
      Destino: 'aventa',
      Lineas: [{ Id: p.Lineas[0]!.Id, Cantidad: '1' }],
    });
    expect(a.status).toBe(201);
    const nota = a.body as { Id: number; Lineas: LineaJson[] };
    const cuerpo = (cantidad: string, extra: unknown[] = []) => ({
      Cliente: cliente,
      Fecha: HOY,
      Lineas: [
        { Id: nota.Lineas[0]!.Id, Descripcion: 'Martillo', Cantidad: cantidad, Precio: '10.50', TipoIva: 'IVA21' },
        ...extra,
      ],
    });
    const mucho = await demo.request('PUT', `/api/ventas/aventa/save/${nota.Id}`, cuerpo('3'));
    expect(mucho.status).toBe(400);
    expect(mucho.body.Errores[0].Campo).toBe('Lineas[0].Cantidad');
    const ok = await demo.request(
      'PUT',
      `/api/ventas/aventa/save/${nota.Id}`,
      cuerpo('2', [{ Descripcion: 'Portes', Cantidad: '1', Precio: '5', TipoIva: 'IVA21' }]),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.Lineas[0].Id).toBe(nota.Lineas[0]!.Id);
    expect(ok.body.Lineas.map((l: LineaJson) => l.IdLineaOrigen)).toEqual([p.Lineas[0]!.Id, null]);
    let o = await ver('dventa', p.Id);
    expect(o.Lineas[0]!.PendienteServir).toBe('0.000');
    // The order: a delivered line can't go under what was delivered nor be removed.
    const base = { Cliente: cliente, Fecha: HOY };
    const [m, tor] = p.Lineas;
    const menos = await demo.request('PUT', `/api/ventas/dventa/save/${p.Id}`, {
      ...base,
      Lineas: [
        { Id: m!.Id, Descripcion: 'Martillo', Cantidad: '1', Precio: '10.50', TipoIva: 'IVA21' },
        { Id: tor!.Id, Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
      ],
    });
    expect(menos.status).toBe(400);
    expect(menos.body.Errores[0].Mensaje).toContain('ya llevada');
    const sin = await demo.request('PUT', `/api/ventas/dventa/save/${p.Id}`, {
      ...base,
      Lineas: [{ Id: tor!.Id, Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' }],
    });
    expect(sin.status).toBe(400);
    expect(sin.body.Mensaje).toContain('no se puede quitar');
    const mas = await demo.request('PUT', `/api/ventas/dventa/save/${p.Id}`, {
      ...base,
      Lineas: [
        { Id: m!.Id, Descripcion: 'Martillo', Cantidad: '5', Precio: '10.50', TipoIva: 'IVA21' },
        { Id: tor!.Id, Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
      ],
    });
    expect(mas.status, JSON.stringify(mas.body)).toBe(200);
    o = await ver('dventa', p.Id);
    expect(o.Lineas.map((l) => l.Id)).toEqual([m!.Id, tor!.Id]);
    expect(o.Lineas[0]!.PendienteServir).toBe('3.000');
    // Quantity lowered in the note: the delivered quantity follows.
    const baja = await demo.request('PUT', `/api/ventas/aventa/save/${nota.Id}`, cuerpo('0.5'));
    expect(baja.status, JSON.stringify(baja.body)).toBe(200);
    expect((await ver('dventa', p.Id)).Lineas[0]!.Servido).toBe('0.500');
    // Everything delivered, then the order grows: it is pending again (unless the save sets its status).
    expect((await convertir('dventa', p.Id, { Destino: 'aventa' })).status).toBe(201);
    expect((await ver('dventa', p.Id)).Estado).toBe('Entregado');
    const crece = await demo.request('PUT', `/api/ventas/dventa/save/${p.Id}`, {
      ...base,
      Estado: 'Entregado',
      Lineas: [
        { Id: m!.Id, Descripcion: 'Martillo', Cantidad: '6', Precio: '10.50', TipoIva: 'IVA21' },
        { Id: tor!.Id, Descripcion: 'Tornillos', Cantidad: '100', Precio: '0.05', TipoIva: 'IVA10' },
      ],
    });
    expect(crece.status, JSON.stringify(crece.body)).toBe(200);
    expect(crece.body.Estado).toBe('Pendiente');
    expect(crece.body.Lineas[0].PendienteServir).toBe('1.000');
  });
});
