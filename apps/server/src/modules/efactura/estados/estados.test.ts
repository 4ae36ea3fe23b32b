import { dniLetter, escribirNorma43 } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { idEmpresa } from '../../../../test/datosDemo.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import { crearClienteSpfe } from '../spfe/clienteSpfe.ts';
import { iniciarSimuladorSpfe, type SimuladorSpfe } from '../spfe/simuladorSpfe.ts';
import { avisarPlazos, enviarPendientes } from './avisos.ts';
import { importarRecibida, type UblRecibida } from './estados.testkit.ts';
import { RUTA_ESTADOS } from './rutas.ts';

/**
 * A received e-invoice's statuses: accepted or rejected once, «pagada» queued by itself when it becomes fully paid,
 * each one carried to the (simulated) SPFE by the fiscal queue, and the four-day clock in the notifications.
 */
const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
let simulador: SimuladorSpfe;
let empresaId = 0;
let nifDemo = '';
let cuenta = 0;
let serie = 0;

const nif = (n: number) => `${n}${dniLetter(n)}`;
const factura = (numero: string, n = 12345678): UblRecibida => ({ numero, nif: nif(n), fecha: '2026-11-02' });
const vista = async (id: number) => (await demo.request('GET', `${RUTA_ESTADOS}/${id}`)).body;
const estados = async (id: number) =>
  t.database.query<{ tipo: string; estado: string; fecha: string; importe: string | null; descripcion_error: string }>(
    'select tipo, estado, fecha::text, importe::text, descripcion_error from efactura_estados where empresa_id = $1 and id_documento = $2 order by id',
    [empresaId, id],
  );

/** The issuer submits the invoice to the SPFE first: statuses are reported on invoices it knows. */
async function enLaSpfe(f: UblRecibida) {
  const r = await crearClienteSpfe({ url: simulador.url }).presentarFacturas([
    {
      referencia: f.numero,
      nifEmisor: f.nif,
      nifReceptor: nifDemo,
      numero: f.numero,
      fechaExpedicion: f.fecha,
      ubl: '<Invoice/>',
    },
  ]);
  expect(r.tipo).toBe('ok');
}

