import { sumarMeses } from '@faro/domain';
import type pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appDePruebas } from '../../../../test/appDePruebas.ts';
import { crear as crearRegistro, idEmpresa } from '../../../../test/datosDemo.ts';
import { startSmtpSink } from '../../../../test/smtpSink.ts';
import { createJobRunner, LOCK_CLASS, lockKey } from '../../../platform/jobs/runner.ts';
import { createMailer } from '../../../platform/mail/mailer.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import { generarPendientes, generarPlantilla, hoyEnEspana } from './generar.ts';
import { trabajoFacturasRecurrentes } from './recurrentesRoutes.ts';

/** Recurring sales invoices on both engines: templates, generation per period, idempotency, issue, e-mail, job. */
let empresaId: number;
let cliente: number;
let clienteSinEmail: number;
let serie: number;
const base = '/api/ventas/fventarec';

const t = appDePruebas();
const demo = t.sesion('demo', 'DEMO');
beforeAll(async () => {
  empresaId = await idEmpresa(t);
  cliente = await crearRegistro(demo, '/api/ventas/clientes/save', {
    Nombre: 'Cliente recurrente',
    NIF: '00000023T',
    Email: 'cliente@recurrente.test',
  });
  clienteSinEmail = await crearRegistro(demo, '/api/ventas/clientes/save', { Nombre: 'Sin correo', NIF: '00000014Z' });
  serie = await crearRegistro(demo, '/api/configuracion/series/save', {
    Codigo: 'REC',
    Descripcion: 'Serie de recurrentes',
    TipoDocumento: 'factura',
    Prefijo: 'R-',
  });
});

