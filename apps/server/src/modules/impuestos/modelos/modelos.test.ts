import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';

/**
 * Tax models from the books: the last quarter of 2024 (fixed dates, before the demo data: the test templates' year up to January 2026) with
 * an issued invoice at 21 % and 10 % with IRPF, a received one at 21 %, a reverse-charge one with IRPF 111, and a
 * first quarter with a deductible purchase only (a negative 303 presented to compensate).
 */
let t: TestApp;
let demo: Session;
const ids: Record<string, number> = {};
const B = '/api/impuestos/modtributarios';

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const cli = await demo.request('POST', '/api/ventas/clientes/save', { Nombre: 'Asesoría Modelos', NIF: '00000023T' });
  expect(cli.status, JSON.stringify(cli.body)).toBe(201);
  const f = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cli.body.Id,
    Fecha: '2024-11-10',
    PorcRetencion: '15',
    Lineas: [
      { Descripcion: 'Consultoría', Cantidad: '1', Precio: '1000', TipoIva: 'IVA21' },
      { Descripcion: 'Libro', Cantidad: '1', Precio: '200', TipoIva: 'IVA10' },
    ],
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${f.body.Id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  ids.emitida = f.body.Id;
  const proveedor = (await demo.request('GET', '/api/compras/proveedores/list?TotalPagina=50')).body.Items.find(
    (p: { NIF: string | null }) => p.NIF,
  );
  const cero = (await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=100')).body.Items.find(
    (x: { PorcentajeIva: string }) => Number(x.PorcentajeIva) === 0,
  );
  const recibida = async (fecha: string, over: Record<string, unknown>) => {
    const d = await demo.request('POST', '/api/compras/fcompra/save', {
      Proveedor: proveedor.Id,
      Fecha: fecha,
      NumFacturaProveedor: `MOD-${fecha}-${Object.keys(over).length}`,
      ...over,
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const r = await demo.request('POST', `/api/compras/fcompra/registrar/${d.body.Id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return d.body.Id as number;
  };
  ids.primerT = await recibida('2024-08-10', {
    Lineas: [{ Descripcion: 'Papel', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
  });
  ids.interior = await recibida('2024-11-12', {
    Lineas: [{ Descripcion: 'Material', Cantidad: '1', Precio: '400', TipoIva: 'IVA21' }],
  });
  ids.isp = await recibida('2024-12-01', {
    Operacion: 'inversion',
    ClaveRetencion: '111',
    PorcRetencion: '15',
    Lineas: [{ Descripcion: 'Obra', Cantidad: '1', Precio: '1000', TipoIva: cero.Valor }],
  });
});
afterAll(() => t.close());

describe('modtributarios: boxes, traces, files', () => {
  it('presents a negative first quarter to compensate', async () => {
    const c = await demo.request('GET', `${B}/calcular/303/2024/3T`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.Casillas).toMatchObject({ '28': '100.00', '29': '21.00', '46': '-21.00', '71': '-21.00' });
    expect(c.body.TipoDeclaracion).toBe('C');
    const g = await demo.request('POST', `${B}/guardar/303/2024/3T`, {});
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    expect(g.body).toMatchObject({ Estado: 'borrador', Resultado: '-21.00' });
    const p = await demo.request('POST', `${B}/presentar/${g.body.Id}`, {
      FechaPresentacion: '2024-10-18',
      Justificante: '3030000000001',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ Estado: 'presentada', FechaPresentacion: '2024-10-18', TipoDeclaracion: 'C' });
    ids.primerPresentado = g.body.Id;
  });

  it('computes the 303 of the quarter by hand, compensating the first', async () => {
    const r = await demo.request('GET', `${B}/calcular/303/2024/4T`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Casillas).toMatchObject({
      '04': '200.00',
      '06': '20.00',
      '07': '1000.00',
      '09': '210.00',
      '12': '1000.00',
      '13': '210.00',
      '27': '440.00',
      '28': '1400.00',
      '29': '294.00',
      '45': '294.00',
      '46': '146.00',
      '110': '21.00',
      '78': '21.00',
      '87': '0.00',
      '71': '125.00',
    });
    expect(r.body.TipoDeclaracion).toBe('I');
    expect(r.body.Presentada).toBe(false);
  });

  it('traces a box to its invoices, and a total to its formula', async () => {
    const r = await demo.request('GET', `${B}/traza/303/2024/4T/09`);
    expect(r.status).toBe(200);
    expect(r.body.Lineas).toEqual([expect.objectContaining({ Libro: 'emitidas', Id: ids.emitida, Importe: '210.00' })]);
    const d = await demo.request('GET', `${B}/traza/303/2024/4T/29`);
    expect(d.body.Lineas.map((l: { Id: number }) => l.Id)).toEqual([ids.interior, ids.isp]);
    expect((await demo.request('GET', `${B}/traza/303/2024/4T/46`)).body.Formula).toBe('27 − 45');
    const bad = await demo.request('GET', `${B}/traza/303/2024/4T/999`);
    expect(bad.status).toBe(400);
    expect(bad.body.Mensaje).toBe('La casilla 999 no existe en el modelo 303');
  });

  it('computes 111 and the cumulative 130', async () => {
    const m111 = await demo.request('GET', `${B}/calcular/111/2024/4T`);
    expect(m111.body.Casillas).toMatchObject({
      '07': '1',
      '08': '1000.00',
      '09': '150.00',
      '28': '150.00',
      '30': '150.00',
    });
    const m130 = await demo.request('GET', `${B}/calcular/130/2024/4T`);
    expect(m130.body.Casillas).toMatchObject({
      '01': '1200.00',
      '02': '1500.00',
      '03': '-300.00',
      '04': '0.00',
      '06': '180.00',
      '07': '-180.00',
    });
    expect(m130.body.TipoDeclaracion).toBe('B');
  });

  it('refuses a bad model or period in Spanish', async () => {
    const m = await demo.request('GET', `${B}/calcular/391/2024/4T`);
    expect(m.status).toBe(400);
    expect(m.body.Mensaje).toMatch(/^El modelo debe ser uno de/);
    const p = await demo.request('GET', `${B}/calcular/130/2025/05`);
    expect(p.status).toBe(400);
    expect(p.body.Mensaje).toBe('El modelo 130 se presenta con periodo trimestral (1T…4T)');
    expect((await demo.request('GET', `${B}/calcular/303/2025/13`)).status).toBe(400);
  });

  it('gives the AEAT file in ISO-8859-1 and a PDF', async () => {
    const f = await t.app.inject({
      method: 'GET',
      url: `${B}/fichero/303/2024/4T`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toContain('ISO-8859-1');
    const txt = f.rawPayload.toString('latin1');
    expect(txt.length).toBe(17 + 311 + 1581 + 1017 + 18);
    expect(txt.slice(0, 17)).toBe('<T303020244T0000>');
    const p1 = txt.slice(328);
    expect(p1.slice(307, 324)).toBe('00000000000021000');
    expect(p1.slice(939, 956)).toBe('00000000000014600');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${B}/pdf/303/2024/4T`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('locks a presented return: a change is a complementaria that subtracts it', async () => {
    // The presented period still shows its own result (only a complementaria subtracts the earlier one).
    const shown = await demo.request('GET', `${B}/calcular/303/2024/3T`);
    expect(shown.body).toMatchObject({ Presentada: true, Casillas: { '70': '0.00', '71': '-21.00' } });
    const again = await demo.request('POST', `${B}/guardar/303/2024/3T`, {});
    expect(again.status).toBe(409);
    expect(again.body.Mensaje).toMatch(/complementaria o sustitutiva/);
    const twice = await demo.request('POST', `${B}/presentar/${ids.primerPresentado}`, {
      FechaPresentacion: '2024-10-19',
      Justificante: 'X',
    });
    expect(twice.status).toBe(409);
    const bad = await demo.request('POST', `${B}/guardar/303/2024/4T`, { Tipo: 'otra' });
    expect(bad.status).toBe(400);
    const comp = await demo.request('POST', `${B}/guardar/303/2024/3T`, {
      Tipo: 'complementaria',
      Casillas: { '43': '-4' },
    });
    expect(comp.status, JSON.stringify(comp.body)).toBe(201);
    expect(comp.body.Casillas).toMatchObject({ '43': '-4.00', '45': '17.00', '70': '-21.00', '71': '4.00' });
    const sinFecha = await demo.request('POST', `${B}/presentar/${comp.body.Id}`, { Justificante: '1' });
    expect(sinFecha.status).toBe(400);
    expect(sinFecha.body.Errores[0].Campo).toBe('FechaPresentacion');
    const list = await demo.request('GET', `${B}/presentados/list?Modelo=303&Anyo=2024`);
    expect(list.body.Items.map((x: { Tipo: string; Estado: string }) => `${x.Tipo}/${x.Estado}`)).toEqual([
      'complementaria/borrador',
      'normal/presentada',
    ]);
  });
});

describe('modtributarios: 349 services, 347 cash, 303 options and annual summary', () => {
  const f = (o: Record<string, unknown>) => encodeURIComponent(JSON.stringify(o));
  const find = async (path: string, filtros: Record<string, unknown>) =>
    (await demo.request('GET', `${path}/list?Filtros=${f(filtros)}`)).body.Items[0].Id as number;

  it('349: an intra-EU purchase splits into I (service products) and A (goods)', async () => {
    const prov = await demo.request('POST', '/api/compras/proveedores/save', {
      Nombre: 'Lieferant GmbH',
      TipoNIF: 'nifiva',
      NIF: 'DE123456789',
      Pais: 'DE',
    });
    expect(prov.status, JSON.stringify(prov.body)).toBe(201);
    const cero = (await demo.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=100')).body.Items.find(
      (x: { PorcentajeIva: string }) => Number(x.PorcentajeIva) === 0,
    );
    const d = await demo.request('POST', '/api/compras/fcompra/save', {
      Proveedor: prov.body.Id,
      Fecha: '2024-12-15',
      NumFacturaProveedor: 'DE-349',
      Operacion: 'intracomunitaria',
      Lineas: [
        {
          IdProducto: await find('/api/catalogo/productos', { Codigo: 'SER-001' }),
          Descripcion: 'Wartung',
          Cantidad: '1',
          Precio: '300',
          TipoIva: cero.Valor,
        },
        {
          IdProducto: await find('/api/catalogo/productos', { Codigo: 'HER-001' }),
          Descripcion: 'Bohrer',
          Cantidad: '2',
          Precio: '100',
          TipoIva: cero.Valor,
        },
      ],
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const reg = await demo.request('POST', `/api/compras/fcompra/registrar/${d.body.Id}`);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const m = await demo.request('GET', `${B}/calcular/349/2024/4T`);
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect(m.body.Declarados.map((x: { NIF: string; Clave: string; Importe: string }) => x)).toEqual([
      expect.objectContaining({ NIF: 'DE123456789', Clave: 'A', Importe: '200.00' }),
      expect.objectContaining({ NIF: 'DE123456789', Clave: 'I', Importe: '300.00' }),
    ]);
    expect(m.body.Casillas).toMatchObject({ '01': '2', '02': '500.00' });
  });

  it('347: cash collected into a cash account over 6,000 € comes from the collections', async () => {
    const cli = await demo.request('POST', '/api/ventas/clientes/save', {
      Nombre: 'Pago en Efectivo SL',
      NIF: 'B12345674',
    });
    expect(cli.status, JSON.stringify(cli.body)).toBe(201);
    const fv = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cli.body.Id,
      Fecha: '2024-12-02',
      Lineas: [{ Descripcion: 'Mobiliario', Cantidad: '1', Precio: '7000', TipoIva: 'IVA21' }],
    });
    expect(fv.status, JSON.stringify(fv.body)).toBe(201);
    expect((await demo.request('POST', `/api/ventas/fventa/emitir/${fv.body.Id}`)).status).toBe(200);
    const caja = await demo.request('POST', '/api/tesoreria/tesoreria/save', {
      Codigo: 'CAJA347',
      Nombre: 'Caja del mostrador',
      Tipo: 'caja',
    });
    expect(caja.status, JSON.stringify(caja.body)).toBe(201);
    const banco = await demo.request('POST', '/api/tesoreria/tesoreria/save', {
      Codigo: 'BANCO347',
      Nombre: 'Banco 347',
      Tipo: 'banco',
      IBAN: 'ES9121000418450200051332',
    });
    expect(banco.status, JSON.stringify(banco.body)).toBe(201);
    const cobro = (Importe: string, IdTesoreria: number, Fecha: string) =>
      demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
        IdFactura: fv.body.Id,
        Fecha,
        Importe,
        IdTesoreria,
      });
    // 4,000 + 2,500 in cash (6,500 > 6,000), 1,970 by bank (not cash).
    for (const [imp, cuenta, fecha] of [
      ['4000.00', caja.body.Id, '2024-12-02'],
      ['2500.00', caja.body.Id, '2024-12-10'],
      ['1970.00', banco.body.Id, '2024-12-11'],
    ] as const) {
      const r = await cobro(imp, cuenta, fecha);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const m = await demo.request('GET', `${B}/calcular/347/2024/0A`);
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const x = m.body.Declarados.find((d: { NIF: string }) => d.NIF === 'B12345674');
    expect(x).toMatchObject({ Clave: 'B', Importe: '8470.00', Metalico: '6500.00' });
  });

  it('303 options: the pro-rata and the annual summary of 4T with page 04 in the file', async () => {
    const sin = await demo.request('GET', `${B}/calcular/303/2024/4T`);
    // The year's taxed sales (1,200 + 7,000): page 04 appears in the last quarter only.
    expect(sin.body.Casillas).toMatchObject({ '80': '8200.00', '93': '0.00', '88': '8200.00' });
    expect((await demo.request('GET', `${B}/calcular/303/2024/3T`)).body.Casillas['88']).toBeUndefined();
    const mal = await demo.request('POST', `${B}/guardar/303/2024/4T`, { Opciones: { Prorrata: 101 } });
    expect(mal.status).toBe(400);
    expect(mal.body.Errores).toEqual([
      { Campo: 'Prorrata', Mensaje: 'La prorrata debe ser un porcentaje entero de 1 a 100' },
    ]);
    const otro = await demo.request('POST', `${B}/guardar/130/2024/4T`, { Opciones: { Prorrata: 50 } });
    expect(otro.status).toBe(400);
    const g = await demo.request('POST', `${B}/guardar/303/2024/4T`, {
      Opciones: { Prorrata: 50, Exonerado390: true, ClaveActividad: 'a01', EpigrafeIAE: '6531' },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    // Deductible VAT × 50 %: interior 84 + 210 (reverse charge) → 147; the intra-EU purchase's 105 → 52.50.
    const r = await demo.request('GET', `${B}/calcular/303/2024/4T`);
    expect(r.body.Casillas).toMatchObject({
      '11': '105.00',
      '29': '147.00',
      '36': '250.00',
      '37': '52.50',
      '45': '199.50',
    });
    expect(r.body.Opciones).toEqual({ Prorrata: 50, Exonerado390: true, ClaveActividad: 'A01', EpigrafeIAE: '6531' });
    const fich = await t.app.inject({
      method: 'GET',
      url: `${B}/fichero/303/2024/4T`,
      headers: { authorization: `Bearer ${demo.token}` },
    });
    const txt = fich.rawPayload.toString('latin1');
    expect(txt.length).toBe(17 + 311 + 1581 + 1017 + 998 + 18);
    const p4 = txt.slice(328 + 1581 + 1017);
    expect(p4.slice(0, 19)).toBe('<T30304000> A016531');
    expect(p4.slice(80, 97)).toBe('00000000000820000');
  });
});