async function registrar(id: number) {
  const r = await demo.request('POST', `/api/compras/fcompra/registrar/${id}`, { Serie: serie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const pagar = (IdFactura: number, Importe: string, Fecha = '2026-11-20') =>
  demo.request('POST', '/api/tesoreria/movstesoreriap/save', { IdFactura, Fecha, Importe, IdTesoreria: cuenta });

beforeAll(async () => {
  simulador = await iniciarSimuladorSpfe({ validar: async () => [] });
  empresaId = await idEmpresa(t);
  const [e] = await t.database.query<{ nif: string }>('select nif from empresas where id = $1', [empresaId]);
  nifDemo = e!.nif.toUpperCase();
  await t.database.query(
    `insert into efactura_config (empresa_id, url_spfe) values ($1, $2)
       on conflict (empresa_id) do update set url_spfe = excluded.url_spfe`,
    [empresaId, simulador.url],
  );
  cuenta = (await demo.request('GET', '/api/tesoreria/tesoreria/list?TotalPagina=200')).body.Items[0].Id;
  const series = (await demo.request('GET', '/api/configuracion/series/list?TotalPagina=200')).body.Items;
  serie = series.find((s: { TipoDocumento: string }) => s.TipoDocumento === 'facturacompra').Id;
});
afterAll(() => simulador?.cerrar());

describe('a received e-invoice accepted, rejected, paid', () => {
  it('starts its four-day clock on import; a purchase invoice typed by hand has none', async () => {
    const id = await importarRecibida(demo, factura('EST-1'));
    const v = await vista(id);
    expect(v).toMatchObject({ Formato: 'UBL', Origen: 'fichero', Decision: null, Estados: [] });
    expect(v.Plazos.Decision).toMatchObject({ DiasRestantes: 4, Informe: 'falta', Hecho: false });
    expect(v.TextoPlazo).toBe('Quedan 4 días para aceptarla o rechazarla');
    const [otra] = await t.database.query<{ id: number }>(
      `select id::int as id from documentos_compra d where empresa_id = $1 and tipo = 'factura'
         and not exists (select 1 from efactura_recibidas r where r.empresa_id = d.empresa_id and r.id_documento = d.id) limit 1`,
      [empresaId],
    );
    expect(await vista(otra!.id)).toEqual({ Recibida: null });
    expect((await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${otra!.id}`, {})).status).toBe(400);
    expect((await demo.request('GET', `${RUTA_ESTADOS}/999999999`)).status).toBe(404);
  });

  it('rejects only with a known reason, and with words for «other»', async () => {
    const id = await importarRecibida(demo, factura('EST-2'));
    const sin = await demo.request('POST', `${RUTA_ESTADOS}/rechazar/${id}`, { Motivo: 'toString' });
    expect(sin.status).toBe(400);
    expect(sin.body.Errores).toEqual([{ Campo: 'Motivo', Mensaje: 'Elige el motivo del rechazo' }]);
    const otro = await demo.request('POST', `${RUTA_ESTADOS}/rechazar/${id}`, { Motivo: 'OTH', Detalle: '  ' });
    expect(otro.body.Errores).toEqual([{ Campo: 'Detalle', Mensaje: 'Explica el motivo del rechazo' }]);
    expect(await estados(id)).toEqual([]);
    const rechazo = { Motivo: 'PRI', Detalle: 'Tarifa de 2025' };
    const ok = await demo.request('POST', `${RUTA_ESTADOS}/rechazar/${id}`, rechazo);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ ...rechazo, Tipo: 'rechazada', Envio: 'generado', Autor: 'demo' });
    const otraVez = await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${id}`, {});
    expect(otraVez.status).toBe(409);
    expect(otraVez.body.Mensaje).toBe('La factura ya está rechazada: su aceptación o rechazo no se cambia');
    expect((await vista(id)).TextoPlazo).toBe('Quedan 4 días para enviar la decisión');
  });

  it('queues «pagada» by itself when paid by hand in full, with the last payment date, and takes it back unsent', async () => {
    const id = await importarRecibida(demo, factura('EST-3'));
    expect((await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${id}`, {})).status).toBe(201);
    await registrar(id);
    expect((await pagar(id, '21.00', '2026-11-10')).status).toBe(201);
    expect((await estados(id)).map((e) => e.tipo)).toEqual(['aceptada']);
    const resto = await pagar(id, '100.00', '2026-11-12');
    expect(resto.status).toBe(201);
    expect((await estados(id)).at(-1)).toMatchObject({
      tipo: 'pagada',
      fecha: '2026-11-12',
      importe: '121.00',
      estado: 'generado',
    });
    // The payment deleted before the status left: the «pagada» is taken back; paid again, a new one.
    expect((await demo.request('DELETE', `/api/tesoreria/movstesoreriap/delete/${resto.body.Id}`)).status).toBe(200);
    expect((await estados(id)).at(-1)).toMatchObject({ tipo: 'pagada', estado: 'anulado' });
    const otro = await pagar(id, '100.00', '2026-11-13');
    expect(otro.status).toBe(201);
    // Changed in place while the status waits: it takes the payment's new day.
    const cambio = await demo.request('PUT', `/api/tesoreria/movstesoreriap/save/${otro.body.Id}`, {
      IdFactura: id,
      Fecha: '2026-11-14',
      Importe: '100.00',
      IdTesoreria: cuenta,
    });
    expect(cambio.status).toBe(200);
    expect((await estados(id)).filter((e) => e.estado !== 'anulado').map((e) => [e.tipo, e.fecha])).toEqual([
      ['aceptada', (await estados(id))[0]!.fecha],
      ['pagada', '2026-11-14'],
    ]);
    const v = await vista(id);
    expect(v.Plazos.Pago).toMatchObject({ Limite: '2026-11-18', Informe: 'en_cola' });
  });
});

describe('«pagada» whichever path pays it', () => {
  const banco = async () =>
    (await demo.request('GET', '/api/tesoreria/movstesoreria/saldos')).body.Items.find(
      (c: { Codigo: string }) => c.Codigo === 'BANCO',
    ) as { Id: number; IBAN: string };

  it('a SEPA transfer batch sent: the batch day', async () => {
    const id = await importarRecibida(demo, factura('EST-9', 10203040));
    await registrar(id);
    const [p] = await t.database.query<{ id: number }>(
      `select id_proveedor::int as id from documentos_compra where empresa_id = $1 and id = $2`,
      [empresaId, id],
    );
    await t.database.query(
      `update proveedores set iban = 'ES9121000418450200051332' where empresa_id = $1 and id = $2`,
      [empresaId, p!.id],
    );
    const candidatos = (await demo.request('GET', '/api/tesoreria/remesas/pagos')).body.Items as {
      IdFactura: number;
      Plazo: number;
      Problema: string | null;
    }[];
    const suyos = candidatos.filter((c) => c.IdFactura === id);
    expect(suyos.map((c) => c.Problema)).toEqual([null]);
    const remesa = await demo.request('POST', '/api/tesoreria/remesas/transferencias', {
      IdTesoreria: (await banco()).Id,
      Fecha: '2026-11-25',
      Recibos: suyos.map((c) => ({ IdFactura: c.IdFactura, Plazo: c.Plazo })),
    });
    expect(remesa.status, JSON.stringify(remesa.body)).toBe(201);
    expect((await estados(id)).map((e) => e.tipo)).toEqual([]);
    expect((await demo.request('POST', `/api/tesoreria/remesas/enviar/${remesa.body.Id}`)).status).toBe(200);
    expect(await estados(id)).toMatchObject([{ tipo: 'pagada', fecha: '2026-11-25', importe: '121.00' }]);
  });

  it("a Norma 43 charge reconciled as the invoice's payment: the bank's day", async () => {
    const id = await importarRecibida(demo, factura('EST-10', 50607080));
    await registrar(id);
    const b = await banco();
    const iban = b.IBAN.replace(/\s+/g, '');
    const fichero = escribirNorma43({
      banco: iban.slice(4, 8),
      oficina: iban.slice(8, 12),
      cuenta: iban.slice(14),
      desde: '2026-12-01',
      hasta: '2026-12-28',
      saldoInicial: '5000.00',
      divisa: '978',
      titular: 'DEMO',
      apuntes: ['-121.00', '30.00'].map((importe) => ({
        fechaOperacion: '2026-12-03',
        fechaValor: '2026-12-03',
        conceptoComun: '04',
        conceptoPropio: '010',
        importe,
        documento: '',
        referencia1: 'EST-10',
        referencia2: '',
        concepto: 'TRANSFERENCIA A PROVEEDOR',
      })),
    });
    const imp = await demo.request('POST', '/api/tesoreria/extractos/importar', {
      IdTesoreria: b.Id,
      Contenido: fichero,
    });
    expect(imp.status, JSON.stringify(imp.body)).toBe(201);
    const apuntes = (await demo.request('GET', `/api/tesoreria/extractos/edit/${imp.body.Items[0].Id}`)).body
      .Apuntes as { Id: number; Importe: string; IdConciliado: number | null; ConciliadoCon: string | null }[];
    const cargo = apuntes.find((a) => a.Importe === '-121.00')!;
    const abono = apuntes.find((a) => a.Importe === '30.00')!;
    const noCargo = await demo.request('POST', `/api/tesoreria/extractos/pagar/${abono.Id}`, { IdFactura: id });
    expect(noCargo.status).toBe(400);
    expect(noCargo.body.Mensaje).toBe('Solo un cargo del extracto (un importe negativo) paga una factura recibida');
    const pago = await demo.request('POST', `/api/tesoreria/extractos/pagar/${cargo.Id}`, { IdFactura: id });
    expect(pago.status, JSON.stringify(pago.body)).toBe(201);
    expect(pago.body).toMatchObject({ IdFactura: id, Fecha: '2026-12-03', Importe: '121.00', IdTesoreria: b.Id });
    const despues = (await demo.request('GET', `/api/tesoreria/extractos/edit/${imp.body.Items[0].Id}`)).body.Apuntes;
    expect(despues.find((a: { Id: number }) => a.Id === cargo.Id)).toMatchObject({
      ConciliadoCon: 'pago',
      IdConciliado: pago.body.Id,
    });
    expect(await estados(id)).toMatchObject([{ tipo: 'pagada', fecha: '2026-12-03', importe: '121.00' }]);
    const otraVez = await demo.request('POST', `/api/tesoreria/extractos/pagar/${cargo.Id}`, { IdFactura: id });
    expect(otraVez.status).toBe(400);
  });
});

describe('sending the statuses to the SPFE', () => {
  it('sends each status once; the one the SPFE does not know is refused alone and blocks nobody', async () => {
    const conocida = factura('EST-4', 11223344);
    await enLaSpfe(conocida);
    const id = await importarRecibida(demo, conocida);
    const desconocida = await importarRecibida(demo, factura('EST-5', 55667788));
    await demo.request('POST', `${RUTA_ESTADOS}/rechazar/${desconocida}`, { Motivo: 'UNR' });
    await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${id}`, {});
    await registrar(id);
    expect((await pagar(id, '121.00', '2026-11-21')).status).toBe(201);
    const r = await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {});
    expect(r.status).toBe(200);
    expect(r.body.error).toBeNull();
    expect((await estados(desconocida))[0]).toMatchObject({
      estado: 'rechazado',
      descripcion_error: 'La factura no consta en la SPFE',
    });
    expect((await estados(id)).map((e) => e.estado)).toEqual(['enviado', 'enviado']);
    const alla = simulador.facturas().find((f) => f.numero === 'EST-4')!;
    expect(alla.estados.map((e) => [e.Estado, e.Fecha, e.Importe ?? null])).toEqual([
      ['aceptada', (await estados(id))[0]!.fecha, null],
      ['pagada', '2026-11-21', '121.00'],
    ]);
    expect((await vista(id)).Plazos.Nivel).toBe('al_dia');
    // Nothing pending: another round sends nothing again.
    expect((await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {})).body.enviados).toBe(0);
    expect(simulador.facturas().find((f) => f.numero === 'EST-4')!.estados).toHaveLength(2);
  });

  it("carries a rejection with the SPFE's nearest reason and the OpenPEPPOL code and words as its text", async () => {
    const f = factura('EST-11', 13579246);
    await enLaSpfe(f);
    const id = await importarRecibida(demo, f);
    await demo.request('POST', `${RUTA_ESTADOS}/rechazar/${id}`, { Motivo: 'PRI', Detalle: 'Tarifa de 2025' });
    await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {});
    expect(simulador.facturas().find((x) => x.numero === 'EST-11')!.estados).toMatchObject([
      {
        Estado: 'rechazada',
        CodigoMotivo: 'importe',
        Motivo: 'PRI · Los precios no son los acordados. Tarifa de 2025',
      },
    ]);
  });

  it('keeps the statuses queued while the SPFE is down and sends them on the next round', async () => {
    const f = factura('EST-6', 87654321);
    await enLaSpfe(f);
    const id = await importarRecibida(demo, f);
    await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${id}`, {});
    simulador.fallar(1);
    const caida = await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {});
    expect(caida.body.error).toBe('La SPFE no está disponible (HTTP 503)');
    expect(await estados(id)).toMatchObject([
      { estado: 'generado', descripcion_error: 'La SPFE no está disponible (HTTP 503)' },
    ]);
    // The timer's pass waits for the back-off; «Enviar ahora» does not.
    await enviarPendientes(companyDirectory(t.deps));
    expect((await estados(id))[0]!.estado).toBe('generado');
    expect((await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {})).body.enviados).toBeGreaterThanOrEqual(1);
    expect((await estados(id))[0]!.estado).toBe('enviado');
  });
});

describe("the advisers' work queue", () => {
  it("counts the client's received e-invoices with a status still to reach the SPFE", async () => {
    const firma = await t.as('asesoria', 'ASESORIA');
    const porInformar = async () => {
      const r = await firma.request('GET', '/api/asesorias/aseempresas/list');
      return r.body.Items.find((x: { Codigo: string }) => x.Codigo === 'DEMO').EfacturasPorInformar as number;
    };
    const antes = await porInformar();
    const f = factura('EST-8', 44332211);
    await enLaSpfe(f);
    const id = await importarRecibida(demo, f);
    expect(await porInformar()).toBe(antes + 1);
    await demo.request('POST', `${RUTA_ESTADOS}/aceptar/${id}`, {});
    expect(await porInformar()).toBe(antes + 1);
    await demo.request('POST', `${RUTA_ESTADOS}/enviar`, {});
    expect(await porInformar()).toBe(antes);
  });
});

describe('the four-day clock in the notifications', () => {
  it('reminds on the last days and alerts once overdue, once each', async () => {
    const id = await importarRecibida(demo, factura('EST-7'));
    const [r] = await t.database.query<{ dia: string }>(
      `select (recibida at time zone 'Europe/Madrid')::date::text as dia from efactura_recibidas where empresa_id = $1 and id_documento = $2`,
      [empresaId, id],
    );
    const dia = (n: number) => {
      const d = new Date(`${r!.dia}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const s = companyDirectory(t.deps).scope(empresaId);
    const avisos = async () =>
      t.database.query<{ prioridad: string; titulo: string; texto: string; enlace: string }>(
        `select prioridad, titulo, texto, enlace from crm_avisos where empresa_id = $1 and clave like $2 order by id`,
        [empresaId, `efactura-plazo-${id}-%`],
      );
    await avisarPlazos(s, dia(1));
    expect(await avisos()).toEqual([]);
    await avisarPlazos(s, dia(3));
    await avisarPlazos(s, dia(3));
    await avisarPlazos(s, dia(6));
    expect(await avisos()).toEqual([
      {
        prioridad: 'm',
        titulo: `Factura electrónica EST-7 de Suministros del estado: el plazo acaba`,
        texto: 'Queda 1 día para aceptarla o rechazarla',
        enlace: `/fcompra/editar/${id}`,
      },
      {
        prioridad: 'a',
        titulo: `Factura electrónica EST-7 de Suministros del estado: plazo vencido`,
        texto: 'Plazo para aceptarla o rechazarla vencido hace 2 días',
        enlace: `/fcompra/editar/${id}`,
      },
    ]);
  });
});
