import {
  fechaHoraHuso,
  fechaHoraHusoGenRegistro,
  generarRegistroAlta,
  instanteDe,
  type RegistroAlta,
  type RegistroFacturacion,
  verificarCadena,
} from '@faro/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../../test/testApp.ts';
import { companyScope, type Scope } from '../../../platform/tenancy/scope.ts';
import { col, documentosVenta, seriesTable, verifactuConfig } from '../../../platform/tenancy/tables.ts';
import { cargarConfiguracion, cargarEmpresa } from './configuracion.ts';
import { datosAlta, fechaHoraHusoSql, prepararAlta, registrarAlta, ZONA_IANA } from './registros.ts';

/**
 * the registro de alta written by the numbering statement itself (`ESCRITURA_ALTA`), on both engines. The
 * stored record must be the one the domain generates from the same invoice, previous record and instant; the
 * generation instant never goes back; the SQL clock format is the domain's across daylight-saving changes.
 */
let t: TestApp;
let demo: Session;
let empresaId: number;
let clienteId: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.as('demo', 'DEMO');
  const [e] = await t.database.query<{ id: number }>("select id from empresas where codigo = 'DEMO'");
  empresaId = Number(e!.id);
  await t.database.query(`update empresas set tipo_factura_electronica = 'verifactu' where id = $1`, [empresaId]);
  const clientes = await demo.request('GET', '/api/ventas/clientes/list?TotalPagina=50');
  clienteId = clientes.body.Items.find((c: { NIF: string | null }) => c.NIF).Id;
});
afterAll(() => t.close());

const scope = () => companyScope(t.database.db, { empresaId, personaId: null, userName: 'prueba' });

