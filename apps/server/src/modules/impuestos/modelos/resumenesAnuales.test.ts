import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';

/**
 * The annual summaries 390, 190 and 180 from the books of 2024 (before the templates' demo data; VeriFactu takes
 * issued invoices from 28-10-2024 on): a lawyer's invoice with IRPF (key 111) in March, a rent with IRPF (key 115)
 * in May, a sale at 21 % and a purchase in November. The first two quarters are negative and compensated in the
 * fourth. Each summary is the sum of its four periodic returns on the same rows, traced to its invoices, with its
 * AEAT file; the cross-check agrees (the year's own compensation explained) until the 4T 303 is presented and a
 * sale of its quarter is added afterwards.
 */
let t: TestApp;
let demo: Session;
const B = '/api/impuestos/modtributarios';
const ids: Record<string, number> = {};

async function tercero(
  ruta: 'ventas/clientes' | 'compras/proveedores',
  Nombre: string,
  NIF: string,
  CodPostal: string,
) {
  const r = await demo.request('POST', `/api/${ruta}/save`, { Nombre, NIF, CodPostal });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.Id as number;
}
async function venta(cliente: number, Fecha: string, Precio: string) {
  const f = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha,
    Lineas: [{ Descripcion: 'Servicio anual', Cantidad: '1', Precio, TipoIva: 'IVA21' }],
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${f.body.Id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return f.body.Id as number;
}
async function compra(Proveedor: number, Fecha: string, Precio: string, extra: Record<string, unknown> = {}) {
  const d = await demo.request('POST', '/api/compras/fcompra/save', {
    Proveedor,
    Fecha,
    NumFacturaProveedor: `ANU-${Fecha}`,
    Lineas: [{ Descripcion: 'Gasto', Cantidad: '1', Precio, TipoIva: 'IVA21' }],
    ...extra,
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const r = await demo.request('POST', `/api/compras/fcompra/registrar/${d.body.Id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d.body.Id as number;
}
const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
const eur = (c: number) => (c / 100).toFixed(2);
/** A file as the browser gets it: the bytes read as ISO-8859-1. */
async function fichero(modelo: string) {
  const f = await t.app.inject({
    method: 'GET',
    url: `${B}/fichero/${modelo}/2024/0A`,
    headers: { authorization: `Bearer ${demo.token}` },
  });
  expect(f.statusCode).toBe(200);
  expect(f.headers['content-type']).toContain('ISO-8859-1');
  return f.rawPayload.toString('latin1');
}
async function casillas(modelo: string, periodo: string): Promise<Record<string, string>> {
  const r = await demo.request('GET', `${B}/calcular/${modelo}/2024/${periodo}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Casillas;
}
async function sumaTrimestres(modelo: string, casilla: string) {
  let s = 0;
  for (const q of ['1T', '2T', '3T', '4T']) s += cents((await casillas(modelo, q))[casilla]);
  return eur(s);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  ids.cliente = await tercero('ventas/clientes', 'Cliente Anual SL', 'B87654323', '28001');
  ids.abogada = await tercero('compras/proveedores', 'Abogada Núñez', '00000024R', '08001');
  ids.casero = await tercero('compras/proveedores', 'Inmuebles Anuales SA', 'A58818501', '46001');
  ids.venta = await venta(ids.cliente, '2024-11-10', '1000');
  ids.abogado = await compra(ids.abogada, '2024-03-05', '500', { PorcRetencion: '15', ClaveRetencion: '111' });
  ids.alquiler = await compra(ids.casero, '2024-05-02', '800', { PorcRetencion: '19', ClaveRetencion: '115' });
  ids.material = await compra(ids.casero, '2024-11-20', '200');
});
afterAll(() => t.close());

describe('390, 190 and 180 from the same rows as 303, 111 and 115', () => {
  it("390 is the sum of the year's four 303s, each box traced to its invoices", async () => {
    const c = await casillas('390', '0A');
    expect(c).toMatchObject({ '05': '1000.00', '06': '210.00', '605': '1500.00', '606': '315.00' });
    expect(c['47']).toBe(await sumaTrimestres('303', '27'));
    expect(c['64']).toBe(await sumaTrimestres('303', '45'));
    expect(c['65']).toBe(await sumaTrimestres('303', '46'));
    expect(c['65']).toBe('-105.00');
    const traza = await demo.request('GET', `${B}/traza/390/2024/0A/605`);
    expect(traza.status, JSON.stringify(traza.body)).toBe(200);
    expect(traza.body.Lineas.map((l: { Id: number }) => l.Id).sort()).toEqual(
      [ids.abogado, ids.alquiler, ids.material].sort(),
    );
    const vol = await demo.request('GET', `${B}/traza/390/2024/0A/99`);
    expect(vol.body.Lineas.map((l: { Libro: string; Id: number }) => `${l.Libro}:${l.Id}`)).toEqual([
      `emitidas:${ids.venta}`,
    ]);
  });

  it('190 and 180: one perceptor each, the sums of the 111s and the 115s', async () => {
    const r190 = await demo.request('GET', `${B}/calcular/190/2024/0A`);
    expect(r190.status, JSON.stringify(r190.body)).toBe(200);
    expect(r190.body.Declarados).toEqual([
      expect.objectContaining({ NIF: '00000024R', Clave: 'G', Subclave: '01', Importe: '500.00', Retencion: '75.00' }),
    ]);
    expect(r190.body.Casillas['02']).toBe(await sumaTrimestres('111', '08'));
    expect(r190.body.Casillas['03']).toBe(await sumaTrimestres('111', '09'));
    const r180 = await demo.request('GET', `${B}/calcular/180/2024/0A`);
    expect(r180.body.Declarados).toEqual([
      expect.objectContaining({ NIF: 'A58818501', Importe: '800.00', Retencion: '152.00', Porcentaje: '19.00' }),
    ]);
    expect(r180.body.Casillas['03']).toBe(await sumaTrimestres('115', '03'));
    const traza = await demo.request('GET', `${B}/traza/180/2024/0A/03`);
    expect(traza.body.Lineas.map((l: { Id: number }) => l.Id)).toEqual([ids.alquiler]);
  });

  it('AEAT files: 390 in its BOE pages, 190 and 180 in 500-position records, ISO-8859-1', async () => {
    const texto = await fichero('390');
    expect(texto.startsWith('<T390020240A0000><AUX>')).toBe(true);
    expect(texto).toContain('<T39002000>');
    expect(texto.endsWith('</T390020240A0000>')).toBe(true);
    for (const m of ['190', '180']) {
      const lineas = (await fichero(m)).split('\r\n').filter(Boolean);
      expect(lineas.map((l) => [l.slice(0, 8), l.length])).toEqual([
        [`1${m}2024`, 500],
        [`2${m}2024`, 500],
      ]);
    }
    // The lawyer's name in ISO-8859-1: Ñ kept, accents off.
    expect((await fichero('190')).split('\r\n')[1]!.slice(35, 75).trimEnd()).toBe('ABOGADA NUÑEZ');
  });

  it('a 390 draft saved and presented like the other returns, its result the annual one (86)', async () => {
    const g = await demo.request('POST', `${B}/guardar/390/2024/0A`, {});
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    expect(g.body).toMatchObject({ Modelo: '390', Periodo: '0A', Estado: 'borrador', Resultado: '-105.00' });
    const p = await demo.request('POST', `${B}/presentar/${g.body.Id}`, {
      FechaPresentacion: '2025-01-28',
      Justificante: '3900000000001',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ Estado: 'presentada', Resultado: '-105.00' });
    expect((await demo.request('POST', `${B}/guardar/390/2024/0A`, {})).status).toBe(409);
  });

  it('an annual period only; a bad year is a Spanish 400', async () => {
    const q = await demo.request('GET', `${B}/calcular/390/2024/1T`);
    expect(q.status).toBe(400);
    expect(q.body.Mensaje).toBe('El modelo 390 se presenta con periodo anual (0A)');
    const y = await demo.request('GET', `${B}/comprobaciones/dosmil`);
    expect(y.status).toBe(400);
    expect(y.body.Mensaje).toBe('El ejercicio debe ser un año entre 2000 y 2100');
  });
});

describe('comprobaciones: each annual summary against its four periodic returns', () => {
  const modelo = (body: { Modelos: { Modelo: string }[] }, m: string) =>
    body.Modelos.find((x) => x.Modelo === m) as unknown as {
      Cuadra: boolean;
      Lineas: { Casilla: string; Anual: string; SumaPeriodos: string; Diferencia: string; Explicaciones: string[] }[];
    };

  it('the books and the unpresented periods agree', async () => {
    const r = await demo.request('GET', `${B}/comprobaciones/2024`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Modelos.map((m: { Modelo: string; Periodico: string }) => [m.Modelo, m.Periodico])).toEqual([
      ['390', '303'],
      ['190', '111'],
      ['180', '115'],
    ]);
    for (const m of ['390', '190', '180']) expect([m, modelo(r.body, m).Cuadra]).toEqual([m, true]);
    const l47 = modelo(r.body, '390').Lineas.find((l) => l.Casilla === '47')!;
    expect([l47.Anual, l47.SumaPeriodos, l47.Diferencia]).toEqual(['210.00', '210.00', '0.00']);
    // 1T −105 and 2T −168 carried to the 4T, which compensates 168: the 390's result is −105, the 303s' −273.
    const l86 = modelo(r.body, '390').Lineas.find((l) => l.Casilla === '86')!;
    expect([l86.Anual, l86.SumaPeriodos, l86.Diferencia]).toEqual(['-105.00', '-273.00', '168.00']);
    expect(l86.Explicaciones[0]).toContain('compensaron 168,00 €');
  });

  it('a 303 presented and then a sale of its quarter registered: the difference and the quarter named', async () => {
    const g = await demo.request('POST', `${B}/guardar/303/2024/4T`, {});
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    const p = await demo.request('POST', `${B}/presentar/${g.body.Id}`, {
      FechaPresentacion: '2025-01-20',
      Justificante: '3030000000001',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    await venta(ids.cliente!, '2024-12-15', '100');
    const r = await demo.request('GET', `${B}/comprobaciones/2024`);
    const c390 = modelo(r.body, '390');
    expect(c390.Cuadra).toBe(false);
    const l47 = c390.Lineas.find((l) => l.Casilla === '47')!;
    expect([l47.Anual, l47.SumaPeriodos, l47.Diferencia]).toEqual(['231.00', '210.00', '21.00']);
    expect(l47.Explicaciones[0]).toContain(
      'El 4T se presentó el 20/01/2025 con 210,00 € y los libros de hoy dan 231,00 €',
    );
    // The 390 itself still reads the books; its 303 results section reads the 4T as presented (168 € to pay).
    const c = await casillas('390', '0A');
    expect(c['47']).toBe('231.00');
    expect(c['95']).toBe('168.00');
  });
});
