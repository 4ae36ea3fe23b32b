import { TIPOS_IVA_DEFECTO } from '@faro/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crear } from '../../../test/datosDemo.ts';
import { linkToken, startSmtpSink } from '../../../test/smtpSink.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/testApp.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { datosInicialesEmpresa } from './datosIniciales.ts';

/** A company made by sign-up can invoice at once: the initial data of `datosInicialesEmpresa`, on both engines. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let s: Session;
let empresaId: number;
let confirmToken: string;

const alta = {
  NombreEmpresa: 'Suministros Nuevos SL',
  NIF: 'B64717838',
  Nombre: 'Lucía',
  Email: 'lucia@suministros.test',
  Usuario: 'lucianueva',
  Password: 'Suministros1',
};

const tablas = ['tiposiva', 'series', 'fpago', 'tesoreria', 'conceptosmovs', 'configura'];
const cuenta = async (id: number) =>
  Object.fromEntries(
    await Promise.all(
      tablas.map(async (tabla) => {
        const [r] = await t.database.query<{ n: number }>(
          `select count(*)::int as n from ${tabla} where empresa_id = $1`,
          [id],
        );
        return [tabla, Number(r!.n)] as const;
      }),
    ),
  );

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ smtpUrl: smtp.url });
  const res = await t.call('POST', '/api/usuarios/registro/nuevacuenta', alta);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  let mail: (typeof smtp.mails)[number] | undefined;
  for (let i = 0; i < 200 && !mail; i++) {
    mail = smtp.mails.find((m) => m.to.includes(alta.Email));
    if (!mail) await new Promise((r) => setTimeout(r, 20));
  }
  if (!mail) throw new Error('No llegó el correo de confirmación');
  confirmToken = linkToken(mail.raw);
  const confirm = await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: confirmToken });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const [row] = await t.database.query<{ id: number }>(
    `select e.id from empresas e join miembros m on m.empresa_id = e.id join personas p on p.id = m.persona_id
      where p.user_name = $1`,
    [alta.Usuario],
  );
  empresaId = Number(row!.id);
  // Its contract signed: until then only the 'Aviso Legal' routes answer (termsGate.test.ts).
  await t.database.query('update empresas set condiciones_aceptadas = true where id = $1', [empresaId]);
  s = await t.login(alta.Usuario, alta.Password);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('a company made by sign-up', () => {
  it('lists the VAT types of its regime, its series, payment methods, cash account and configuration', async () => {
    const iva = await s.request('GET', '/api/configuracion/tiposiva/list?TotalPagina=50');
    expect(iva.status, JSON.stringify(iva.body)).toBe(200);
    const tipos = iva.body.Items.map((r: { Valor: string; PorcentajeIva: string; PorcentajeRecargo: string }) => [
      r.Valor,
      r.PorcentajeIva,
      r.PorcentajeRecargo,
    ]);
    expect(tipos).toEqual(
      expect.arrayContaining([
        ['IVA21', '21.00', '5.20'],
        ['IVA10', '10.00', '1.40'],
        ['IVA4', '4.00', '0.50'],
        ['IVA0', '0.00', '0.00'],
      ]),
    );

    const series = (await s.request('GET', '/api/configuracion/series/list?TotalPagina=50')).body.Items as {
      Id: number;
      Codigo: string;
      TipoDocumento: string;
      Prefijo: string;
      Defecto: boolean;
      ReinicioAnual: boolean;
      IdSerieRectificativa: number | null;
    }[];
    const por = (tipo: string) => series.filter((x) => x.TipoDocumento === tipo && x.Defecto);
    for (const tipo of ['presupuesto', 'pedido', 'albaran', 'factura', 'rectificativa', 'simplificada'])
      expect(por(tipo), tipo).toHaveLength(1);
    expect(series.every((x) => x.ReinicioAnual)).toBe(true);
    const [f] = por('factura');
    const [r] = por('rectificativa');
    const [simpl] = por('simplificada');
    expect(f!.Codigo).toBe('F');
    expect(r!.Codigo).toBe('R');
    expect(simpl!.Prefijo).toBe('T');
    expect(f!.IdSerieRectificativa).toBe(r!.Id);

    const fpago = (await s.request('GET', '/api/configuracion/fpago/list?TotalPagina=50')).body.Items;
    expect(fpago.map((x: { Descripcion: string }) => x.Descripcion).sort()).toEqual(
      ['Contado', 'Recibo domiciliado 30 días', 'Tarjeta', 'Transferencia 30 días'].sort(),
    );
    const teso = await s.request('GET', '/api/tesoreria/tesoreria/list');
    expect(teso.status, JSON.stringify(teso.body)).toBe(200);
    expect(teso.body.Items).toEqual([expect.objectContaining({ Nombre: 'Caja', Tipo: 'caja', Arqueable: true })]);
    const contado = fpago.find((x: { Codigo: string }) => x.Codigo === 'CONTADO');
    expect(contado.IdCuentaTesoreria).toBe(teso.body.Items[0].Id);
    const conceptos = (await s.request('GET', '/api/tesoreria/conceptosmovs/list')).body.Items;
    expect(conceptos.map((c: { Codigo: string }) => c.Codigo)).toEqual(expect.arrayContaining(['COBFAC', 'PAGFAC']));

    const conf = (await s.request('GET', '/api/configuracion/configura/list')).body.Items;
    expect(conf).toHaveLength(1);
    const general = iva.body.Items.find((x: { Valor: string }) => x.Valor === 'IVA21');
    expect(conf[0].IdTipoIva).toBe(general.Id);
    expect(conf[0].IdCuentaTesoreria).toBe(teso.body.Items[0].Id);
  });

  it('creates a customer and an invoice whose issue takes number 1 of the default invoice series', async () => {
    const cliente = await crear(s, '/api/ventas/clientes/save', {
      Nombre: 'Primer Cliente SL',
      NIF: '00000014Z',
    });
    const borrador = await s.request('POST', '/api/ventas/fventa/save', {
      Cliente: cliente,
      Fecha: new Date().toISOString().slice(0, 10),
      Lineas: [{ Descripcion: 'Servicio', Cantidad: '1', Precio: '100', TipoIva: 'IVA21' }],
    });
    expect(borrador.status, JSON.stringify(borrador.body)).toBe(201);
    expect(borrador.body.Total).toBe('121.00');
    const emitida = await s.request('POST', `/api/ventas/fventa/emitir/${borrador.body.Id}`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    expect(emitida.body.Estado).toBe('Emitida');
    expect(emitida.body.Numero).toBe(1);
    expect(emitida.body.NumSerie).toMatch(/^F/);
  });

  it('creates nothing twice: the confirmation replayed, the function called again', async () => {
    const antes = await cuenta(empresaId);
    expect(antes).toMatchObject({
      tiposiva: TIPOS_IVA_DEFECTO.IVA.length,
      series: 11,
      fpago: 4,
      tesoreria: 1,
      configura: 1,
    });
    const replay = await t.call('POST', '/api/usuarios/registro/confirmaemail', { Token: confirmToken });
    expect(replay.status).toBe(400);
    await companyDirectory(t.deps)
      .scope(empresaId)
      .tx((tx) => datosInicialesEmpresa(tx, { tributacion: 'peninsula', tipoCuenta: 'general' }));
    expect(await cuenta(empresaId)).toEqual(antes);
  });
});

describe('datosInicialesEmpresa per tax regime', () => {
  it.each([
    ['canarias', 'IGIC'],
    ['melilla', 'IPSI'],
  ] as const)('%s gets the %s types of the domain table', async (tributacion, impuesto) => {
    const [e] = await t.database.query<{ id: number }>(
      `insert into empresas (codigo, nombre, tributacion) values ($1, $2, $3) returning id`,
      [`INI${tributacion.toUpperCase()}`, `Inicial ${tributacion}`, tributacion],
    );
    const id = Number(e!.id);
    await companyDirectory(t.deps)
      .scope(id)
      .tx((tx) => datosInicialesEmpresa(tx, { tributacion, tipoCuenta: 'academia' }));
    const tipos = await t.database.query<{ impuesto: string; genera_recargo: boolean }>(
      'select impuesto, genera_recargo from tiposiva where empresa_id = $1',
      [id],
    );
    expect(tipos).toHaveLength(TIPOS_IVA_DEFECTO[impuesto].length);
    expect(tipos.every((x) => x.impuesto === impuesto && !x.genera_recargo)).toBe(true);
    const [conf] = await t.database.query<{ id_tipo_iva: number }>(
      'select id_tipo_iva from configura where empresa_id = $1',
      [id],
    );
    const [general] = await t.database.query<{ porcentaje_iva: string }>(
      'select porcentaje_iva::text from tiposiva where empresa_id = $1 and id = $2',
      [id, conf!.id_tipo_iva],
    );
    expect(Number(general!.porcentaje_iva)).toBe(impuesto === 'IGIC' ? 7 : 4);
  });
});