async function emitida(): Promise<{ Id: number; NumSerie: string; UrlQr: string }> {
  const d = await demo.request('POST', '/api/ventas/fventa/save', {
    Cliente: clienteId,
    Fecha: '2026-11-02',
    Lineas: [{ Descripcion: 'Martillo', Cantidad: '2', Precio: '10.50', TipoIva: 'IVA21' }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const res = await demo.request('POST', `/api/ventas/fventa/emitir/${d.body.Id}`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

interface Fila {
  secuencia: number;
  registro: RegistroFacturacion;
  url_qr: string | null;
}

/** The company's last two records (the newest first). */
async function ultimos(): Promise<[Fila, Fila]> {
  const filas = await t.database.query<Fila>(
    `select secuencia, registro, url_qr from verifactu_registros where empresa_id = $1 order by id desc limit 2`,
    [empresaId],
  );
  return [filas[0]!, filas[1]!];
}

async function cabecera(s: Scope, id: number) {
  const [h] = await s.select(documentosVenta, sql`${documentosVenta.id} = ${id}`);
  return h!;
}

describe('the registro de alta written by the numbering statement', () => {
  it('issuing prepares it before the number (the statement writes it, not a later one)', async () => {
    await emitida();
    const d = await demo.request('POST', '/api/ventas/fventa/save', {
      Cliente: clienteId,
      Fecha: '2026-11-02',
      Lineas: [{ Descripcion: 'Llave', Cantidad: '1', Precio: '5', TipoIva: 'IVA21' }],
    });
    await scope().tx(async (s) => {
      const h = await cabecera(s, d.body.Id);
      expect((await prepararAlta(s, h, {}, undefined, { prefijo: 'F2026-' }))?.escritura).toBeDefined();
      // A prefix the record would trim, or no series given: the record is built in Node after the number.
      expect((await prepararAlta(s, h, {}, undefined, { prefijo: ' F' }))?.escritura).toBeUndefined();
      expect((await prepararAlta(s, h))?.escritura).toBeUndefined();
    });
  });

  it('stores exactly the record the domain generates from the invoice, the previous record and the instant', async () => {
    const f = await emitida();
    const [nuevo, previo] = await ultimos();
    expect(nuevo.secuencia).toBe(previo.secuencia + 1);
    const r = nuevo.registro as RegistroAlta;
    const esperado = await scope().tx(async (s) => {
      const e = await cargarEmpresa(s);
      const cfg = await cargarConfiguracion(s, e);
      return generarRegistroAlta(await datosAlta(s, e, await cabecera(s, f.Id)), {
        SistemaInformatico: cfg.sistema,
        anterior: previo.registro,
        instante: instanteDe(r.FechaHoraHusoGenRegistro)!,
        zona: cfg.zona,
      });
    });
    expect(r).toEqual(esperado);
    expect(r.IDFactura.NumSerieFactura).toBe(f.NumSerie);
    expect(nuevo.url_qr).toBe(f.UrlQr);
    expect(new URL(f.UrlQr).searchParams.get('numserie')).toBe(f.NumSerie);
    expect(verificarCadena([r], previo.registro).incidencias).toEqual([]);
  });

  it('takes the previous record instant when it is later than the clock (never back in time)', async () => {
    const f = await emitida();
    const futuro = new Date(Date.now() + 3 * 3600_000);
    // A subsanación generated "in the future" heads the chain (a clock that went back afterwards).
    await scope().tx(async (s) => registrarAlta(s, await cabecera(s, f.Id), { Subsanacion: true, instante: futuro }));
    const g = await emitida();
    const [nuevo, previo] = await ultimos();
    expect(previo.registro.FechaHoraHusoGenRegistro).toBe(fechaHoraHuso(futuro));
    expect(nuevo.registro.FechaHoraHusoGenRegistro).toBe(
      fechaHoraHusoGenRegistro(new Date(), 'peninsula', previo.registro.FechaHoraHusoGenRegistro),
    );
    expect((nuevo.registro as RegistroAlta).IDFactura.NumSerieFactura).toBe(g.NumSerie);
    expect(verificarCadena([nuevo.registro], previo.registro).valida).toBe(true);
  });

  it("an installation's first record and a prefix the record trims take the other path, chained all the same", async () => {
    // A new installation has no chain head yet: the statement writes nothing and the step locks a new head.
    await scope().tx(async (s) => {
      await s
        .insert(verifactuConfig, { numeroInstalacion: 'PRUEBA-2' })
        .onConflictDoUpdate({ target: verifactuConfig.empresaId, set: { numeroInstalacion: 'PRUEBA-2' } });
    });
    const primera = await emitida();
    const segunda = await emitida();
    const [dos, uno] = await ultimos();
    expect([uno.secuencia, dos.secuencia]).toEqual([1, 2]);
    expect(uno.registro.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    expect((uno.registro as RegistroAlta).IDFactura.NumSerieFactura).toBe(primera.NumSerie);
    expect((dos.registro as RegistroAlta).IDFactura.NumSerieFactura).toBe(segunda.NumSerie);
    expect(verificarCadena([uno.registro, dos.registro]).incidencias).toEqual([]);
    // A series prefix with a leading space: the record carries the printed number trimmed (built in Node).
    const [fila] = await t.database.query<{ id_serie: number }>(
      'select id_serie from documentos_venta where empresa_id = $1 and id = $2',
      [empresaId, segunda.Id],
    );
    const idSerie = Number(fila!.id_serie);
    const prefijo = col(seriesTable, 'Prefijo');
    const [antes] = await scope().tx((s) => s.pick({ p: prefijo }, seriesTable, eq(col(seriesTable, 'Id'), idSerie)));
    await scope().tx((s) =>
      s.update(seriesTable, { Prefijo: ` ${antes!.p ?? ''}` }, eq(col(seriesTable, 'Id'), idSerie)),
    );
    try {
      const tercera = await emitida();
      expect(tercera.NumSerie.startsWith(' ')).toBe(true);
      const [tres, anterior] = await ultimos();
      expect((tres.registro as RegistroAlta).IDFactura.NumSerieFactura).toBe(tercera.NumSerie.trim());
      expect(new URL(tercera.UrlQr).searchParams.get('numserie')).toBe(tercera.NumSerie.trim());
      expect(verificarCadena([tres.registro], anterior.registro).incidencias).toEqual([]);
    } finally {
      await scope().tx((s) => s.update(seriesTable, { Prefijo: antes!.p }, eq(col(seriesTable, 'Id'), idSerie)));
      await scope().tx((s) => s.update(verifactuConfig, { numeroInstalacion: null }, sql`true`));
    }
  });

  it('writes an instant as the domain does, in both zones, across the daylight-saving changes', async () => {
    const instantes = [
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
      '2026-12-31T23:30:00Z',
      '2027-07-01T12:00:00.900Z',
      '2024-02-29T23:59:59Z',
    ].map((x) => new Date(x));
    for (const zona of ['peninsula', 'canarias'] as const) {
      for (const i of instantes) {
        const res = await t.database.db.execute(
          sql`select ${fechaHoraHusoSql(sql`${i.toISOString()}::timestamptz`, sql`${ZONA_IANA[zona]}::text`)} as f`,
        );
        const f = (res as unknown as { rows: { f: string }[] }).rows[0]?.f;
        expect(f, `${zona} ${i.toISOString()}`).toBe(fechaHoraHuso(i, zona));
      }
    }
  });
});