const plantilla = (over: Record<string, unknown> = {}) => ({
  Descripcion: 'Cuota de mantenimiento',
  Cliente: cliente,
  Periodicidad: 'Mensual',
  FechaInicio: '2026-08-01',
  Accion: 'borrador',
  Lineas: [
    { Descripcion: 'Mantenimiento', Cantidad: '1', Precio: '100', Descuento: '10', TipoIva: 'IVA21' },
    { Descripcion: 'Soporte', Cantidad: '2', Precio: '25', TipoIva: 'IVA10' },
  ],
  ...over,
});
const crear = async (over: Record<string, unknown> = {}) => {
  const res = await demo.request('POST', `${base}/save`, plantilla(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const generar = (id: number, hoy: string) =>
  generarPlantilla(companyDirectory(t.deps).scope(empresaId), t.deps.mailer, id, hoy);
const facturasDe = async (id: number) =>
  t.database.query<{ id: number; fecha: string; numero: number | null; num_serie: string; observaciones: string }>(
    `select d.id, d.fecha::text as fecha, d.numero, d.num_serie, d.observaciones from facturas_recurrentes_generadas g
       join documentos_venta d on d.empresa_id = g.empresa_id and d.id = g.id_factura
      where g.empresa_id = $1 and g.id_plantilla = $2 order by d.fecha`,
    [empresaId, id],
  );

describe('recurring invoice templates', () => {
  it('creates, reads, lists, updates and deletes a template with totals computed by the server', async () => {
    const p = await crear({ Total: '1' });
    // 100 × 0.9 = 90 (+21 % = 18.90) and 50 (+10 % = 5) → 163.90
    expect(p.BaseImponible).toBe('140.00');
    expect(p.Total).toBe('163.90');
    expect(p.ProximaFecha).toBe('2026-08-01');
    expect(p.Lineas).toHaveLength(2);
    const edit = await demo.request('GET', `${base}/edit/${p.Id}`);
    expect(edit.body.Lineas[1].Descripcion).toBe('Soporte');
    const list = await demo.request('GET', `${base}/list?Filtros=${encodeURIComponent('{"Buscar":"recurrente"}')}`);
    expect(list.status).toBe(200);
    const row = list.body.Items.find((i: { Id: number }) => i.Id === p.Id);
    expect(row.ClienteNombre).toBe('Cliente recurrente');
    expect(row.Total).toBe('163.90');
    const upd = await demo.request('PUT', `${base}/save/${p.Id}`, {
      ...edit.body,
      Periodicidad: 'Trimestral',
      Lineas: [edit.body.Lineas[0]],
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.Periodicidad).toBe('Trimestral');
    expect(upd.body.Total).toBe('108.90');
    expect((await demo.request('DELETE', `${base}/delete/${p.Id}`)).status).toBe(200);
    expect((await demo.request('GET', `${base}/edit/${p.Id}`)).status).toBe(404);
  });

  it('validates in Spanish and writes nothing on bad input', async () => {
    const before = (await demo.request('GET', `${base}/list`)).body.Total;
    const bad = async (over: Record<string, unknown>) => {
      const res = await demo.request('POST', `${base}/save`, plantilla(over));
      expect(res.status).toBe(400);
      expect(res.body.Mensaje).toBe('Revisa los errores del formulario');
      return JSON.stringify(res.body.Errores);
    };
    expect(await bad({ Periodicidad: 'Semanal' })).toContain('Mensual, Bimestral, Trimestral, Semestral o Anual');
    expect(await bad({ Accion: 'imprimir' })).toContain('crear borrador, emitir o emitir y enviar');
    expect(await bad({ FechaFin: '2026-07-31' })).toContain('La fecha de fin no puede ser anterior');
    expect(await bad({ FechaInicio: '2026-02-30' })).toContain('El formato es incorrecto');
    expect(await bad({ Descripcion: ' ' })).toContain('Descripción es obligatorio');
    expect(await bad({ Cliente: 99999999 })).toContain('El cliente no existe');
    expect(await bad({ Lineas: [] })).toContain('al menos una línea');
    expect(await bad({ Lineas: [{ Descripcion: 'x', Cantidad: '1', Precio: '1', TipoIva: 'NOPE' }] })).toContain(
      'el tipo de IVA NOPE no existe',
    );
    expect(await bad({ IdFormaPago: 99999999 })).toContain('La forma de pago no existe');
    expect(await bad({ Serie: 99999999 })).toContain('La serie no existe');
    expect((await demo.request('GET', `${base}/list`)).body.Total).toBe(before);
    const malformed = await demo.request('POST', `${base}/save`, 'no es json', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
  });

  it('is gated by the company module and the VentasRecurr permission', async () => {
    const autoescuela = await t.as('autoescuela', 'AUTOESCUELA');
    expect((await autoescuela.request('GET', `${base}/list`)).status).toBe(403);
  });
});

describe('generating invoices from a template', () => {
  it('generates every due period as a draft with the period in its notes and advances the next date', async () => {
    const p = await crear({ Observaciones: 'Contrato 2026/14' });
    const r = await generar(p.Id, '2026-11-22');
    expect(r.Error).toBeNull();
    expect(r.Generadas.map((g) => g.Periodo)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01']);
    const facturas = await facturasDe(p.Id);
    expect(facturas.map((f) => f.fecha)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01']);
    expect(facturas.every((f) => f.numero === null)).toBe(true);
    expect(facturas[0]!.observaciones).toBe('Contrato 2026/14\nPeriodo: agosto 2026');
    expect(facturas[3]!.observaciones).toContain('Periodo: noviembre 2026');
    const edit = (await demo.request('GET', `${base}/edit/${p.Id}`)).body;
    expect(edit.ProximaFecha).toBe('2026-12-01');
    expect(edit.UltimoPeriodo).toBe('2026-11-01');
    const hist = await demo.request('GET', `${base}/historial/${p.Id}`);
    expect(hist.body.Items.map((h: { Periodo: string }) => h.Periodo)).toEqual([
      '2026-11-01',
      '2026-10-01',
      '2026-09-01',
      '2026-08-01',
    ]);
    expect(hist.body.Items[0].Estado).toBe('Provisional');
    expect(hist.body.Items[0].Total).toBe('163.90');
    // The generated draft is an ordinary invoice draft of fventa.
    const doc = await demo.request('GET', `/api/ventas/fventa/edit/${facturas[0]!.id}`);
    expect(doc.body.Total).toBe('163.90');
    expect(doc.body.Lineas).toHaveLength(2);
  });

  it('never generates a period twice: run again, and run concurrently', async () => {
    const p = await crear();
    expect((await generar(p.Id, '2026-09-10')).Generadas).toHaveLength(2);
    expect((await generar(p.Id, '2026-09-10')).Generadas).toHaveLength(0);
    // The seeded DEMO templates start this month or later (real clock): 2026-11-30 keeps issuing out of the run.
    const runs = await Promise.all([
      generar(p.Id, '2026-11-30'),
      generar(p.Id, '2026-11-30'),
      generar(p.Id, '2026-11-30'),
      generarPendientes(companyDirectory(t.deps), t.deps.mailer, '2026-11-30'),
    ]);
    const nuevos = runs
      .slice(0, 3)
      .flatMap((r) => (r as { Generadas: { Periodo: string }[] }).Generadas.map((g) => g.Periodo));
    expect(new Set(nuevos).size).toBe(nuevos.length);
    const fechas = ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'];
    expect((await facturasDe(p.Id)).map((f) => f.fecha)).toEqual(fechas);
    const noviembre = async () =>
      Number(
        (
          await t.database.query<{ n: number }>(
            `select count(*)::int as n from documentos_venta
              where empresa_id = $1 and id_cliente = $2 and observaciones = 'Periodo: noviembre 2026'`,
            [empresaId, cliente],
          )
        )[0]!.n,
      );
    expect(await noviembre()).toBe(1);
    // Even with the next date rewound by hand, the log's key refuses the period and the invoice is rolled back.
    await t.database.query('update plantillas_recurrentes set proxima_fecha = $1 where id = $2', ['2026-11-01', p.Id]);
    const again = await generar(p.Id, '2026-11-30');
    expect(again.Generadas).toHaveLength(0);
    expect(await facturasDe(p.Id)).toHaveLength(4);
    expect(await noviembre()).toBe(1);
  });

  it('issues each period in issue mode (numbers in order) and respects the end date', async () => {
    const p = await crear({ Accion: 'emitir', Serie: serie, FechaFin: '2026-10-15' });
    const r = await generar(p.Id, '2026-12-31');
    expect(r.Error).toBeNull();
    expect(r.Generadas.map((g) => g.NumSerie)).toEqual(['R-0001', 'R-0002', 'R-0003']);
    const facturas = await facturasDe(p.Id);
    expect(facturas.map((f) => [f.fecha, Number(f.numero)])).toEqual([
      ['2026-08-01', 1],
      ['2026-09-01', 2],
      ['2026-10-01', 3],
    ]);
    expect((await generar(p.Id, '2027-03-01')).Generadas).toHaveLength(0);
    const hist = await demo.request('GET', `${base}/historial/${p.Id}`);
    expect(hist.body.Items[0].Estado).toBe('Emitida');
    expect(hist.body.Items[0].NumSerie).toBe('R-0003');
  });

  it('an issued period takes its products out of stock, as the emitir route does', async () => {
    const almacen = (await demo.request('GET', '/api/catalogo/almacenes/list?Orden=Codigo')).body.Items[0];
    const prod = await demo.request('POST', '/api/catalogo/productos/save', {
      Descripcion: 'Filtro de recambio',
      PrecioVenta: '8',
      ControlStock: true,
    });
    expect(prod.status, JSON.stringify(prod.body)).toBe(201);
    const ajuste = await demo.request('POST', '/api/catalogo/almacenes/ajuste', {
      IdAlmacen: almacen.Id,
      IdProducto: prod.body.Id,
      Cantidad: '10',
      Motivo: 'Inventario inicial',
    });
    expect(ajuste.status, JSON.stringify(ajuste.body)).toBe(201);
    const p = await crear({
      Accion: 'emitir',
      FechaInicio: '2026-09-01',
      Lineas: [{ IdProducto: prod.body.Id, Descripcion: 'Filtro', Cantidad: '2', Precio: '8', TipoIva: 'IVA21' }],
    });
    // Issued invoices are never dated after today (VeriFactu): the periods here are past ones.
    const r = await generar(p.Id, '2026-10-02');
    expect(r.Error).toBeNull();
    expect(r.Generadas).toHaveLength(2);
    const movido = await t.database.query<{ movido: Record<string, string> }>(
      'select movido from stock_documentos_venta where empresa_id = $1 and id_documento = any($2::bigint[])',
      [empresaId, r.Generadas.map((g) => g.IdFactura)],
    );
    expect(movido).toHaveLength(2);
    expect(movido.every((m) => Number(m.movido[String(prod.body.Id)]) === 2)).toBe(true);
  });

  it('stops at the first failing period and keeps the reason on the template', async () => {
    const p = await crear({ Accion: 'emitir', Serie: serie, Cliente: clienteSinEmail, FechaInicio: '2026-12-01' });
    // The customer loses the NIF after saving: a full invoice cannot be issued without it.
    await t.database.query(`update clientes set nif = null where empresa_id = $1 and id = $2`, [
      empresaId,
      clienteSinEmail,
    ]);
    const r = await generar(p.Id, '2027-02-10');
    expect(r.Generadas).toHaveLength(0);
    expect(r.Error).toContain('La factura completa necesita el NIF del cliente');
    const edit = (await demo.request('GET', `${base}/edit/${p.Id}`)).body;
    expect(edit.ProximaFecha).toBe('2026-12-01');
    expect(edit.UltimoError).toContain('NIF');
    expect(await facturasDe(p.Id)).toHaveLength(0);
  });

  it('e-mails the issued invoice with its PDF through the outbox in e-mail mode', async () => {
    const p = await crear({ Accion: 'enviar', FechaInicio: '2026-10-05' });
    const r = await generar(p.Id, '2026-11-05');
    expect(r.Generadas).toHaveLength(2);
    const mails = await t.database.query<{ id: number; para: string; asunto: string; texto: string }>(
      "select id, para, asunto, texto from correos_salida where para = 'cliente@recurrente.test' order by id",
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]!.asunto).toContain(`Factura ${r.Generadas[0]!.NumSerie}`);
    const adjuntos = await t.database.query<{ nombre: string; tipo: string; contenido: Uint8Array }>(
      'select nombre, tipo, contenido from correos_salida_adjuntos where correo_id = $1',
      [mails[0]!.id],
    );
    expect(adjuntos).toHaveLength(1);
    expect(adjuntos[0]!.tipo).toBe('application/pdf');
    expect(adjuntos[0]!.nombre).toMatch(/^factura-.+\.pdf$/);
    expect(Buffer.from(adjuntos[0]!.contenido).subarray(0, 5).toString()).toBe('%PDF-');
    const hist = (await demo.request('GET', `${base}/historial/${p.Id}`)).body.Items;
    expect(hist.every((h: { EnviadaEn: string | null }) => h.EnviadaEn)).toBe(true);
  });

  it('delivers the same mail over SMTP with the PDF attached when SMTP is configured', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer(t.database.db, { smtpUrl: sink.url, from: 'Faro <f@faro.test>', log: () => {} });
      const p = await crear({ Accion: 'enviar', FechaInicio: '2026-11-06' });
      const r = await generarPlantilla(companyDirectory(t.deps).scope(empresaId), mailer, p.Id, '2026-11-07');
      expect(r.Generadas).toHaveLength(1);
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]!.to).toEqual(['cliente@recurrente.test']);
      const raw = sink.mails[0]!.raw;
      expect(raw).toMatch(/Content-Type: application\/pdf/i);
      expect(raw).toMatch(/filename="?factura-[\w.-]+\.pdf/);
      const [row] = await t.database.query<{ enviado: string | null }>(
        "select enviado from correos_salida where para = 'cliente@recurrente.test' order by id desc limit 1",
      );
      expect(row!.enviado).not.toBeNull();
    } finally {
      await sink.stop();
    }
  });

  it('generates now through the API (the template’s due periods up to today) and refuses a template in Baja', async () => {
    const hoy = hoyEnEspana();
    const p = await crear({ FechaInicio: sumarMeses(hoy, -2) });
    const res = await demo.request('POST', `${base}/generar/${p.Id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Generadas).toHaveLength(3);
    expect(res.body.Plantilla.ProximaFecha).toBe(sumarMeses(hoy, 1));
    const baja = await crear({ Baja: true });
    const refused = await demo.request('POST', `${base}/generar/${baja.Id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.Mensaje).toContain('de baja');
    // A template that generated invoices cannot be deleted (Baja stops it instead).
    const del = await demo.request('DELETE', `${base}/delete/${p.Id}`);
    expect(del.status).toBe(400);
    expect(del.body.Mensaje).toContain('dala de baja');
  });
});

describe('the background job', () => {
  it('runs the generator for companies with the module only, one runner at a time, and records the run', async () => {
    const p = await crear({ FechaInicio: sumarMeses(hoyEnEspana(), -1) });
    await t.database.query(
      `update empresas set modulos = modulos || '{"ActFactRecurrentes": false}'::jsonb where id = $1`,
      [empresaId],
    );
    const job = trabajoFacturasRecurrentes(t.deps);
    expect(await job.run()).toMatch(/facturas/);
    expect(await facturasDe(p.Id)).toHaveLength(0);
    await t.database.query(
      `update empresas set modulos = modulos || '{"ActFactRecurrentes": true}'::jsonb where id = $1`,
      [empresaId],
    );
    const a = createJobRunner({ database: t.database, jobs: [job] });
    const b = createJobRunner({ database: t.database, jobs: [job] });
    const [ra, rb] = await Promise.all([a.runDue(true), b.runDue(true)]);
    expect([...ra, ...rb]).toEqual(['facturas-recurrentes']);
    expect(await facturasDe(p.Id)).toHaveLength(2);
    const [row] = await t.database.query<{ ejecuciones: number; ultimo_error: string | null; due: boolean }>(
      "select ejecuciones, ultimo_error, proxima_ejecucion > now() as due from trabajos where nombre = 'facturas-recurrentes'",
    );
    expect(Number(row!.ejecuciones)).toBe(1);
    expect(row!.ultimo_error).toBeNull();
    expect(row!.due).toBe(true);
    // Not due again until its interval has passed.
    expect(await a.runDue()).toEqual([]);
  });

  it('skips the run while another process holds the advisory lock (PostgreSQL)', async () => {
    const url = inject('databaseUrl');
    if (t.engine !== 'postgres' || !url) {
      expect(t.engine).toBe('pglite'); // PGlite: one process per folder, the in-process lock above is the guard
      return;
    }
    // A connection of the same database (advisory locks are per database), outside the runner.
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      const job = trabajoFacturasRecurrentes(t.deps);
      await other.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, lockKey(job.nombre)]);
      const runner = createJobRunner({ database: t.database, jobs: [job] });
      expect(await runner.runDue(true)).toEqual([]);
      await other.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, lockKey(job.nombre)]);
      expect(await runner.runDue(true)).toEqual(['facturas-recurrentes']);
    } finally {
      other.release();
    }
  });
});
