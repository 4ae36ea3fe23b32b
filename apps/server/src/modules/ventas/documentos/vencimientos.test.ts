import { beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear, filtrosUrl } from '../../../../test/datosDemo.ts';
import { diaMas } from '../../../platform/fechas.ts';
import { textoDelPdf } from '../../../platform/http/respuesta.testkit.ts';
import { plazosDemo } from '../../documentos/vencimientos.testkit.ts';
import { hoyEspana } from '../../documentos/vencimientos.ts';

/** Due dates from the payment method, collections settling them in date order, and the overdue view. */
let cliente: number;
let cuenta: number;
const fp: Record<string, number> = {};
const hoy = hoyEspana();
const dia = (n: number) => diaMas(hoy, n);
const es = (iso: string) => iso.split('-').reverse().join('/');

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  cliente = await crear(demo, '/api/ventas/clientes/save', { Nombre: 'Cliente de plazos', NIF: '12345678Z' });
  const plazos = await plazosDemo(demo);
  Object.assign(fp, plazos.fp);
  cuenta = plazos.cuenta;
});

/** An issued invoice of 300.00 € (247.93 + 21 % VAT) with a payment method. */
async function emitida(fecha: string, idFormaPago: number | null) {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: cliente,
    Fecha: fecha,
    IdFormaPago: idFormaPago,
    Lineas: [{ Descripcion: 'Servicio anual', Cantidad: '1', Precio: '247.93', TipoIva: 'IVA21' }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body;
}

let vieja: Record<string, any>;
let reciente: Record<string, any>;

describe('due dates of issued invoices', () => {
  it('stores the instalments of the payment method when the invoice is issued', async () => {
    vieja = await emitida(dia(-100), fp.R306090!);
    expect(vieja.Total).toBe('300.00');
    expect(vieja.Vencimientos).toEqual([
      { Plazo: 1, Fecha: dia(-70), Importe: '100.00', Cobrado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
      { Plazo: 2, Fecha: dia(-40), Importe: '100.00', Cobrado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
      { Plazo: 3, Fecha: dia(-10), Importe: '100.00', Cobrado: '0.00', Pendiente: '100.00', Estado: 'Pendiente' },
    ]);
    reciente = await emitida(dia(-5), fp.TRANSF30!);
    expect(reciente.Vencimientos.map((v: { Fecha: string }) => v.Fecha)).toEqual([dia(25)]);
  });

  it('gives a draft no due dates and an invoice without payment method one due on its date', async () => {
    const d = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: dia(-5),
      IdFormaPago: null,
      Lineas: [{ Descripcion: 'Otro', Cantidad: '1', Precio: '10', TipoIva: 'IVA21' }],
    });
    expect(d.body.Vencimientos).toEqual([]);
    // Neither the customer nor the draft has one (the draft took the customer's when saved).
    await t.database.query('update clientes set id_forma_pago = null where id = $1', [cliente]);
    await t.database.query('update documentos_venta set id_forma_pago = null where id = $1', [d.body.Id]);
    const e = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`);
    expect(e.body.Vencimientos).toMatchObject([{ Plazo: 1, Fecha: dia(-5), Importe: '12.10' }]);
  });

  it('prints the Vencimientos block on the PDF', async () => {
    const text = await textoDelPdf(t, demo, `/api/ventas/fventa/pdf/${vieja.Id}`);
    expect(text).toContain('Vencimientos');
    for (const d of [dia(-70), dia(-40), dia(-10)]) expect(text).toContain(es(d));
    expect(text).toMatch(/100,00/);
  });

  it('settles the instalments in date order with every collection and undoes it when one is deleted', async () => {
    const cobro = await demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
      IdFactura: vieja.Id,
      Fecha: hoy,
      Importe: '150',
      IdTesoreria: cuenta,
    });
    expect(cobro.status, JSON.stringify(cobro.body)).toBe(201);
    const after = (await demo.request('GET', `/api/ventas/fventa/edit/${vieja.Id}`)).body;
    expect(after.EstadoCobro).toBe('Cobrado parcialmente');
    expect(after.Vencimientos.map((v: { Cobrado: string; Estado: string }) => [v.Cobrado, v.Estado])).toEqual([
      ['100.00', 'Cobrado'],
      ['50.00', 'Cobrado parcialmente'],
      ['0.00', 'Pendiente'],
    ]);
    const otro = await demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
      IdFactura: vieja.Id,
      Fecha: hoy,
      Importe: '10',
      IdTesoreria: cuenta,
    });
    expect((await demo.request('DELETE', `/api/tesoreria/movstesoreriac/delete/${otro.body.Id}`)).status).toBe(200);
    const back = (await demo.request('GET', `/api/ventas/fventa/edit/${vieja.Id}`)).body;
    expect(back.Vencimientos.map((v: { Pendiente: string }) => v.Pendiente)).toEqual(['0.00', '50.00', '100.00']);
  });
});

describe('collections list (movstesoreriac)', () => {
  it('shows the invoice number and customer and filters by dates and account', async () => {
    const all = await demo.request(
      'GET',
      `/api/tesoreria/movstesoreriac/list?Filtros=${filtrosUrl({ IdFactura: vieja.Id })}`,
    );
    expect(all.body.Items).toEqual([
      expect.objectContaining({ Importe: '150.00', NumSerie: vieja.NumSerie, ClienteNombre: 'Cliente de plazos' }),
    ]);
    const today = await demo.request(
      'GET',
      `/api/tesoreria/movstesoreriac/list?Filtros=${filtrosUrl({ FechaDesde: hoy, FechaHasta: hoy, IdTesoreria: cuenta })}`,
    );
    expect(today.body.Items.map((c: { IdFactura: number }) => c.IdFactura)).toContain(vieja.Id);
    const before = await demo.request(
      'GET',
      `/api/tesoreria/movstesoreriac/list?Filtros=${filtrosUrl({ FechaHasta: dia(-1), IdFactura: vieja.Id })}`,
    );
    expect(before.body.Total).toBe(0);
    const other = await demo.request(
      'GET',
      `/api/tesoreria/movstesoreriac/list?Filtros=${filtrosUrl({ IdTesoreria: 999999 })}`,
    );
    expect(other.body.Total).toBe(0);
  });
});

describe('overdue invoices (GET /api/ventas/fventa/vencidas)', () => {
  it('lists issued invoices with an unpaid instalment due before today, with days overdue and amounts', async () => {
    const res = await demo.request('GET', '/api/ventas/fventa/vencidas?TotalPagina=200');
    expect(res.status).toBe(200);
    expect(res.body.Fecha).toBe(hoy);
    const row = res.body.Items.find((r: { Id: number }) => r.Id === vieja.Id);
    // 150 of 300 collected: the first unpaid instalment is the second one (due 40 days ago, 50 € left), the third
    // (10 days ago) is overdue too.
    expect(row).toMatchObject({
      NumSerie: vieja.NumSerie,
      ClienteNombre: 'Cliente de plazos',
      Total: '300.00',
      Cobrado: '150.00',
      Pendiente: '150.00',
      ImporteVencido: '150.00',
      PrimerVencimiento: dia(-40),
      DiasVencida: 40,
    });
    expect(res.body.Items.some((r: { Id: number }) => r.Id === reciente.Id)).toBe(false);
    const dias = res.body.Items.map((r: { DiasVencida: number }) => r.DiasVencida);
    expect(dias).toEqual([...dias].sort((a, b) => b - a));
  });

  it('filters by customer and drops an invoice once it is fully collected', async () => {
    const mine = await demo.request('GET', `/api/ventas/fventa/vencidas?Filtros=${filtrosUrl({ Cliente: cliente })}`);
    expect(mine.body.Items.every((r: { Cliente: number }) => r.Cliente === cliente)).toBe(true);
    expect(mine.body.Total).toBe(2);
    await demo.request('POST', '/api/tesoreria/movstesoreriac/save', {
      IdFactura: vieja.Id,
      Fecha: hoy,
      Importe: '150.00',
      IdTesoreria: cuenta,
    });
    const after = await demo.request('GET', `/api/ventas/fventa/vencidas?Filtros=${filtrosUrl({ Cliente: cliente })}`);
    expect(after.body.Items.map((r: { Id: number }) => r.Id)).not.toContain(vieja.Id);
    expect(after.body.Total).toBe(1);
  });

  it('rejects malformed list parameters with a Spanish 400', async () => {
    const res = await demo.request('GET', '/api/ventas/fventa/vencidas?Filtros=nojson');
    expect(res.status).toBe(400);
    expect(res.body.Mensaje).toBe('Los filtros no tienen un formato válido');
  });
});
